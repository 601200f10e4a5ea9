import { badCharacterAt } from '../values/bad-characters.ts';
import {
  alignedIndex,
  buildPartyMap,
  buildTransactionMap,
  type ColumnMap,
  effectiveWidth,
} from './columns.ts';
import { modelledPartOf, parsePartHeading } from './headings.ts';

// What cutting a 26AS statement into pieces tracks (chunks.ts): the parser's
// whole state at a deductor's row inside Part I or Part VI is the delimiter,
// the part and its two column headers, so those lines are what a later piece
// replays. The cutters (over text, chunks.ts; over bytes, byte-cut.ts) pass
// over transaction rows, deductor rows where no cut is due and repeats of the
// column header themselves, and hand every other line here.

export interface LineOf {
  text: string;
  n: number;
}

export const isBlank = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 32) return false;
  return true;
};

export class CutState {
  delimiter: '^' | '|' | null = null;
  heading: LineOf | null = null;
  partyMap: ColumnMap<string> | null = null;
  txHeader: LineOf | null = null;
  private modelled = false;
  private partyHeader: LineOf | null = null;
  private txMap: ColumnMap<string> | null = null;

  // A line read before the delimiter is known: whether it sets it.
  findDelimiter(line: string): boolean {
    if (isBlank(line) || badCharacterAt(line) >= 0) return false;
    if (line.includes('^')) this.delimiter = '^';
    else if (line.includes('|')) this.delimiter = '|';
    return this.delimiter !== null;
  }

  // Whether a deductor's row may be a place to cut.
  get canCut(): boolean {
    return this.heading !== null && this.partyMap !== null;
  }

  // A line that may change the state, `c` its first character neither blank
  // nor the delimiter; `due`: the piece so far is as big as asked. True when
  // the piece is to be cut before it (a deductor's row that opens a party cleanly).
  take(line: string, lineNo: number, c: number, due: boolean): boolean {
    const d = this.delimiter as '^' | '|';
    if (c === 80 || c === 112) {
      const h = parsePartHeading(line, d);
      if (h !== null && badCharacterAt(line) < 0) {
        this.modelled = modelledPartOf(h.part) !== null;
        this.heading = this.modelled ? { text: line, n: lineNo } : null;
        this.partyMap = null;
        this.partyHeader = null;
        this.txMap = null;
        this.txHeader = null;
        return false;
      }
    }
    if (!this.modelled || badCharacterAt(line) >= 0) return false;
    const f = line.split(d);
    let k = 0;
    while (k < f.length && f[k]!.trim() === '') k++;
    if (k === f.length) return false;
    const first = f[k]!.trim();
    if (/^(?:sr|sl|serial)\b/i.test(first)) {
      if (k === 0) {
        const built = buildPartyMap(f, lineNo);
        if ('map' in built) {
          this.partyMap = built.map;
          this.partyHeader = { text: line, n: lineNo };
        }
      } else {
        const m = this.txMap;
        const same =
          m !== null &&
          m.width === effectiveWidth(f) &&
          f[m.index.srNo!]?.trim() === m.names.srNo &&
          f[m.index.deposited!]?.trim() === m.names.deposited;
        if (!same) {
          const built = buildTransactionMap(f, lineNo);
          if ('map' in built) {
            this.txMap = built.map;
            this.txHeader = { text: line, n: lineNo };
          }
        }
      }
      return false;
    }
    return (
      k === 0 &&
      due &&
      this.heading !== null &&
      this.partyMap !== null &&
      /^\d{1,9}$/.test(first) &&
      alignedIndex(this.partyMap, effectiveWidth(f)) !== null
    );
  }

  // What a piece cut now replays before its lines (the delimiter alone sets
  // it before a heading that may not carry one).
  context(): [string, number][] {
    const context: [string, number][] = [
      [this.delimiter as string, 0],
      [this.heading!.text, this.heading!.n],
      [this.partyHeader!.text, this.partyHeader!.n],
    ];
    if (this.txHeader !== null) context.push([this.txHeader.text, this.txHeader.n]);
    return context;
  }
}
