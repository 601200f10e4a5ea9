import fs from 'node:fs';
import type { ReconReport } from '@taxrecon/engine';
import { formatRupees } from '@taxrecon/shared';

// Writes the reconcile result JSON a line per item, in slices, so a million
// matches never become one giant string. Amounts are JSON numbers written with
// two decimals (25000.00), as the contract shows.
const str = JSON.stringify;
const rupees = (p: number) => formatRupees(p);

export const writeResultJson = (
  file: string,
  report: ReconReport,
  rejected: { ref: string; reason: string }[],
) => {
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
  const list = <T>(name: string, items: readonly T[], line: (item: T) => string, last = false) => {
    put(`  ${str(name)}: [`);
    for (const [i, item] of items.entries()) put(`${i === 0 ? '\n' : ',\n'}    ${line(item)}`);
    put(items.length ? `\n  ]${last ? '' : ','}\n` : `]${last ? '' : ','}\n`);
  };
  try {
    put(`{\n  "financialYear": ${str(report.financialYear)},\n`);
    list(
      'parties',
      report.parties,
      (p) =>
        `{ "tan": ${str(p.tan)}, "name": ${str(p.name)}, "category": ${str(p.category)}, "bookTax": ${rupees(p.bookTax)}, "taxBookTax": ${rupees(p.taxBookTax)}, "bookAmount": ${rupees(p.bookAmount)}, "taxBookAmount": ${rupees(p.taxBookAmount)} }`,
    );
    list(
      'matches',
      report.matches,
      (m) =>
        `{ "rule": ${str(m.rule)}, "book": ${str(m.book)}, "taxBook": ${str(m.taxBook)}, "claimable": ${m.claimable} }`,
    );
    const unmatched = (u: { ref: string; reason: string }) =>
      `{ "ref": ${str(u.ref)}, "reason": ${str(u.reason)} }`;
    list('unmatchedBook', report.unmatchedBook, unmatched);
    list('unmatchedTaxBook', report.unmatchedTaxBook, unmatched);
    list('unresolved', report.unresolved, unmatched);
    // input rows that could not be read, with why (in no other list)
    list('rejected', rejected, unmatched, true);
    put('}\n');
    flush();
  } finally {
    fs.closeSync(fd);
  }
};
