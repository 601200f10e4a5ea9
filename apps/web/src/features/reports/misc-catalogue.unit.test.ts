import { describe, expect, it } from 'vitest';
import { MISC_CHOICES, yearDataOf } from './misc-catalogue.ts';

const choice = (id: string) => MISC_CHOICES.find((c) => c.id === id) ?? null;

describe('the data a miscellaneous report reads, for its year picker', () => {
  it('is a 34A result for every TDS payable report', () => {
    const payable = MISC_CHOICES.filter((c) => c.kind === 'payable');
    expect(payable.length).toBeGreaterThan(0);
    for (const c of payable) expect(yearDataOf(c)).toBe('34a');
  });

  it('is the 26AS entries for the 26AS summaries and the sales book for the others', () => {
    expect(yearDataOf(choice('26as-section-customer-wise'))).toBe('26as');
    expect(yearDataOf(choice('section-wise-summary'))).toBe('26as');
    expect(yearDataOf(choice('income-comparison'))).toBe('sales');
    expect(yearDataOf(choice('customer-wise-summary'))).toBe('sales');
  });

  it('is the sales book when no report is open to the user', () => {
    expect(yearDataOf(null)).toBe('sales');
  });
});
