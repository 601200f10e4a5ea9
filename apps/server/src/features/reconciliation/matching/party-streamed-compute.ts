import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  badBookRow,
  badTaxBookRow,
  bookIdentity,
  type GatheredRow,
  type IdentityPlan,
  type Placement,
  planByIdentity,
  type ResolvedBy,
  reconcileParty,
  SummaryFold,
  taxBookIdentity,
  type UnresolvedRow,
  UnresolvedRows,
  workOf,
} from '@taxrecon/engine';
import { ChunkWriter } from './copy-text.ts';
import { partyLine, rowLines, unresolvedLine } from './result-codec.ts';
import {
  decodeBookLine,
  decodeTaxBookLine,
  forEachLine,
  type SourcedBookRow,
  type SourcedTaxBookRow,
} from './source-rows.ts';
import { readLines, SpoolFile, spoolDirectory } from './spool-files.ts';
import {
  type InputSide,
  LineAssembler,
  OUTPUT_BATCH_CHARS,
  type OutputBatch,
  type StreamedRequest,
  type StreamedSummary,
} from './streamed-compute.ts';

// The whole-year job in memory that does not grow with the year.
//
// Reading: each row is decoded once to learn its identity (engine
// identity-plan.ts) and whether it is valid, then dropped; its text goes to
// a spool file on disk, and what stays is one row per identity and an
// identity number per row. Computing: the year is planned from the
// identities, and the spooled rows are sorted on disk into buckets of
// parties, in the plan's party order. Writing: a bucket at a time is read
// back, its parties matched and encoded as COPY text, and let go. What stays
// in memory is one bucket's rows, the identities and the rows not
// considered. The COPY text is the same as the whole-year computation gives
// (streamed-compute.unit.test.ts compares them). A job with decisions to
// apply still takes the whole-year way: a decision may name rows of any party.

// About this many rows go to a bucket.
const BUCKET_ROWS = 50_000;

const READING_ORDER: readonly InputSide[] = [
  'taxBook',
  'broughtForwardTaxBook',
  'book',
  'broughtForwardBook',
];
const SIDE_CODE: Record<InputSide, string> = {
  taxBook: 'T',
  broughtForwardTaxBook: 't',
  book: 'B',
  broughtForwardBook: 'b',
};
const isBook = (side: InputSide) => side === 'book' || side === 'broughtForwardBook';
const isBroughtForward = (side: InputSide) =>
  side === 'broughtForwardBook' || side === 'broughtForwardTaxBook';

type AnyRow = SourcedBookRow | SourcedTaxBookRow;

interface Identity {
  // the first valid row in reading order, its text let go
  row: AnyRow;
  broughtForward: boolean;
  seq: number;
  rows: number;
}

// Growable list of identity numbers, one per row (-1: an invalid row).
class IntList {
  private data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  at(i: number): number {
    return this.data[i]!;
  }
}

// A row kept for planning holds no slice of the text it was read from (which
// would keep the whole chunk alive).
const detached = <R extends AnyRow>(row: R): R => {
  const copy = JSON.parse(JSON.stringify({ ...row, line: undefined })) as R;
  return copy;
};

const VIAS: readonly ResolvedBy[] = [
  'confirmed-mapping',
  'tan',
  'connected-tan',
  'customer-code',
  'mapping-file',
  'pan',
  'gstin',
  'exact-name',
  'fuzzy-name',
  'deductor-name',
  'tan-only',
];

interface LoadedBucket {
  // output ordinals [from, to)
  from: number;
  to: number;
  next: number;
  book: Map<number, GatheredRow<SourcedBookRow>[]>;
  taxBook: Map<number, GatheredRow<SourcedTaxBookRow>[]>;
}

