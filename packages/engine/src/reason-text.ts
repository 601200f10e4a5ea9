import { formatRupees } from '@taxrecon/shared';
import type { ReconKind } from './input-types.ts';
import type { UnmatchedReason } from './result-types.ts';

const gapText = (gap: number): string =>
  gap === 0
    ? 'the same day'
    : `${Math.abs(gap)} day${Math.abs(gap) === 1 ? '' : 's'} ${gap > 0 ? 'after' : 'before'}`;

// The sentence a person reads for an unmatched row. Reasons are kept as
// data and worded only when shown: most rows of a big job never are.
export const describeUnmatched = (r: UnmatchedReason, kind: ReconKind): string => {
  const tds = kind === 'TDS';
  const party = tds ? 'customer' : 'vendor';
  const bookName = tds ? 'sales book' : 'purchase book';
  const other = r.side === 'book' ? '26AS row' : `${bookName} row`;
  const otherBook = r.side === 'book' ? (tds ? '26AS Part I' : '26AS Part VI') : bookName;
  const n = r.nearest;
  switch (r.code) {
    case 'UNPAIRED':
      return 'unpaired by a user';
    case 'SPLIT_PART':
      return 'part of a split row; pair it to settle it';
    case 'NO_COUNTERPART':
      return `this ${party} has no rows in the ${otherBook}`;
  }
  if (!n || !r.window) return `no ${other} to compare with`;
  if (r.code === 'NONE_IN_WINDOW') {
    return `no ${other} dated ${r.window.from} to ${r.window.to}; the nearest, ${n.ref} (${n.date}), is ${gapText(n.dayGap)}`;
  }
  const where = `${n.ref} (${n.date}, ${gapText(n.dayGap)}${n.matchedBy ? `, matched by rule ${n.matchedBy}` : ''})`;
  if (r.code === 'COUNTERPART_TAKEN') return `${other} ${where} agrees but is taken by another row`;
  if (n.failed.length === 0) return `${other} ${where} agrees within tolerance but was left unpaired`;
  const parts = n.failed.map((f) => {
    const [d, b, t] =
      f === 'tax'
        ? [n.taxDifference, n.bookTax, n.taxBookTax]
        : [n.amountDifference, n.bookAmount, n.taxBookAmount];
    return `${f} differs by ${formatRupees(Math.abs(d))} (book ${formatRupees(b)}, 26AS ${formatRupees(t)})`;
  });
  return `nearest ${other} ${where}: ${parts.join('; ')}; tolerance ${formatRupees(r.tolerance)}`;
};
