import fs from 'node:fs';
import { type ReconcileResult, type ReportList, streamReport } from '@taxrecon/engine';
import { formatRupees } from '@taxrecon/shared';

// Writes the reconcile result JSON a line per item, straight from the engine's
// result (streamReport), in 1 MB slices: a million matches never become one
// giant string, nor a second set of objects. Amounts are JSON numbers written
// with two decimals (25000.00), as the contract shows.
const str = JSON.stringify;
const rupees = (p: number) => formatRupees(p);

export interface ResultCounts {
  matches: number;
  unresolved: number;
}

export const writeResultJson = (
  file: string,
  result: ReconcileResult,
  rejected: { ref: string; reason: string }[],
): ResultCounts => {
  const fd = fs.openSync(file, 'w');
  let buffer: string[] = [];
  let size = 0;
  const put = (text: string) => {
    buffer.push(text);
    size += text.length;
    if (size > 1 << 20) flush();
  };
  const flush = () => {
    fs.writeSync(fd, buffer.join(''));
    buffer = [];
    size = 0;
  };
  // items of the list being written so far
  let items = 0;
  const item = (line: string) => put(`${items++ === 0 ? '\n' : ',\n'}    ${line}`);
  const end = (last = false) => {
    put(items ? `\n  ]${last ? '' : ','}\n` : `]${last ? '' : ','}\n`);
    items = 0;
  };
  const counts: ResultCounts = { matches: 0, unresolved: 0 };
  const unmatched = (ref: string, reason: string) => `{ "ref": ${str(ref)}, "reason": ${str(reason)} }`;
  const NEXT: Record<ReportList, string | null> = {
    parties: 'matches',
    matches: 'unmatchedBook',
    unmatchedBook: 'unmatchedTaxBook',
    unmatchedTaxBook: 'unresolved',
    unresolved: null,
  };
  try {
    put(`{\n  "financialYear": ${str(result.financialYear)},\n  "parties": [`);
    streamReport(result, {
      party: (p) => {
        const t = p.totals;
        item(
          `{ "tan": ${str(p.tan)}, "name": ${str(p.name)}, "category": ${str(p.category)}, "bookTax": ${rupees(t.book.tax)}, "taxBookTax": ${rupees(t.taxBook.tax)}, "bookAmount": ${rupees(t.book.amount)}, "taxBookAmount": ${rupees(t.taxBook.amount)} }`,
        );
      },
      match: (p, m) => {
        counts.matches++;
        let book = '';
        for (const i of m.book) book += `${book ? ',' : ''}${str(p.book[i]!.row.voucherNo)}`;
        let taxBook = '';
        for (const j of m.taxBook) taxBook += `${taxBook ? ',' : ''}${str(p.taxBook[j]!.row.ref)}`;
        item(
          `{ "rule": ${str(m.rule)}, "book": [${book}], "taxBook": [${taxBook}], "claimable": ${m.claimable} }`,
        );
      },
      unmatched: (list, ref, reason) => {
        if (list === 'unresolved') counts.unresolved++;
        item(unmatched(ref, reason));
      },
      end: (list) => {
        end();
        const next = NEXT[list];
        put(`  ${str(next ?? 'rejected')}: [`);
      },
    });
    // input rows that could not be read, with why (in no other list)
    for (const r of rejected) item(unmatched(r.ref, r.reason));
    end(true);
    put('}\n');
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return counts;
};
