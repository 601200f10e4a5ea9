import { MONTH_NAMES } from '@taxrecon/shared';
import { formatDate } from './format.ts';

// A day typed into a date field, read the way an Indian user writes it: day
// first. The date field's own reader hands anything but yyyy-mm-dd to
// `new Date`, which reads 07/05/2024 as 5 July.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EXAMPLE = 'Type a date such as 07/05/2024 or 07 May 2024.';

// 'yyyy-mm-dd', or why the numbers are not a day of the calendar
const dayOf = (year: number, month: number, day: number): { iso: string } | { why: string } => {
  if (month < 1 || month > 12) return { why: `there is no month ${month} (the day comes first)` };
  if (year < 1900 || year > 2999) return { why: `the year ${year} is not one this app keeps` };
  if (day < 1) return { why: `there is no day ${day}` };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // February's length depends on the year, so it is named; the others are not
  if (day > last)
    return { why: `${MONTH_NAMES[month - 1]}${month === 2 ? ` ${year}` : ''} has ${last} days` };
  return { iso: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
};

// The forms a day is typed in; null when the text is none of them.
const readParts = (t: string): { iso: string } | { why: string } | null => {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  // 07/05/2024, 07-05-2024, 07.05.2024, 7/5/24
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return dayOf(year, Number(m[2]), Number(m[1]));
  }
  // 07 May 2024, 7-may-2024, 07 May, 2024
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})[\s,-]+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    return month === 0 ? { why: `${m[2]} is not a month` } : dayOf(Number(m[3]), month, Number(m[1]));
  }
  return null;
};

// Gives 'yyyy-mm-dd', or null when the text is not a day of the calendar.
export const parseTypedDay = (text: string): string | null => {
  const read = readParts(text.trim());
  return read && 'iso' in read ? read.iso : null;
};

export type TypedDay = { kind: 'none' } | { kind: 'day'; iso: string } | { kind: 'invalid'; message: string };

// What a date field holds: nothing, a day, or a message naming the field and
// saying why the text is not a day. A field must never quietly drop text it
// cannot read (a search then ran with no start date and looked filtered).
export const readTypedDay = (
  label: string,
  text: string,
  range: { min?: string | undefined; max?: string | undefined } = {},
): TypedDay => {
  const t = text.trim();
  if (t === '') return { kind: 'none' };
  const read = readParts(t);
  if (read === null) return { kind: 'invalid', message: `${label}: ${t} is not a date. ${EXAMPLE}` };
  if ('why' in read)
    return { kind: 'invalid', message: `${label}: ${t} is not a date: ${read.why}. ${EXAMPLE}` };
  if (range.min && read.iso < range.min)
    return {
      kind: 'invalid',
      message: `${label}: ${formatDate(read.iso)} is before ${formatDate(range.min)}, the earliest date this field takes.`,
    };
  if (range.max && read.iso > range.max)
    return {
      kind: 'invalid',
      message: `${label}: ${formatDate(read.iso)} is after ${formatDate(range.max)}, the latest date this field takes.`,
    };
  return { kind: 'day', iso: read.iso };
};
