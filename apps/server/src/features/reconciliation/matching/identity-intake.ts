import { badBookRow, badTaxBookRow, UnresolvedRows } from '@taxrecon/engine';
import type { DecisionRouter } from './decision-routing.ts';
import { IntList } from './int-list.ts';
import { isPlainRow, type KeyedLines, NOT_PLAIN, SAME_IDENTITY } from './keyed-lines.ts';
import {
  decodeBookLine,
  decodeTaxBookLine,
  field,
  type SourcedBookRow,
  type SourcedTaxBookRow,
} from './source-rows.ts';
import type { InputSide } from './streamed-compute.ts';

// What the party-at-a-time computation keeps of the year's rows while it
// reads them (party-streamed-compute.ts): each row is scanned for its
// identity (engine identity-plan.ts) and whether it is valid (a plain row is
// not decoded); what stays is one row per identity, an identity number per
// row, and the rows found invalid. The rows' text itself goes to the spools.

export const isBook = (side: InputSide) => side === 'book' || side === 'broughtForwardBook';
export const isBroughtForward = (side: InputSide) =>
  side === 'broughtForwardBook' || side === 'broughtForwardTaxBook';

export type AnyRow = SourcedBookRow | SourcedTaxBookRow;

export interface Identity {
  // the first valid row in reading order, its text let go
  row: AnyRow;
  broughtForward: boolean;
  seq: number;
  rows: number;
}

// Field k (0-based) of a line of the 16 content columns, given where its first 15 tabs are.
const fieldAt = (line: string, tab: Int32Array, k: number): string =>
  line.slice(k === 0 ? 0 : tab[k - 1]! + 1, k < 15 ? tab[k]! : line.length);

// A row kept for planning holds no slice of the text it was read from (which
// would keep the whole chunk alive): it is decoded from a copy of its line, a
// string of its own, and keeps no line. The copy is a slice of a joined text:
// V8 flattens the join into a new text, and the slice's parent is that one. A
// trip through a Buffer did the same at four times the cost, a fifth of the
// time rows took to read with 60,000 parties.
const ownText = (text: string): string => ` ${text}`.slice(1);
const detached = (line: string, book: boolean): AnyRow => {
  const row = book ? decodeBookLine(ownText(line)) : decodeTaxBookLine(ownText(line));
  row.line = undefined;
  return row;
};

export class IdentityIntake {
  // identity numbers, one per row (-1: an invalid row)
  readonly ids: Record<InputSide, IntList> = {
    book: new IntList(),
    taxBook: new IntList(),
    broughtForwardBook: new IntList(),
    broughtForwardTaxBook: new IntList(),
  };
  readonly bookIdentities: Identity[] = [];
  readonly taxBookIdentities: Identity[] = [];
  // the rows found invalid (and, later, those the plan could not place)
  readonly left = new UnresolvedRows();
  private readonly bookIds = new Map<string, number>();
  private readonly taxBookIds = new Map<string, number>();
  private readonly tabs = new Int32Array(15);
  // each side's last identity text read from a line and its number (a text's
  // number never changes: a brought-forward row replaced keeps it)
  private readonly last: Record<InputSide, { key: string; id: number }> = {
    book: { key: '', id: -1 },
    taxBook: { key: '', id: -1 },
    broughtForwardBook: { key: '', id: -1 },
    broughtForwardTaxBook: { key: '', id: -1 },
  };

  constructor(private readonly router: DecisionRouter) {}

  // Whole lines of a side with where each line's identity stands, from a
  // parsing thread (keyed-lines.ts), `text` being their text: the same as
  // taking each line, without scanning every line for its fields.
  keyed(side: InputSide, lines: KeyedLines, text: string): void {
    const { starts, keys } = lines;
    const ids = this.ids[side];
    const identities = isBook(side) ? this.bookIdentities : this.taxBookIdentities;
    const count = starts.length - 1;
    let id = -1;
    for (let i = 0; i < count; i++) {
      const from = keys[2 * i]!;
      if (from === NOT_PLAIN) {
        this.take(side, text.slice(starts[i], starts[i + 1]! - 1));
        continue;
      }
      if (from !== SAME_IDENTITY) {
        const key = text.slice(from, keys[2 * i + 1]);
        id = this.known(side, key);
        if (id < 0) id = this.keep(side, key, text.slice(starts[i], starts[i + 1]! - 1));
      }
      identities[id]!.rows++;
      ids.push(id);
    }
  }

