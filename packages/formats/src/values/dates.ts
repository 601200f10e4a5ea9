import { MONTH_NAMES as SHARED_MONTH_NAMES } from '@taxrecon/shared';

// Dates in the files users bring come in many spellings; in code they are
// ISO yyyy-mm-dd strings with no time zone.

export type DateResult = { ok: true; value: string } | { ok: false; expected: string };

export const DATE_EXPECTED =
  'a date such as 23-09-2025, 23/09/2025, 23/09/25, 23-Sep-2025, 2025-09-23 or an Excel date number';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
// full month names as typed, matched without case
const MONTH_NAMES = SHARED_MONTH_NAMES.map((m) => m.toLowerCase());

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

// Gregorian rules, without a Date per call (a register reads a date a row)
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);

// Builds the ISO string only for a real calendar date (no 31-Feb).
export const isoDate = (year: number, month: number, day: number): string | null => {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad2(month)}-${day < 10 ? `0${day}` : day}`;
};

// A spreadsheet library's Date is UTC midnight (or a moment in that day):
// its UTC day is the day the person saw in the cell.
export const utcDayIso = (d: Date): string =>
  Number.isNaN(d.getTime()) ? '' : (isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) ?? '');

const monthFromName = (name: string): number | null => {
  const lower = name.toLowerCase();
  const short = MONTHS[lower];
  if (short !== undefined) return short;
  const full = MONTH_NAMES.indexOf(lower);
  return full >= 0 ? full + 1 : null;
};

// Two-digit years are business dates of this century (dd/mm/yy from Tally and Excel).
const fullYear = (yearText: string): number => {
  const y = Number(yearText);
  return yearText.length === 2 ? (y < 70 ? 2000 + y : 1900 + y) : y;
};

// Excel counts days from 1899-12-31 as day 1 and wrongly keeps 29-Feb-1900
// (serial 60), so from serial 61 on the epoch is effectively 1899-12-30.
export const excelSerialToIso = (serial: number): string | null => {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466 || Math.floor(serial) === 60) return null;
  const whole = Math.floor(serial);
  const epoch = whole > 60 ? Date.UTC(1899, 11, 30) : Date.UTC(1899, 11, 31);
  const d = new Date(epoch + whole * 86_400_000);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};

const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;
const D_MON_Y = /^(\d{1,2})[-/ ]([A-Za-z]{3,9})[-/ ,]+(\d{4}|\d{2})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SERIAL = /^\d{1,7}(?:\.\d+)?$/;

const fail: DateResult = { ok: false, expected: DATE_EXPECTED };
const done = (value: string | null): DateResult => (value === null ? fail : { ok: true, value });

// Day first, as Indian files write them; never month first.
export const parseDate = (input: string | number | Date): DateResult => {
  if (input instanceof Date) {
    // Spreadsheet libraries hand dates over as UTC midnight.
    if (Number.isNaN(input.getTime())) return fail;
    return done(isoDate(input.getUTCFullYear(), input.getUTCMonth() + 1, input.getUTCDate()));
  }
  if (typeof input === 'number') return done(excelSerialToIso(input));
  const text = input.trim();
  let m = DMY.exec(text);
  if (m) return done(isoDate(fullYear(m[3]!), Number(m[2]), Number(m[1])));
  m = D_MON_Y.exec(text);
  if (m) {
    const month = monthFromName(m[2]!);
    return done(month === null ? null : isoDate(fullYear(m[3]!), month, Number(m[1])));
  }
  m = YMD.exec(text);
  if (m) return done(isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  if (SERIAL.test(text)) return done(excelSerialToIso(Number(text)));
  return fail;
};

const dateCache = new Map<string, string | null>();

// 26AS writes every date as dd-Mmm-yyyy; a year holds a few hundred distinct
// dates, so remembering them keeps parsing at hundreds of thousands of rows a second.
export const parseDateCached = (text: string): string | null => {
  const hit = dateCache.get(text);
  if (hit !== undefined) return hit;
  const r = parseDate(text);
  const value = r.ok ? r.value : null;
  if (dateCache.size > 50_000) dateCache.clear();
  dateCache.set(text, value);
  return value;
};
