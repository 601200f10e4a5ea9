// Business dates are ISO yyyy-mm-dd strings; the matcher works on whole day
// numbers (days since 1970-01-01) so windows are integer comparisons.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const digitsAt = (s: string, start: number, length: number): number => {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
};

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

// Howard Hinnant's days_from_civil: exact for the proleptic Gregorian calendar.
const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

// NaN when the text is not a real calendar date in yyyy-mm-dd form.
export const dayNumber = (iso: string): number => {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return Number.NaN;
  const y = digitsAt(iso, 0, 4);
  const m = digitsAt(iso, 5, 2);
  const d = digitsAt(iso, 8, 2);
  if (y < 1 || m < 1 || m > 12 || d < 1) return Number.NaN;
  const monthDays = m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!;
  if (d > monthDays) return Number.NaN;
  return daysFromCivil(y, m, d);
};

export const isoOfDay = (dayNo: number): string => {
  const z = dayNo + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

// A running number of financial-year quarters (Q1 = April-June), so "same
// quarter" is an equality test that also tells 2024-25 Q4 from 2025-26 Q4.
export const quarterIndex = (iso: string): number => {
  const y = digitsAt(iso, 0, 4);
  const m = digitsAt(iso, 5, 2);
  return m >= 4 ? y * 4 + Math.floor((m - 4) / 3) : (y - 1) * 4 + 3;
};
