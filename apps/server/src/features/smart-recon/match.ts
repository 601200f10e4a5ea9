import type { SmartReconGroup, SmartReconMode, SmartReconResult } from '@taxrecon/contracts';
import { reconcile } from '@taxrecon/engine';
import { type Paise, sumPaise } from '@taxrecon/shared';
import { groupRuleAllowed, smartOptions } from './match-level.ts';
import type { SmartReconInput } from './read-zip.ts';

export interface SmartReconSettings {
  key: string;
  fileName: string;
  mode: SmartReconMode;
  level: number;
  tolerance: number;
}

// Runs the receivable engine over the zip's rows and lists every matched
// group (pairs and groups of several rows) with its totals. Group keys are
// "<result key>.<n>" so an accept names its result.
export const smartReconcile = (input: SmartReconInput, s: SmartReconSettings): SmartReconResult => {
  const result = reconcile(
    {
      kind: 'TDS',
      financialYear: input.financialYear,
      book: input.book,
      taxBook: input.taxBook,
      parties: input.deductors.map((d) => ({ code: d.tan, name: d.name, tan: d.tan })),
    },
    smartOptions(s.mode, s.level, s.tolerance),
  );
  const results: SmartReconGroup[] = [];
  // TDS that can be claimed: matched to a 26AS credit that is final (status
  // F, DOMAIN 2 and 6.5); a match to an unbooked or provisional credit is a
  // match, not a claim
  let tdsClaimed = 0 as Paise;
  for (const party of result.parties) {
    for (const m of party.matches) {
      if (!groupRuleAllowed(s.level, m.rule)) continue;
      const sales = m.book.map((i) => party.book[i]!.row);
      const tax = m.taxBook.map((i) => party.taxBook[i]!.row);
      if (m.claimable) tdsClaimed = (tdsClaimed + m.taxBookTax) as Paise;
      results.push({
        key: `${s.key}.${results.length + 1}`,
        difference: m.taxDifference,
        _sales: sales.map((r) => ({
          customerName: r.partyName,
          entityId: r.customerCode ?? r.tan ?? party.code ?? '',
          voucherNumber: r.voucherNo,
          originalTransactionDate: r.date,
          professionalServices: r.amount,
          tdsOnSales: r.tax,
        })),
        sales: m.bookAmount,
        _taxBook: tax.map((r) => ({
          deductorName: r.name,
          tan: r.tan,
          transactionDate: r.transactionDate,
          amountPaid: r.amount,
          taxDeducted: r.tax,
          section: r.section,
        })),
        taxBook: m.taxBookAmount,
        totalTdsFromSales: m.bookTax,
        totalTdsFromTaxBook: m.taxBookTax,
        accepted: false,
      });
    }
  }
  const bookTax = sumPaise(input.book.map((r) => r.tax));
  const taxBookTax = sumPaise(input.taxBook.map((r) => r.tax));
  return {
    key: s.key,
    fileName: s.fileName,
    matchMode: s.mode,
    matchLevel: s.level,
    tolerance: s.tolerance,
    tdsClaimed,
    // percent of the book's TDS found matched and claimable in 26AS, two decimals
    compliance: bookTax > 0 ? Math.round((tdsClaimed * 10_000) / bookTax) / 100 : 0,
    difference: bookTax - taxBookTax,
    salesRows: input.book.length,
    taxBookRows: input.taxBook.length,
    results,
    message: results.length === 0 ? 'No matches found' : `${results.length} matched group(s) found`,
  };
};