export class PartyStreamedComputation {
  private readonly dir: string;
  private readonly lines: Record<InputSide, LineAssembler> = {
    book: new LineAssembler(),
    taxBook: new LineAssembler(),
    broughtForwardBook: new LineAssembler(),
    broughtForwardTaxBook: new LineAssembler(),
  };
  private readonly spools: Record<InputSide, SpoolFile>;
  private readonly ids: Record<InputSide, IntList> = {
    book: new IntList(),
    taxBook: new IntList(),
    broughtForwardBook: new IntList(),
    broughtForwardTaxBook: new IntList(),
  };
  private readonly bookIds = new Map<string, number>();
  private readonly taxBookIds = new Map<string, number>();
  private readonly bookIdentities: Identity[] = [];
  private readonly taxBookIdentities: Identity[] = [];
  private readonly left = new UnresolvedRows();
  private readonly timings: Record<string, number> = { decode: 0 };
  private plan: IdentityPlan | null = null;
  // output ordinal -> the plan's party
  private partyOf: number[] = [];
  private buckets: { file: string; from: number; to: number }[] = [];
  private nextBucket = 0;
  private current: LoadedBucket | null = null;
  private unresolved: UnresolvedRow[] = [];
  private unresolvedCount = 0;
  private readonly fold = new SummaryFold();
  private summary: StreamedSummary | null = null;

  constructor(
    private readonly request: StreamedRequest,
    spoolRoot = process.env.TAXRECON_SPOOL_DIR || os.tmpdir(),
  ) {
    this.dir = spoolDirectory(spoolRoot, `taxrecon-recon-${request.scope.jobId}`);
    const spool = (side: InputSide) => new SpoolFile(path.join(this.dir, `${side}.txt`));
    this.spools = {
      book: spool('book'),
      taxBook: spool('taxBook'),
      broughtForwardBook: spool('broughtForwardBook'),
      broughtForwardTaxBook: spool('broughtForwardTaxBook'),
    };
  }

  input(side: InputSide, chunk: Uint8Array, end = false): void {
    const started = performance.now();
    this.spools[side].write(chunk);
    const text = this.lines[side].push(chunk, end);
    if (text.length > 0) forEachLine(text, (line) => this.take(side, line));
    this.timings.decode! += Math.round(performance.now() - started);
  }

  private take(side: InputSide, line: string): void {
    const ids = this.ids[side];
    const seq = ids.length;
    const bf = isBroughtForward(side);
    const book = isBook(side);
    const row = book ? decodeBookLine(line) : decodeTaxBookLine(line);
    const bad = book ? badBookRow(row as SourcedBookRow) : badTaxBookRow(row as SourcedTaxBookRow);
    if (bad !== null) {
      this.left.addInvalid(book ? 'book' : 'taxBook', bf, seq, row, bad);
      ids.push(-1);
      return;
    }
    const key = book ? bookIdentity(row as SourcedBookRow) : taxBookIdentity(row as SourcedTaxBookRow);
    const numbers = book ? this.bookIds : this.taxBookIds;
    const identities = book ? this.bookIdentities : this.taxBookIdentities;
    let id = numbers.get(key);
    if (id === undefined) {
      id = identities.length;
      numbers.set(key, id);
      identities.push({ row: detached(row), broughtForward: bf, seq, rows: 0 });
    } else if (identities[id]!.broughtForward && !bf) {
      // the current year's rows are read before the brought-forward ones, whatever order they arrive in
      identities[id] = { row: detached(row), broughtForward: bf, seq, rows: identities[id]!.rows };
    }
    identities[id]!.rows++;
    ids.push(id);
  }

  // Plans the year from its identities and sorts the rows into buckets of parties.
  compute(onProgress: (finished: number, total: number) => void): StreamedSummary {
    for (const side of READING_ORDER) this.input(side, new Uint8Array(0), true);
    for (const side of READING_ORDER) this.spools[side].close();
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      this.timings[name] = Math.round(now - mark);
      mark = now;
    };
    const request = this.request;
    const inReadingOrder = (list: Identity[]) =>
      list
        .slice()
        .sort((a, b) => Number(a.broughtForward) - Number(b.broughtForward) || a.seq - b.seq)
        .map((i) => i.row);
    const plan = planByIdentity(
      {
        kind: request.kind,
        financialYear: request.financialYear,
        parties: request.parties,
        mappings: request.mappings,
        book: inReadingOrder(this.bookIdentities) as SourcedBookRow[],
        taxBook: inReadingOrder(this.taxBookIdentities) as SourcedTaxBookRow[],
      },
      request.options,
    );
    this.plan = plan;
    const bookPlaces = this.bookIdentities.map((i) => plan.placeBook(i.row as SourcedBookRow)!);
    const taxBookPlaces = this.taxBookIdentities.map((i) => plan.placeTaxBook(i.row as SourcedTaxBookRow)!);

