import { type PartyResult, type ReconKind, streamPartyItems } from '@taxrecon/engine';
import { formatRupees, jsonString } from '@taxrecon/shared';
import { ByteTextWriter } from './copy-text.ts';

// The items of the reconcile result JSON (`taxrecon reconcile --out`), a
// party at a time: its lists are written apart (parties, matches, unmatched
// book rows, unmatched 26AS rows, rows not considered) and joined in that
// order by the writer (cli/result-json.ts), so parties can be matched a
// bucket at a time in any thread and written in order. Every item starts
// with ",\n    "; the writer drops the comma of a list's first item. Amounts
// are JSON numbers with two decimals (25000.00), as the contract shows.

// Each list's items as UTF-8 (moved from the matching threads, not copied).
export interface ResultJsonLists {
  parties: Uint8Array;
  matches: Uint8Array;
  unmatchedBook: Uint8Array;
  unmatchedTaxBook: Uint8Array;
  unresolved: Uint8Array;
  matchCount: number;
  unresolvedCount: number;
}

const str = jsonString;
const rupees = (p: number) => formatRupees(p);
export const unmatchedItem = (ref: string, reason: string): string =>
  `,\n    { "ref": ${str(ref)}, "reason": ${str(reason)} }`;

const list = () => new ByteTextWriter();

export class ResultJsonItems {
  private readonly parties = list();
  private readonly matches = list();
  private readonly unmatchedBook = list();
  private readonly unmatchedTaxBook = list();
  private readonly notConsidered = list();

  constructor(private readonly kind: ReconKind) {}

  party(party: PartyResult): void {
    streamPartyItems(party, this.kind, {
      party: (p) => {
        const t = p.totals;
        this.parties.add(
          `,\n    { "tan": ${str(p.tan)}, "name": ${str(p.name)}, "category": ${str(p.category)}, "bookTax": ${rupees(t.book.tax)}, "taxBookTax": ${rupees(t.taxBook.tax)}, "bookAmount": ${rupees(t.book.amount)}, "taxBookAmount": ${rupees(t.taxBook.amount)} }`,
        );
      },
      match: (p, m) => {
        let book = '';
        for (const i of m.book) book += `${book ? ',' : ''}${str(p.book[i]!.row.voucherNo)}`;
        let taxBook = '';
        for (const j of m.taxBook) taxBook += `${taxBook ? ',' : ''}${str(p.taxBook[j]!.row.ref)}`;
        this.matches.add(
          `,\n    { "rule": ${str(m.rule)}, "book": [${book}], "taxBook": [${taxBook}], "claimable": ${m.claimable} }`,
        );
      },
      unmatched: (list, ref, reason) =>
        (list === 'unmatchedBook' ? this.unmatchedBook : this.unmatchedTaxBook).add(
          unmatchedItem(ref, reason),
        ),
    });
  }

  unresolved(ref: string, reason: string): void {
    this.notConsidered.add(unmatchedItem(ref, reason));
  }

  finish(): ResultJsonLists {
    return {
      parties: this.parties.bytes(),
      matchCount: this.matches.rows,
      matches: this.matches.bytes(),
      unmatchedBook: this.unmatchedBook.bytes(),
      unmatchedTaxBook: this.unmatchedTaxBook.bytes(),
      unresolvedCount: this.notConsidered.rows,
      unresolved: this.notConsidered.bytes(),
    };
  }
}

// The lists' buffers, to be moved (not copied) with a message.
export const jsonTransfer = (lists: ResultJsonLists | null): ArrayBuffer[] =>
  lists
    ? [lists.parties, lists.matches, lists.unmatchedBook, lists.unmatchedTaxBook, lists.unresolved]
        .map((b) => b.buffer)
        .filter((b): b is ArrayBuffer => b instanceof ArrayBuffer)
    : [];
