import { paise } from '@taxrecon/shared';
import { RATE_SCALE, rateUnits, taxNumerator } from './arithmetic.ts';
import { depositDueDate, monthsOrPart } from './dates.ts';

// Interest and fees around challans (DOMAIN 7, issue 12) and the allocation
// of deductee rows to challans for the quarterly return. Amounts are paise
// (integers); dates are ISO yyyy-mm-dd.

// percent of an amount of paise, to the paisa (half away from zero), in
// exact integers like every other tax figure (arithmetic.ts)
const percentOf = (amount: number, percent: number): number => {
  const numerator = taxNumerator(paise(amount), rateUnits(percent));
  const denominator = BigInt(100 * RATE_SCALE);
  const whole = numerator / denominator;
  return Number((numerator % denominator) * 2n >= denominator ? whole + 1n : whole);
};

// 201(1A)(i): 1% a month or part from the date tax was deductible (the
// ledger's document date) to the date it was deducted.
export const lateDeductionInterest = (tax: number, deductibleOn: string, deductedOn: string): number =>
  tax > 0 && deductedOn > deductibleOn ? percentOf(tax, monthsOrPart(deductibleOn, deductedOn)) : 0;

// 201(1A)(ii): 1.5% a month or part from the date of deduction to the date of
// deposit, when the deposit is after its due date (7th of the next month; 30
// April for March).
export const lateDepositInterest = (tax: number, deductedOn: string, depositedOn: string): number =>
  tax > 0 && depositedOn > depositDueDate(deductedOn)
    ? percentOf(tax, 1.5 * monthsOrPart(deductedOn, depositedOn))
    : 0;

// Due dates of the quarterly TDS return (Rule 31A): 31 July, 31 October,
// 31 January and 31 May after the year.
export const returnDueDate = (financialYear: string, quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4'): string => {
  const start = Number(financialYear.slice(0, 4));
  return { Q1: `${start}-07-31`, Q2: `${start}-10-31`, Q3: `${start + 1}-01-31`, Q4: `${start + 1}-05-31` }[
    quarter
  ];
};

const DAY_MS = 86_400_000;
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// Section 234E: Rs 200 for every day the return is late, at most the TDS of
// the return.
export const lateFilingFee234E = (tdsOfReturn: number, dueDate: string, filedOn: string): number => {
  const days = Math.max(0, daysBetween(dueDate, filedOn));
  return Math.max(0, Math.min(days * 200_00, tdsOfReturn));
};

export interface AllocationRow {
  id: string;
  tax: number;
  date: string;
}
export interface AllocationChallan {
  id: string;
  tax: number;
  date: string;
}
export interface Allocation {
  // row id -> challan id
  assigned: Record<string, string>;
  unallocated: string[];
  // challan id -> paise left on it
  left: Record<string, number>;
}

// Rows oldest first, each to the earliest challan deposited on or after its
// date that still has room for its whole tax; a row no challan can hold stays
// unallocated (the user allocates it by hand or adds a challan).
export const allocateRows = (rows: AllocationRow[], challans: AllocationChallan[]): Allocation => {
  const order = [...challans].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  const left: Record<string, number> = Object.fromEntries(order.map((c) => [c.id, c.tax]));
  const assigned: Record<string, string> = {};
  const unallocated: string[] = [];
  const sorted = [...rows].sort(
    (a, b) => a.date.localeCompare(b.date) || b.tax - a.tax || a.id.localeCompare(b.id),
  );
  for (const r of sorted) {
    const c = order.find((ch) => ch.date >= r.date && (left[ch.id] ?? 0) >= r.tax);
    if (!c || r.tax <= 0) {
      if (r.tax > 0 || !c) unallocated.push(r.id);
      continue;
    }
    assigned[r.id] = c.id;
    left[c.id] = (left[c.id] ?? 0) - r.tax;
  }
  return { assigned, unallocated, left };
};