    // The parties to write (all, or those chosen), numbered in the plan's order.
    const selected = request.selected ? new Set(request.selected) : null;
    const ordinal = plan.parties.map(() => -1);
    plan.parties.forEach((p, i) => {
      if (!selected || selected.has(p.key) || p.members.some((m) => selected.has(m))) {
        ordinal[i] = this.partyOf.length;
        this.partyOf.push(i);
      }
    });
    // Buckets: runs of parties in order, about BUCKET_ROWS rows each.
    const rowsOf = this.partyOf.map(() => 0);
    const count = (identities: Identity[], places: Placement[]) =>
      identities.forEach((identity, id) => {
        const p = places[id]!;
        if (p.placed && ordinal[p.party]! >= 0) rowsOf[ordinal[p.party]!]! += identity.rows;
      });
    count(this.bookIdentities, bookPlaces);
    count(this.taxBookIdentities, taxBookPlaces);
    const bucketOf = new Int32Array(this.partyOf.length);
    let size = 0;
    for (let o = 0; o < this.partyOf.length; o++) {
      if (this.buckets.length === 0 || size >= BUCKET_ROWS) {
        this.buckets.push({ file: path.join(this.dir, `bucket-${this.buckets.length}.txt`), from: o, to: o });
        size = 0;
      }
      const b = this.buckets.length - 1;
      this.buckets[b]!.to = o + 1;
      bucketOf[o] = b;
      size += rowsOf[o]!;
    }
    lap('plan');

