import { type FileIssue, issue } from '../errors.ts';
import { badCharacterAt, badCharacterIssue } from '../values/bad-characters.ts';
import {
  alignedIndex,
  buildPartyMap,
  buildTransactionMap,
  type ColumnMap,
  effectiveWidth,
  type PartyColumn,
  type TransactionColumn,
} from './columns.ts';
import { isBlank } from './cut-state.ts';
import { isHeaderKeyLine, parseHeader } from './header.ts';
import { layoutOfPart, modelledPartOf, type PartHeading, parsePartHeading } from './headings.ts';
import { checkPartyTotals, type IssueSink, readPartyRow, readTransactionRow } from './rows.ts';
import type {
  Form26asHeader,
  Form26asLayout,
  Form26asOtherPart,
  Form26asPart,
  Form26asParty,
  Form26asResult,
  Form26asTaxType,
  Form26asTransaction,
} from './types.ts';

// Where a Part I or Part VI transaction goes when the caller takes them as
// they are read (`type`: TDS for Part I, TCS for Part VI).
export type Form26asTransactionSink = (
  type: Form26asTaxType,
  party: Form26asParty,
  t: Form26asTransaction,
) => void;

const EMPTY_MARK = 'No Transactions Present';

const isDigits = (s: string): boolean => {
  if (s.length === 0 || s.length > 9) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};

const isSerialHeader = (s: string): boolean => /^(?:sr|sl|serial)\b/i.test(s);

type Current =
  | { kind: 'modelled'; part: Form26asPart; type: Form26asTaxType }
  | { kind: 'other'; part: Form26asOtherPart }
  | null;

// A line-at-a-time state machine, so the same code serves a whole string and a
// stream. Lines are numbered by the caller (1-based, blank lines counted).
export class Form26asParser implements IssueSink {
  private delimiter: '^' | '|' | null = null;
  private layout: Form26asLayout | null = null;
  private header: Form26asHeader | null = null;
  private pendingKeys: { fields: string[]; line: number } | null = null;
  private tds: Form26asPart | null = null;
  private tcs: Form26asPart | null = null;
  private readonly others: Form26asOtherPart[] = [];
  private current: Current = null;
  private partyMap: ColumnMap<PartyColumn> | null = null;
  private txMap: ColumnMap<TransactionColumn> | null = null;
  private party: Form26asParty | null = null;
  // the open party's part, and how many transactions it has so far
  private partyType: Form26asTaxType = 'TDS';
  private partyCount = 0;
  private sums = { amount: 0, tax: 0, deposited: 0 };
  private transactionCount = 0;
  // Public for the row readers (IssueSink); read them through finish().
  readonly errors: FileIssue[] = [];
  readonly warnings: FileIssue[] = [];
  // set while the lines pushed come from a text already found to hold no bad
  // character (pushLines): each line is then spared the look
  linesClean = false;

  // `each`: each Part I and Part VI transaction is handed to it, in file
  // order, and not kept on its party (the result's parties then have no
  // transactions): a statement of a million rows is never held as objects.
  constructor(
    readonly file: string,
    private readonly each?: Form26asTransactionSink,
  ) {}

  push(raw: string, n: number): void {
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (isBlank(line)) return;
    const bad = this.linesClean ? -1 : badCharacterAt(line);
    if (bad >= 0) {
      this.errors.push(badCharacterIssue(this.file, n, line, bad));
      return;
    }
    if (this.delimiter === null) {
      if (line.includes('^')) this.delimiter = '^';
      else if (line.includes('|')) this.delimiter = '|';
      else {
        this.noteTitle(line);
        return;
      }
    }
    const d = this.delimiter;
    const heading = parsePartHeading(line, d);
    if (heading !== null) {
      this.openPart(heading, n);
      return;
    }
    const current = this.current;
    if (current === null) this.preamble(line, n);
    else if (current.kind === 'other') this.otherLine(current.part, line, n);
    else this.modelledLine(current.part, current.type, line.split(d), line, n);
  }

  finish(): Form26asResult {
    this.closeParty();
    if (this.pendingKeys !== null) {
      this.errors.push(
        issue(
          this.file,
          this.pendingKeys.line,
          'MISSING_HEADER_VALUES',
          'a line of values',
          'The statement header has no value line.',
        ),
      );
    }
    if (this.header === null && this.tds === null && this.tcs === null && this.others.length === 0) {
      this.errors.push(
        issue(
          this.file,
          1,
          'NOT_FORM_26AS',
          'a TRACES Form 26AS text file',
          'No statement header and no parts were found: this does not look like a 26AS text file.',
        ),
      );
    }
    return {
      file: this.file,
      layout: this.layout,
      delimiter: this.delimiter ?? '^',
      header: this.header,
      tds: this.tds,
      tcs: this.tcs,
      otherParts: this.others,
      transactionCount: this.transactionCount,
      errors: this.errors,
      warnings: this.warnings,
    };
  }

  private noteTitle(line: string): void {
    // Under the 2025 Act the title names Form 168.
    if (this.layout === null && /\b168\b/.test(line)) this.layout = 'form-168';
  }

  private preamble(line: string, n: number): void {
    this.noteTitle(line);
    const fields = line.split(this.delimiter!);
    if (this.header === null && isHeaderKeyLine(fields)) {
      this.pendingKeys = { fields, line: n };
    } else if (this.pendingKeys !== null) {
      this.header = parseHeader(this.pendingKeys.fields, fields, this.file, n, this.warnings);
      this.pendingKeys = null;
    }
  }

