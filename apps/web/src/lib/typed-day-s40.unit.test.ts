import { describe, expect, it } from 'vitest';
import { readTypedDay } from './typed-day.ts';

// Session 40: "31/02/2024" typed as the start date of Search 26AS Entries
// vanished back to the placeholder and the search ran with no start date.
// The reading says why a text is not a day, naming the field and the form.
const EXAMPLE = 'Type a date such as 07/05/2024 or 07 May 2024.';

describe('readTypedDay: a day, nothing, or why not', () => {
  it.each([
    ['07/05/2024', '2024-05-07'],
    ['07 May 2024', '2024-05-07'],
    ['2024-05-07', '2024-05-07'],
  ])('reads %j as %s', (text, iso) => {
    expect(readTypedDay('Transaction Start Date', text)).toEqual({ kind: 'day', iso });
  });

  it('reads blank as no date', () => {
    expect(readTypedDay('Transaction Start Date', '  ')).toEqual({ kind: 'none' });
  });

  it.each([
    ['31/02/2024', 'Transaction Start Date: 31/02/2024 is not a date: February 2024 has 29 days.'],
    ['29/02/2023', 'Transaction Start Date: 29/02/2023 is not a date: February 2023 has 28 days.'],
    ['31/04/2024', 'Transaction Start Date: 31/04/2024 is not a date: April has 30 days.'],
    [
      '05/13/2024',
      'Transaction Start Date: 05/13/2024 is not a date: there is no month 13 (the day comes first).',
    ],
    ['00/01/2024', 'Transaction Start Date: 00/01/2024 is not a date: there is no day 0.'],
    ['07 Foo 2024', 'Transaction Start Date: 07 Foo 2024 is not a date: Foo is not a month.'],
    ['yesterday', 'Transaction Start Date: yesterday is not a date.'],
    ['31/02/20', 'Transaction Start Date: 31/02/20 is not a date: February 2020 has 29 days.'],
  ])('explains %j', (text, why) => {
    expect(readTypedDay('Transaction Start Date', text)).toEqual({
      kind: 'invalid',
      message: `${why} ${EXAMPLE}`,
    });
  });

  it('keeps to the range the field allows', () => {
    expect(readTypedDay('Payment Date', '31/12/2015', { min: '2016-01-01', max: '2026-12-31' })).toEqual({
      kind: 'invalid',
      message: 'Payment Date: 31 Dec 2015 is before 01 Jan 2016, the earliest date this field takes.',
    });
    expect(readTypedDay('Payment Date', '01/01/2027', { min: '2016-01-01', max: '2026-12-31' })).toEqual({
      kind: 'invalid',
      message: 'Payment Date: 01 Jan 2027 is after 31 Dec 2026, the latest date this field takes.',
    });
    expect(readTypedDay('Payment Date', '01/01/2016', { min: '2016-01-01', max: '2026-12-31' })).toEqual({
      kind: 'day',
      iso: '2016-01-01',
    });
  });
});
