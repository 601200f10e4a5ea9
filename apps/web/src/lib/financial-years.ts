// Every financial-year list and label the screens show, in one place. A year
// reads one way on every screen, 'FY 2024 - 2025' (CONVENTIONS; the spec's
// picker labels): pickers, headings, job lists and the 26Q screen alike.
// In code and calls a year is '2024-25' (CONVENTIONS); the payable calls take
// the short '24-25' (spec part 3 section 9).

export interface YearOption {
  value: string;
  label: string;
}

// Which list a picker offers (spec part 1 section 9, part 2 section 9, part 3 section 9).
export type YearListKind =
  // TDS receivable screens (submit, 26AS search, uploads, smart recon): the current year and 7 before
  | 'tds'
  // TCS screens: the next year, the current one and the 4 before
  | 'tcs'
  // report screens: the current year and the 4 before
  | 'reports'
  // delete-data screens: 8 years counted back from the current UTC calendar year
  | 'delete'
  // 34A, expense / payment / sales-register uploads, challans: the current year and the 4 before
  | 'payable'
  // Form 16A search and upload: the last 5 years
  | 'form16a'
  // 26Q reconcile: the last 5 years
  | 'form26q';

const two = (n: number): string => String(((n % 100) + 100) % 100).padStart(2, '0');

// 2024 -> '2024-25'
export const yearOfStart = (start: number): string => `${start}-${two(start + 1)}`;

// '2024-25', '24-25', '2024-2025' or 'FY 2024 - 2025' -> 2024; NaN when it is not a year.
export const startOfYear = (fy: string): number => {
  const m = /^(?:FY\s*)?(\d{2}|\d{4})\s*-\s*\d{2,4}$/.exec(fy.trim());
  if (!m?.[1]) return Number.NaN;
  return m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
};

const relabel = (fy: string, write: (start: number) => string): string => {
  const start = startOfYear(fy);
  return Number.isFinite(start) ? write(start) : fy;
};

// The one screen form of a year, wherever a person reads it: 'FY 2024 - 2025'.
export const yearLabel = (fy: string): string => relabel(fy, (s) => `FY ${s} - ${s + 1}`);

// The code and API form of any way of writing a year: '2024-25'. Not for display.
export const shortYearLabel = (fy: string): string => relabel(fy, yearOfStart);

// The payable calls: '24-25'.
export const apiShortYear = (fy: string): string => relabel(fy, (s) => `${two(s)}-${two(s + 1)}`);

// The financial year (April to March) that holds a day, by its start.
export const currentYearStart = (now: Date): number =>
  now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;

const LISTS: Record<YearListKind, { first: (now: Date) => number; length: number }> = {
  tds: { first: currentYearStart, length: 8 },
  tcs: { first: (now) => currentYearStart(now) + 1, length: 6 },
  reports: { first: currentYearStart, length: 5 },
  delete: { first: (now) => now.getUTCFullYear(), length: 8 },
  payable: { first: currentYearStart, length: 5 },
  form16a: { first: currentYearStart, length: 5 },
  form26q: { first: currentYearStart, length: 5 },
};

// The years a picker offers, latest first; values '2024-25'.
export const yearOptions = (kind: YearListKind, now: Date = new Date()): YearOption[] => {
  const { first, length } = LISTS[kind];
  return Array.from({ length }, (_, i) => {
    const value = yearOfStart(first(now) - i);
    return { value, label: yearLabel(value) };
  });
};

export const HAS_DATA = 'has data';

// The picker says which years hold data: 'FY 2024 - 2025 · has data'.
export const markYearsWithData = (options: YearOption[], withData: readonly string[]): YearOption[] => {
  const has = new Set(withData.map(shortYearLabel));
  return options.map((o) => (has.has(o.value) ? { ...o, label: `${o.label} · ${HAS_DATA}` } : o));
};

// Where a picker starts: the latest offered year that holds data, else none.
export const latestYearWithData = (options: YearOption[], withData: readonly string[]): string | null => {
  const has = new Set(withData.map(shortYearLabel));
  return options.find((o) => has.has(o.value))?.value ?? null;
};
