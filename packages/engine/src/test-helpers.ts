// Builders for the hand-computed scenarios of the tests. Amounts are given
// in rupees for readability and converted to paise here.
import { type Paise, rupeesToPaise } from '@taxrecon/shared';
import type { BookRow, PartyMaster, ReconcileInput, TaxBookRow } from './input-types.ts';
import type { ReconcileOptions } from './options.ts';
import { reconcile } from './reconcile.ts';
import type { PartyResult, ReconcileResult } from './result-types.ts';

export const rs = (rupees: number): Paise => rupeesToPaise(rupees);

export const ALPHA: PartyMaster = {
  code: 'C001',
  name: 'Alpha Customer Limited',
  tan: 'PNEA00001A',
  pan: 'AAACA1234A',
};
export const BETA: PartyMaster = {
  code: 'C002',
  name: 'Beta Buyer LLP',
  tan: 'MUMB00002B',
  pan: 'AAFFB2345B',
};

export const sale = (
  voucherNo: string,
  date: string,
  amount: number,
  tax: number,
  extra: Partial<BookRow> = {},
): BookRow => ({
  voucherNo,
  date,
  partyName: 'ALPHA CUSTOMER LIMITED',
  tan: 'PNEA00001A',
  amount: rs(amount),
  tax: rs(tax),
  ...extra,
});

export const credit = (
  ref: string,
  date: string,
  amount: number,
  tax: number,
  extra: Partial<TaxBookRow> = {},
): TaxBookRow => ({
  ref,
  tan: 'PNEA00001A',
  name: 'ALPHA CUSTOMER LIMITED',
  section: '194J',
  transactionDate: date,
  status: 'F',
  bookingDate: null,
  remarks: null,
  amount: rs(amount),
  tax: rs(tax),
  deposited: rs(tax),
  ...extra,
});

export const input = (
  book: BookRow[],
  taxBook: TaxBookRow[],
  extra: Partial<ReconcileInput> = {},
): ReconcileInput => ({
  kind: 'TDS',
  financialYear: '2024-25',
  book,
  taxBook,
  parties: [ALPHA, BETA],
  ...extra,
});

export const run = (
  book: BookRow[],
  taxBook: TaxBookRow[],
  options: ReconcileOptions = {},
  extra: Partial<ReconcileInput> = {},
): ReconcileResult => reconcile(input(book, taxBook, extra), options);

export const party = (r: ReconcileResult, code = 'C001'): PartyResult => {
  const p = r.parties.find((x) => x.key === code);
  if (!p) throw new Error(`no party ${code}`);
  return p;
};

// Matches as "rule: book refs = 26AS refs", easy to compare by eye.
export const pairs = (p: PartyResult): string[] =>
  p.matches.map(
    (m) =>
      `${m.rule}: ${m.book.map((i) => p.book[i]!.row.voucherNo).join('+')} = ${m.taxBook.map((j) => p.taxBook[j]!.row.ref).join('+')}`,
  );
