import { formatInr, type Paise } from '@taxrecon/shared';

// A filed 26Q against the books: per deductee PAN and section, what the
// return reports (base, TDS) against what the 34A result says was deducted
// and due in the quarter. Pure: rows in, one line per PAN and section out.

export const FORM26Q_STATUSES = [
  'Matched',
  'Short in return',
  'Excess in return',
  'Missing from return',
  'Missing from books',
] as const;
export type Form26qStatus = (typeof FORM26Q_STATUSES)[number];

// One deductee row of the return, its section already mapped to a canonical one.
export interface Form26qReturnRow {
  pan: string;
  name: string;
  section: string;
  base: Paise;
  tds: Paise;
}

// The books' figures for a PAN and section over the quarter.
export interface Form26qBookRow {
  pan: string;
  name: string;
  section: string;
  base: Paise;
  deducted: Paise;
  due: Paise;
}

export interface Form26qLine {
  pan: string;
  name: string;
  section: string;
  returnRows: number;
  returnBase: Paise;
  returnTds: Paise;
  bookBase: Paise;
  bookDeducted: Paise;
  bookDue: Paise;
  // return TDS minus books deducted
  difference: Paise;
  status: Form26qStatus;
  reason: string;
}

// Rounding in a return's rows (TDS is often rounded to the rupee) must not
// read as a difference: up to one rupee per PAN and section is a match.
export const TDS_TOLERANCE_PAISE = 100;

const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const normalisePan = (pan: string): string => pan.trim().toUpperCase();

const keyOf = (pan: string, section: string) => `${normalisePan(pan)}|${section.trim()}`;

interface Acc {
  pan: string;
  name: string;
  section: string;
  rows: number;
  base: number;
  tds: number;
}

const dueNote = (b: Form26qBookRow): string =>
  b.due > b.deducted
    ? ` The books show ${formatInr(b.due)} due, ${formatInr(b.due - b.deducted)} more than deducted (short deduction).`
    : '';

const judge = (
  r: Acc | undefined,
  b: Form26qBookRow | undefined,
): Pick<Form26qLine, 'status' | 'reason' | 'difference'> => {
  if (r === undefined && b !== undefined) {
    return {
      status: 'Missing from return',
      difference: -b.deducted as Paise,
      reason: `The books deducted ${formatInr(b.deducted)} on ${formatInr(b.base)} but the return has no row for this PAN and section.${dueNote(b)}`,
    };
  }
  if (r !== undefined && b === undefined) {
    const badPan = PAN_SHAPE.test(r.pan) ? '' : ` The PAN "${r.pan}" is not a valid PAN.`;
    return {
      status: 'Missing from books',
      difference: r.tds as Paise,
      reason: `The return reports ${formatInr(r.tds)} on ${formatInr(r.base)} but the books have no deduction for this PAN and section in the quarter.${badPan}`,
    };
  }
  if (r === undefined || b === undefined) throw new Error('a line needs the return or the books');
  const difference = (r.tds - b.deducted) as Paise;
  const baseNote =
    r.base !== b.base ? ` Base: return ${formatInr(r.base)}, books ${formatInr(b.base)}.` : ' Base agrees.';
  if (Math.abs(difference) <= TDS_TOLERANCE_PAISE) {
    return {
      status: 'Matched',
      difference,
      reason: `The return's TDS ${formatInr(r.tds)} agrees with the books' deduction ${formatInr(b.deducted)}.${baseNote}${dueNote(b)}`,
    };
  }
  if (difference < 0) {
    return {
      status: 'Short in return',
      difference,
      reason: `The return reports ${formatInr(r.tds)}, ${formatInr(-difference)} less than the ${formatInr(b.deducted)} the books deducted: revise the return to add it.${baseNote}${dueNote(b)}`,
    };
  }
  return {
    status: 'Excess in return',
    difference,
    reason: `The return reports ${formatInr(r.tds)}, ${formatInr(difference)} more than the ${formatInr(b.deducted)} the books deducted: check the books or the return's rows.${baseNote}${dueNote(b)}`,
  };
};

// Problems first, matches last, then PAN and section.
const STATUS_ORDER = new Map(
  (
    ['Short in return', 'Excess in return', 'Missing from return', 'Missing from books', 'Matched'] as const
  ).map((s, i) => [s, i]),
);

export const reconcile26q = (
  returnRows: readonly Form26qReturnRow[],
  books: readonly Form26qBookRow[],
): Form26qLine[] => {
  const fromReturn = new Map<string, Acc>();
  for (const row of returnRows) {
    const key = keyOf(row.pan, row.section);
    const acc = fromReturn.get(key) ?? {
      pan: normalisePan(row.pan),
      name: row.name.trim(),
      section: row.section.trim(),
      rows: 0,
      base: 0,
      tds: 0,
    };
    acc.rows += 1;
    acc.base += row.base;
    acc.tds += row.tds;
    if (acc.name === '') acc.name = row.name.trim();
    fromReturn.set(key, acc);
  }
  const fromBooks = new Map<string, Form26qBookRow>();
  for (const b of books) {
    const key = keyOf(b.pan, b.section);
    const had = fromBooks.get(key);
    fromBooks.set(
      key,
      had === undefined
        ? { ...b, pan: normalisePan(b.pan), section: b.section.trim() }
        : {
            ...had,
            base: (had.base + b.base) as Paise,
            deducted: (had.deducted + b.deducted) as Paise,
            due: (had.due + b.due) as Paise,
          },
    );
  }
  const keys = new Set([...fromReturn.keys(), ...fromBooks.keys()]);
  const lines: Form26qLine[] = [];
  for (const key of keys) {
    const r = fromReturn.get(key);
    const b = fromBooks.get(key);
    // A books group with nothing deducted and nothing due has nothing to file.
    if (r === undefined && b !== undefined && b.deducted === 0 && b.due === 0) continue;
    const verdict = judge(r, b);
    lines.push({
      pan: r?.pan ?? b?.pan ?? '',
      name: r?.name || b?.name || '',
      section: r?.section ?? b?.section ?? '',
      returnRows: r?.rows ?? 0,
      returnBase: (r?.base ?? 0) as Paise,
      returnTds: (r?.tds ?? 0) as Paise,
      bookBase: (b?.base ?? 0) as Paise,
      bookDeducted: (b?.deducted ?? 0) as Paise,
      bookDue: (b?.due ?? 0) as Paise,
      ...verdict,
    });
  }
  return lines.sort(
    (a, b) =>
      (STATUS_ORDER.get(a.status) ?? 0) - (STATUS_ORDER.get(b.status) ?? 0) ||
      a.pan.localeCompare(b.pan) ||
      a.section.localeCompare(b.section),
  );
};

export type Form26qCounts = Record<Form26qStatus, number>;
export const countByStatus = (lines: readonly Form26qLine[]): Form26qCounts => {
  const counts = Object.fromEntries(FORM26Q_STATUSES.map((s) => [s, 0])) as Form26qCounts;
  for (const l of lines) counts[l.status] += 1;
  return counts;
};
