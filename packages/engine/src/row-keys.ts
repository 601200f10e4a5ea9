import { normaliseTan } from './identifiers.ts';
import type { BookRow, TaxBookRow } from './input-types.ts';
import { normaliseName } from './names.ts';
import type { PartyResult } from './result-types.ts';

// Decisions are keyed by a fingerprint of the row's content, not by its
// position: a 26AS statement downloaded again (other file names, other line
// numbers, split into several files) or a sales book exported again keeps
// the user's decisions. The fingerprint leaves out what legitimately changes
// between downloads (26AS booking status, booking date, deposit), so a U row
// that turns F keeps its decision. Identical rows are real, separate credits:
// "#n" numbers them in content order. A changed amount makes a new row, and
// the old decision comes back as ROW_NOT_FOUND for a person to look at.
export const bookRowFingerprint = (r: BookRow, names?: Map<string, string>): string => {
  let name = names?.get(r.partyName);
  if (name === undefined) {
    name = normaliseName(r.partyName);
    names?.set(r.partyName, name);
  }
  return `${r.voucherNo}|${r.date}|${name}|${r.amount}|${r.tax}`;
};

export const taxBookRowFingerprint = (r: TaxBookRow): string =>
  `${normaliseTan(r.tan) ?? r.tan}|${r.section}|${r.transactionDate}|${r.amount}|${r.tax}`;

const numbered = (prints: string[]): string[] => {
  const seen = new Map<string, number>();
  return prints.map((p) => {
    const n = (seen.get(p) ?? 0) + 1;
    seen.set(p, n);
    return `${p}#${n}`;
  });
};

export interface PartyRowKeys {
  book: string[];
  taxBook: string[];
}

// Keys of a party's rows, index for index. Entries are in content order, so
// the numbering of identical rows does not depend on input order. A part of
// a split row is keyed "<parent key>/<part number>". `names` memoises name
// normalisation across calls that cover many parties.
export const partyRowKeys = (p: PartyResult, names = new Map<string, string>()): PartyRowKeys => {
  const side = <E extends { splitOf: number; splitPart: number }>(entries: E[], print: (e: E) => string) => {
    const keys = numbered(entries.map((e) => (e.splitOf >= 0 ? '' : print(e))));
    entries.forEach((e, i) => {
      if (e.splitOf >= 0) keys[i] = `${keys[e.splitOf]}/${e.splitPart}`;
    });
    return keys;
  };
  return {
    book: side(p.book, (e) => bookRowFingerprint(e.row, names)),
    taxBook: side(p.taxBook, (e) => taxBookRowFingerprint(e.row)),
  };
};

// The voucher number a book key starts with and the TAN a 26AS key starts
// with: the normalised name, date and amounts after them hold no "|".
export const voucherOfKey = (key: string): string => key.split('|').slice(0, -4).join('|');
export const tanOfKey = (key: string): string => key.slice(0, key.indexOf('|'));