  // A row read for what planning needs: its identity and whether it is valid.
  // Most rows are neither new identities nor doubtful, and are not decoded.
  take(side: InputSide, line: string): void {
    const ids = this.ids[side];
    const seq = ids.length;
    const bf = isBroughtForward(side);
    const book = isBook(side);
    const tab = this.tabs;
    let at = -1;
    for (let k = 0; k < 15; k++) {
      at = line.indexOf('\t', at + 1);
      tab[k] = at < 0 ? line.length : at;
    }
    // (no closures here: this runs for every row of the year)
    const surelyValid = isPlainRow(
      fieldAt(line, tab, 2),
      fieldAt(line, tab, 13),
      fieldAt(line, tab, 14),
      book ? null : fieldAt(line, tab, 15),
    );
    let decoded: AnyRow | null = null;
    if (!surelyValid) {
      decoded = book ? decodeBookLine(line) : decodeTaxBookLine(line);
      const bad = book ? badBookRow(decoded as SourcedBookRow) : badTaxBookRow(decoded as SourcedTaxBookRow);
      if (bad !== null) {
        this.left.addInvalid(book ? 'book' : 'taxBook', bf, seq, decoded, bad);
        ids.push(-1);
        if (this.router.active) this.see(book, line, -1);
        return;
      }
    }
    // The identity's fields as COPY text (book: name, code, TAN, PAN, GSTIN;
    // 26AS: name to TAN): one text per identity, and no decoding to compare.
    const key = line.slice(tab[2]! + 1, book ? tab[7] : tab[5]);
    const last = this.last[side];
    let id: number;
    // a statement's rows come a party at a time: the row before's identity is compared before any is looked up
    if (key === last.key) id = last.id;
    else {
      id = this.known(side, key);
      if (id < 0) id = this.keep(side, key, line);
      last.key = key;
      last.id = id;
    }
    (book ? this.bookIdentities : this.taxBookIdentities)[id]!.rows++;
    ids.push(id);
    if (this.router.active) this.see(book, line, id);
  }

  // Lets go of the last identity texts read (a slice keeps the whole chunk it was cut from).
  finish(): void {
    for (const side of Object.keys(this.last) as InputSide[]) this.last[side].key = '';
  }

  // The number of a valid row's identity (`key`: its identity fields as they
  // stand in its line), or -1 when the row is to be kept as its identity's:
  // the identity is new, or read so far only from brought-forward rows and
  // this row is the current year's.
  private known(side: InputSide, key: string): number {
    const book = isBook(side);
    const id = (book ? this.bookIds : this.taxBookIds).get(key);
    if (id === undefined) return -1;
    const identities = book ? this.bookIdentities : this.taxBookIdentities;
    return identities[id]!.broughtForward && !isBroughtForward(side) ? -1 : id;
  }

  // Keeps the row about to be the side's next as its identity's (decoded from a copy), and gives its number.
  private keep(side: InputSide, key: string, line: string): number {
    const book = isBook(side);
    const numbers = book ? this.bookIds : this.taxBookIds;
    const identities = book ? this.bookIdentities : this.taxBookIdentities;
    const id = numbers.get(key);
    // the current year's rows are read before the brought-forward ones, whatever order they arrive in
    const identity = {
      row: detached(line, book),
      broughtForward: isBroughtForward(side),
      seq: this.ids[side].length,
      rows: id === undefined ? 0 : identities[id]!.rows,
    };
    if (id !== undefined) {
      identities[id] = identity;
      return id;
    }
    // a copy: the slice would keep the whole chunk of text it was cut from alive
    numbers.set(ownText(key), identities.length);
    identities.push(identity);
    return identities.length - 1;
  }

  // Rows a decision may name: which identities hold them.
  private see(book: boolean, line: string, id: number): void {
    if (book) this.router.seeBook(field(fieldAt(line, this.tabs, 1)) ?? '', id);
    else this.router.seeTaxBook(field(fieldAt(line, this.tabs, 5)) ?? '', id);
  }
}