  private openPart(heading: PartHeading, n: number): void {
    this.closeParty();
    this.partyMap = null;
    this.txMap = null;
    const layout = layoutOfPart(heading.part);
    if (this.layout === null || layout === 'form-168') this.layout = layout;
    const modelled = modelledPartOf(heading.part);
    if (modelled === null) {
      const part = {
        part: heading.part,
        heading: heading.heading,
        line: n,
        empty: false,
        rowCount: 0,
        firstRowLine: null,
      };
      this.others.push(part);
      this.current = { kind: 'other', part };
      return;
    }
    // A part heading seen twice continues the same part.
    const existing = this[modelled];
    const part = existing ?? {
      part: heading.part,
      heading: heading.heading,
      line: n,
      empty: false,
      parties: [],
    };
    this[modelled] = part;
    this.current = { kind: 'modelled', part, type: modelled === 'tds' ? 'TDS' : 'TCS' };
  }

  private otherLine(part: Form26asOtherPart, line: string, n: number): void {
    if (line.includes(EMPTY_MARK)) {
      part.empty = true;
      return;
    }
    const first = line.split(this.delimiter!).find((f) => f.trim() !== '') ?? '';
    if (isSerialHeader(first.trim())) return;
    part.rowCount++;
    part.firstRowLine ??= n;
  }

  private modelledLine(
    part: Form26asPart,
    type: Form26asTaxType,
    f: string[],
    line: string,
    n: number,
  ): void {
    // Party rows start with their serial number; transaction rows and their
    // header start with an empty field.
    let k = 0;
    while (k < f.length && isBlank(f[k]!)) k++;
    if (k === f.length) return;
    const first = f[k]!.trim();
    if (isDigits(first)) {
      if (k === 0) this.partyRow(part, type, f, n);
      else this.transactionRow(f, n);
    } else if (isSerialHeader(first)) {
      if (k === 0) this.partyHeader(f, n);
      else this.transactionHeader(f, n);
    } else if (line.includes(EMPTY_MARK)) {
      part.empty = part.parties.length === 0;
    } else {
      this.errors.push(
        issue(
          this.file,
          n,
          'UNRECOGNISED_LINE',
          'a party row, a transaction row or a column header',
          'Line not understood.',
          {
            value: line.length > 200 ? `${line.slice(0, 200)}...` : line,
          },
        ),
      );
    }
  }

  private partyHeader(f: string[], n: number): void {
    const built = buildPartyMap(f, n);
    if ('map' in built) this.partyMap = built.map;
    else this.missingColumns(built.missing, n);
  }

  private transactionHeader(f: string[], n: number): void {
    if (this.txMap !== null && this.txMap.width === effectiveWidth(f)) {
      // The same header repeats after every party; reuse it when unchanged.
      const m = this.txMap;
      if (f[m.index.srNo]?.trim() === m.names.srNo && f[m.index.deposited]?.trim() === m.names.deposited)
        return;
    }
    const built = buildTransactionMap(f, n);
    if ('map' in built) this.txMap = built.map;
    else this.missingColumns(built.missing, n);
  }

  private missingColumns(missing: string[], n: number): void {
    this.errors.push(
      issue(
        this.file,
        n,
        'MISSING_COLUMNS',
        `columns ${missing.join(', ')}`,
        `Header line lacks ${missing.join(', ')}.`,
      ),
    );
  }

  private partyRow(part: Form26asPart, type: Form26asTaxType, f: string[], n: number): void {
    this.closeParty();
    const map = this.partyMap;
    const ix = map === null ? null : alignedIndex(map, effectiveWidth(f));
    if (map === null || ix === null) {
      this.rowShapeError(map, n, 'party');
      return;
    }
    const party = readPartyRow(f, map, ix, n, this);
    part.parties.push(party);
    part.empty = false;
    this.party = party;
    this.partyType = type;
    this.partyCount = 0;
    this.sums = { amount: 0, tax: 0, deposited: 0 };
  }

  private rowShapeError(map: ColumnMap<string> | null, n: number, what: string): void {
    this.errors.push(
      map === null
        ? issue(
            this.file,
            n,
            'MISSING_HEADER',
            `a column header line before the ${what} row`,
            `No column header precedes this ${what} row.`,
          )
        : issue(
            this.file,
            n,
            'COLUMN_COUNT_MISMATCH',
            `${map.width} fields as in the header on line ${map.line}`,
            `This ${what} row does not line up with its column header.`,
          ),
    );
  }

  private transactionRow(f: string[], n: number): void {
    const map = this.txMap;
    const ix = map === null ? null : alignedIndex(map, effectiveWidth(f));
    if (map === null || ix === null) {
      this.rowShapeError(map, n, 'transaction');
      return;
    }
    const party = this.party;
    if (party === null) {
      this.errors.push(
        issue(
          this.file,
          n,
          'TRANSACTION_WITHOUT_PARTY',
          'a party row above the transaction',
          'Transaction row before any deductor/collector row.',
        ),
      );
      return;
    }
    const t = readTransactionRow(f, map, ix, n, this);
    if (t === null) return;
    if (this.each) this.each(this.partyType, party, t);
    else party.transactions.push(t);
    this.partyCount++;
    this.sums.amount += t.amount;
    this.sums.tax += t.tax;
    this.sums.deposited += t.deposited;
    this.transactionCount++;
  }

  private closeParty(): void {
    if (this.party === null) return;
    checkPartyTotals(this.party, this.sums, this.partyCount, this.partyMap?.names, this);
    this.party = null;
  }
}