    const out = this.buckets.map((b) => new SpoolFile(b.file));
    for (const side of READING_ORDER) {
      const book = isBook(side);
      const places = book ? bookPlaces : taxBookPlaces;
      const ids = this.ids[side];
      const code = SIDE_CODE[side];
      let seq = 0;
      readLines(path.join(this.dir, `${side}.txt`), (line) => {
        const id = ids.at(seq);
        if (id >= 0) {
          const p = places[id]!;
          if (!p.placed) {
            if (!selected) {
              const row = book ? decodeBookLine(line) : decodeTaxBookLine(line);
              this.left.addUnplaced(book ? 'book' : 'taxBook', isBroughtForward(side), seq, row, p);
            }
          } else {
            const o = ordinal[p.party]!;
            if (o >= 0) {
              out[bucketOf[o]!]!.write(
                `${code}\t${o}\t${p.phase}\t${VIAS.indexOf(p.via)}\t${seq}\t${line}\n`,
              );
            }
          }
        }
        seq++;
      });
    }
    for (const f of out) f.close();
    this.unresolved = selected ? [] : this.left.sorted();
    this.unresolvedCount = this.unresolved.length;
    for (const u of this.unresolved) this.fold.addUnresolved(u);
    lap('route');
    onProgress(1, 1);
    return this.figures();
  }

  private figures(): StreamedSummary {
    const s = this.fold.summary;
    const read = (side: InputSide) => this.ids[side].length;
    return {
      options: this.plan!.options,
      warnings: this.plan!.warnings,
      decisionErrors: [],
      applied: 0,
      stats: {
        bookRows: read('book'),
        taxBookRows: read('taxBook'),
        broughtForwardBookRows: read('broughtForwardBook'),
        broughtForwardTaxBookRows: read('broughtForwardTaxBook'),
        parties: this.partyOf.length,
        unresolved: this.unresolvedCount,
        categories: { ...s.categories },
        claimableTax: s.claimableTax,
      },
      timings: this.timings,
      parties: this.partyOf.length,
    };
  }

  private load(b: { file: string; from: number; to: number }): LoadedBucket {
    const bucket: LoadedBucket = {
      from: b.from,
      to: b.to,
      next: b.from,
      book: new Map(),
      taxBook: new Map(),
    };
    readLines(b.file, (text) => {
      const cut: number[] = [];
      let at = -1;
      for (let k = 0; k < 5; k++) {
        at = text.indexOf('\t', at + 1);
        cut.push(at);
      }
      const code = text.slice(0, cut[0]);
      const o = Number(text.slice(cut[0]! + 1, cut[1]));
      const phase = Number(text.slice(cut[1]! + 1, cut[2]));
      const via = VIAS[Number(text.slice(cut[2]! + 1, cut[3]))]!;
      const seq = Number(text.slice(cut[3]! + 1, cut[4]));
      const line = text.slice(cut[4]! + 1);
      const broughtForward = code === 't' || code === 'b';
      if (code === 'B' || code === 'b') {
        const list = bucket.book.get(o) ?? [];
        list.push({ row: decodeBookLine(line), broughtForward, seq, via, phase });
        bucket.book.set(o, list);
      } else {
        const list = bucket.taxBook.get(o) ?? [];
        list.push({ row: decodeTaxBookLine(line), broughtForward, seq, via, phase });
        bucket.taxBook.set(o, list);
      }
    });
    return bucket;
  }

  // The next parties, matched and encoded as COPY text; the rows not
  // considered and the final figures come with the last batch.
  nextBatch(chars = OUTPUT_BATCH_CHARS): OutputBatch {
    const plan = this.plan;
    if (!plan) throw new Error('nextBatch before compute');
    const scope = this.request.scope;
    const partyOut = new ChunkWriter();
    const rowOut = new ChunkWriter(1 << 20);
    let written = 0;
    const counted = (line: string) => {
      written += line.length;
      rowOut.add(line);
    };
    let matchMs = 0;
    let encodeMs = 0;
    while (written < chars) {
      if (!this.current || this.current.next >= this.current.to) {
        if (this.nextBucket >= this.buckets.length) break;
        const started = performance.now();
        this.current = this.load(this.buckets[this.nextBucket++]!);
        this.timings.load = (this.timings.load ?? 0) + Math.round(performance.now() - started);
      }
      const bucket = this.current;
      const o = bucket.next++;
      const started = performance.now();
      const work = workOf(
        plan.parties[this.partyOf[o]!]!,
        bucket.book.get(o) ?? [],
        bucket.taxBook.get(o) ?? [],
      );
      bucket.book.delete(o);
      bucket.taxBook.delete(o);
      const result = reconcileParty(work, plan);
      this.fold.addParty(result);
      const matched = performance.now();
      matchMs += matched - started;
      partyOut.add(partyLine(scope, o, result));
      rowLines(scope, o, result, counted);
      encodeMs += performance.now() - matched;
    }
    const done = this.current ? this.current.next : 0;
    const last =
      this.nextBucket >= this.buckets.length && (!this.current || this.current.next >= this.current.to);
    const unresolvedOut = new ChunkWriter();
    if (last && this.summary === null) {
      const started = performance.now();
      for (const u of this.unresolved) unresolvedOut.add(unresolvedLine(scope, u));
      this.unresolved = [];
      encodeMs += performance.now() - started;
    }
    this.timings.match = (this.timings.match ?? 0) + Math.round(matchMs);
    this.timings.encode = (this.timings.encode ?? 0) + Math.round(encodeMs);
    if (last && this.summary === null) {
      this.summary = this.figures();
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
    return {
      partyChunks: partyOut.finish(),
      rowChunks: rowOut.finish(),
      unresolvedChunks: unresolvedOut.finish(),
      done: last ? this.partyOf.length : done,
      total: this.partyOf.length,
      last,
      ...(last && this.summary ? { summary: this.summary } : {}),
    };
  }
}
