import { describe, expect, it } from 'vitest';
import { firstDateProblem, withDateProblem } from './date-problems.ts';

// Session 40: a dialog's Save is a click, so text in a date field that is not
// a day (its value then '') was saved as no date. The dialogs ask these first.
describe('date problems of a dialog', () => {
  const bad = 'Exempted from: 31 Fbe 2024 is not a day, such as 07 May 2024';

  it('holds a field while its text is not a day and forgets it once it is', () => {
    const held = withDateProblem({}, 'from', bad);
    expect(firstDateProblem(held)).toBe(bad);
    expect(firstDateProblem(withDateProblem(held, 'from', null))).toBeNull();
  });

  it('keeps the other fields when one is read', () => {
    const two = withDateProblem(withDateProblem({}, 'from', bad), 'to', 'to: x is not a day');
    expect(firstDateProblem(withDateProblem(two, 'from', null))).toBe('to: x is not a day');
  });

  it('answers the same object when nothing changes, so React does not render again', () => {
    const held = withDateProblem({}, 'from', bad);
    expect(withDateProblem(held, 'from', bad)).toBe(held);
    expect(withDateProblem(held, 'to', null)).toBe(held);
  });

  it('stops nothing for a field that is not in use (disabled, not saved)', () => {
    const held = withDateProblem({}, 'ltdcFromDate', bad);
    expect(firstDateProblem(held, (f) => f !== 'ltdcFromDate')).toBeNull();
    expect(firstDateProblem(held, () => true)).toBe(bad);
  });
});
