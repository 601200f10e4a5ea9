import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  badBookRow,
  badTaxBookRow,
  type DecisionError,
  type IdentityPlan,
  type Placement,
  planByIdentity,
  SummaryFold,
  type UnresolvedRow,
  UnresolvedRows,
} from '@taxrecon/engine';
import { poolSize, WorkerPool } from '../../../lib/worker-pool.ts';
import { type BucketMessage, type BucketOutput, type BucketTask, matchBucket, VIAS } from './bucket-task.ts';
import { ChunkWriter } from './copy-text.ts';
import { DecisionRouter, type PartyDecision } from './decision-routing.ts';
import { IntList } from './int-list.ts';
import { isPlainRow, type KeyedLines, keyedText, NOT_PLAIN, SAME_IDENTITY } from './keyed-lines.ts';
import { unresolvedLine } from './result-codec.ts';
import { ResultJsonItems } from './result-json-items.ts';
import {
  decodeBookLine,
  decodeTaxBookLine,
  field,
  forEachLine,
  type SourcedBookRow,
  type SourcedTaxBookRow,
} from './source-rows.ts';
import { LineSpool, SpoolFile, spoolDirectory } from './spool-files.ts';
import {
  type InputSide,
  LineAssembler,
  type OutputBatch,
  StreamedComputation,
  type StreamedRequest,
  type StreamedSummary,
} from './streamed-compute.ts';

// The whole-year job in memory that does not grow with the year.
//
// Reading: each row is scanned for its identity (engine identity-plan.ts)
// and whether it is valid (a plain row is not decoded); its COPY text goes to
// a spool file on disk, and what stays is one row per identity and an
// identity number per row. Computing: the year is planned from the
// identities, and the spooled rows are sorted on disk into buckets of whole
// parties, in the plan's party order. Writing: a bucket at a time is read
// back, its parties matched (a person's decisions applied to their party:
// decision-routing.ts) and encoded as COPY text, and let go; buckets are
// matched in the pool's threads a window at a time and handed out in order.
// What stays in memory is the buckets in flight, the identities and the rows
// not considered. The COPY text is the same as the whole-year computation
// gives (streamed-compute.unit.test.ts compares them). When a decision cannot
// be applied to one party alone, the spooled rows go to the whole-year
// computation after all.

// Field k (0-based) of a line of the 16 content columns, given where its first 15 tabs are.
const fieldAt = (line: string, tab: Int32Array, k: number): string =>
  line.slice(k === 0 ? 0 : tab[k - 1]! + 1, k < 15 ? tab[k]! : line.length);

const spoolRoot = () => process.env.TAXRECON_SPOOL_DIR || os.tmpdir();
const spoolName = (jobId: string) => `taxrecon-recon-${jobId}`;

// Removes what a job's computation left on disk (it removes it itself when
// it finishes; a job that failed or was stopped part-way may not have).
export const removeSpool = (jobId: string): void =>
  fs.rmSync(path.join(spoolRoot(), spoolName(jobId)), { recursive: true, force: true });

// About this many rows go to a bucket.
const BUCKET_ROWS = 20_000;

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

export class PartyStreamedComputation {
  private readonly dir: string;
  private readonly lines: Record<InputSide, LineAssembler> = {
    book: new LineAssembler(),
    taxBook: new LineAssembler(),
    broughtForwardBook: new LineAssembler(),
    broughtForwardTaxBook: new LineAssembler(),
  };
  private readonly spools: Record<InputSide, SpoolFile>;
  // identity numbers, one per row (-1: an invalid row)
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
  private readonly tabs = new Int32Array(15);
  // each side's last identity text read from a line and its number (a text's
  // number never changes: a brought-forward row replaced keeps it)
  private readonly last: Record<InputSide, { key: string; id: number }> = {
    book: { key: '', id: -1 },
    taxBook: { key: '', id: -1 },
    broughtForwardBook: { key: '', id: -1 },
    broughtForwardTaxBook: { key: '', id: -1 },
  };
  private readonly timings: Record<string, number> = { decode: 0 };
  private plan: IdentityPlan | null = null;
  // output ordinal -> the plan's party
  private partyOf: number[] = [];
  private buckets: { file: string; from: number; to: number }[] = [];
  private nextBucket = 0;
  private readonly pool: WorkerPool | null;
  // the buckets as the pool's threads match them, in order, and those matched but not yet handed out
  private matched: AsyncGenerator<BucketOutput[]> | null = null;
  private waiting: BucketOutput[] = [];
  private unresolved: UnresolvedRow[] = [];
  private unresolvedCount = 0;
  private readonly fold = new SummaryFold();
  private summary: StreamedSummary | null = null;

  private readonly bucketRows: number;
  private readonly output: 'copy' | 'json';
  private readonly router: DecisionRouter;
  private partyDecisions = new Map<number, PartyDecision[]>();
  private decisionErrors: DecisionError[] = [];
  private applied = 0;
  // the whole-year computation, when the decisions need it after all
  private whole: StreamedComputation | null = null;

  constructor(
    private readonly request: StreamedRequest,
    settings: {
      spoolRoot?: string;
      bucketRows?: number;
      threads?: number;
      output?: 'copy' | 'json';
      // bytes of each side's rows kept in memory before they go to disk (0: all to disk)
      spoolMemoryBytes?: number;
      // threads already running whose module also takes bucket messages
      // (parsing/parse-chunk.ts): the command line's parsing threads match the
      // buckets too, instead of two more threads loading the code again
      pool?: WorkerPool;
    } = {},
  ) {
    this.dir = spoolDirectory(settings.spoolRoot ?? spoolRoot(), spoolName(request.scope.jobId));
    this.bucketRows = settings.bucketRows ?? BUCKET_ROWS;
    this.output = settings.output ?? 'copy';
    this.router = new DecisionRouter(request.decisions);
    const threads = settings.threads ?? poolSize();
    this.pool =
      settings.pool ??
      (threads > 1
        ? new WorkerPool(
            { compiled: 'match-bucket', source: new URL('./bucket-task.ts', import.meta.url) },
            threads,
          )
        : null);
    const spool = (side: InputSide) =>
      new SpoolFile(path.join(this.dir, `${side}.txt`), settings.spoolMemoryBytes ?? 0);
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

  // Whole lines of a side's COPY text (each ending in a newline), as a string.
  inputText(side: InputSide, text: string): void {
    if (text.length === 0) return;
    const started = performance.now();
    this.spools[side].write(text);
    forEachLine(text.endsWith('\n') ? text.slice(0, -1) : text, (line) => this.take(side, line));
    this.timings.decode! += Math.round(performance.now() - started);
  }

  // Whole lines of a side with where each line's identity stands, from a
  // parsing thread (keyed-lines.ts): the same as inputText(side,
  // keyedText(lines)), without scanning every line for its fields.
  inputKeyed(side: InputSide, lines: KeyedLines): void {
    // a decision may name any row: every line is read for what it names
    if (this.router.active) {
      this.inputText(side, keyedText(lines));
      return;
    }
    const started = performance.now();
    // (the bytes were moved here from the parsing thread: the spool may keep them)
    this.spools[side].write(lines.bytes ?? lines.text ?? '', true);
    const text = keyedText(lines);
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
    this.timings.decode! += Math.round(performance.now() - started);
  }

  // Removes what the computation keeps on disk, when it is given up part-way.
  abandon(): void {
    for (const side of READING_ORDER) this.spools[side].close();
    fs.rmSync(this.dir, { recursive: true, force: true });
    void this.pool?.close();
  }

  // A row read for what planning needs: its identity and whether it is valid.
  // Most rows are neither new identities nor doubtful, and are not decoded.
  private take(side: InputSide, line: string): void {
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

  // Plans the year from its identities and sorts the rows into buckets of parties.
  compute(onProgress: (finished: number, total: number) => void): StreamedSummary {
    // the matching threads start while this one plans
    this.pool?.warm();
    for (const side of READING_ORDER) this.input(side, new Uint8Array(0), true);
    for (const side of READING_ORDER) {
      this.spools[side].close();
      // a slice keeps the whole chunk it was cut from
      this.last[side].key = '';
    }
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      this.timings[name] = Math.round(now - mark);
      mark = now;
    };
    const request = this.request;
    // each side's identity numbers in reading order (the plan takes the rows so)
    const inReadingOrder = (list: Identity[]) =>
      list
        .map((_, id) => id)
        .sort(
          (a, b) =>
            Number(list[a]!.broughtForward) - Number(list[b]!.broughtForward) || list[a]!.seq - list[b]!.seq,
        );
    const bookOrder = inReadingOrder(this.bookIdentities);
    const taxBookOrder = inReadingOrder(this.taxBookIdentities);
    const plan = planByIdentity(
      {
        kind: request.kind,
        financialYear: request.financialYear,
        parties: request.parties,
        mappings: request.mappings,
        book: bookOrder.map((id) => this.bookIdentities[id]!.row) as SourcedBookRow[],
        taxBook: taxBookOrder.map((id) => this.taxBookIdentities[id]!.row) as SourcedTaxBookRow[],
        // one valid row per identity (kept from the first valid row of each identity's text)
        distinct: true,
      },
      request.options,
    );
    this.plan = plan;
    // every identity is valid (its row was kept as valid), so every one is placed
    const placesOf = (order: number[], placements: readonly (Placement | undefined)[]) => {
      const places: Placement[] = new Array(order.length);
      order.forEach((id, i) => {
        places[id] = placements[i]!;
      });
      return places;
    };
    const bookPlaces = placesOf(bookOrder, plan.bookPlacements);
    const taxBookPlaces = placesOf(taxBookOrder, plan.taxBookPlacements);

    // The parties to write (all, or those chosen), numbered in the plan's order.
    const selected = request.selected ? new Set(request.selected) : null;
    const ordinal = plan.parties.map(() => -1);
    plan.parties.forEach((p, i) => {
      if (!selected || selected.has(p.key) || p.members.some((m) => selected.has(m))) {
        ordinal[i] = this.partyOf.length;
        this.partyOf.push(i);
      }
    });
    if (this.router.active) {
      const routed = this.router.route(bookPlaces, taxBookPlaces, ordinal);
      if (routed === null) return this.holdWholeYear(onProgress);
      this.partyDecisions = routed;
    }
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
      if (this.buckets.length === 0 || size >= this.bucketRows) {
        this.buckets.push({ file: path.join(this.dir, `bucket-${this.buckets.length}.txt`), from: o, to: o });
        size = 0;
      }
      const b = this.buckets.length - 1;
      this.buckets[b]!.to = o + 1;
      bucketOf[o] = b;
      size += rowsOf[o]!;
    }
    lap('plan');

    // Each row's text goes to its party's bucket as bytes, behind a head
    // saying where it goes and how it is ordered there.
    const out = this.buckets.map((b) => new LineSpool(b.file));
    for (const side of READING_ORDER) {
      const book = isBook(side);
      const places = book ? bookPlaces : taxBookPlaces;
      const ids = this.ids[side];
      const code = SIDE_CODE[side];
      // Each identity's head up to its row's number, as bytes: all in one
      // buffer, identity `id`'s from headAt[id] to headAt[id + 1] (none: its
      // party is not written). One buffer, not one per identity: at 60,000
      // parties a buffer each cost more than it saved.
      const texts = places.map((p) =>
        p.placed && ordinal[p.party]! >= 0
          ? `${code}\t${ordinal[p.party]}\t${p.phase}\t${VIAS.indexOf(p.via)}\t`
          : '',
      );
      const headAt = new Int32Array(texts.length + 1);
      texts.forEach((t, id) => {
        headAt[id + 1] = headAt[id]! + t.length;
      });
      const heads = Buffer.from(texts.join(''), 'latin1');
      let seq = 0;
      this.spools[side].readLineBytes((bytes, start, end) => {
        const id = ids.at(seq);
        if (id >= 0) {
          const p = places[id]!;
          if (!p.placed) {
            if (!selected) {
              const line = bytes.toString('utf8', start, end);
              const row = book ? decodeBookLine(line) : decodeTaxBookLine(line);
              this.left.addUnplaced(book ? 'book' : 'taxBook', isBroughtForward(side), seq, row, p);
            }
          } else {
            const from = headAt[id]!;
            const to = headAt[id + 1]!;
            if (to > from)
              out[bucketOf[ordinal[p.party]!]!]!.numberedLine(heads, from, to, seq, bytes, start, end);
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

  // The spooled rows handed to the whole-year computation, as read.
  private holdWholeYear(onProgress: (finished: number, total: number) => void): StreamedSummary {
    if (this.output === 'json')
      throw new Error('the result JSON is made a party at a time, without decisions');
    const whole = new StreamedComputation(this.request);
    // (each piece is decoded at once: it may be let go on return)
    for (const side of READING_ORDER) this.spools[side].readPieces((bytes) => whole.input(side, bytes));
    fs.rmSync(this.dir, { recursive: true, force: true });
    void this.pool?.close();
    this.whole = whole;
    return whole.compute(onProgress);
  }

  private figures(): StreamedSummary {
    const s = this.fold.summary;
    const read = (side: InputSide) => this.ids[side].length;
    return {
      options: this.plan!.options,
      warnings: this.plan!.warnings,
      decisionErrors: this.decisionErrors.slice().sort((a, b) => a.index - b.index),
      applied: this.applied,
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

  private task(b: { file: string; from: number; to: number }): BucketTask {
    const plan = this.plan!;
    return {
      file: b.file,
      from: b.from,
      to: b.to,
      parties: this.partyOf.slice(b.from, b.to).map((i) => plan.parties[i]!),
      context: { kind: plan.kind, financialYear: plan.financialYear, options: plan.options },
      scope: this.request.scope,
      decisions: Object.fromEntries(
        [...this.partyDecisions].filter(([o]) => o >= b.from && o < b.to),
      ) as Record<number, PartyDecision[]>,
      output: this.output,
    };
  }

  // The next bucket's parties, matched and encoded as COPY text; the rows not
  // considered and the final figures come with the last batch. With threads,
  // the buckets are matched side by side (a thread takes the next bucket as
  // soon as it is done with one, at most a bucket a thread ahead of the writer) and handed out in order.
  // (a batch is a bucket: `chars` is only for the whole-year way)
  nextBatch(chars?: number): OutputBatch | Promise<OutputBatch> {
    if (this.whole) return this.whole.nextBatch(chars);
    if (!this.plan) throw new Error('nextBatch before compute');
    if (this.nextBucket >= this.buckets.length) return this.batch(null);
    if (!this.pool) return this.batch(matchBucket(this.task(this.buckets[this.nextBucket++]!)));
    const pool = this.pool;
    this.matched ??= pool.runInWindows<BucketMessage, BucketOutput>(
      this.buckets.slice(this.nextBucket).map((b) => ({ type: 'match-bucket', bucket: this.task(b) })),
      () => [],
      pool.size,
    );
    this.nextBucket++;
    return this.takeMatched().then((output) => this.batch(output));
  }

  private async takeMatched(): Promise<BucketOutput> {
    while (this.waiting.length === 0) {
      const step = await this.matched!.next();
      if (step.done) throw new Error('the matching threads gave fewer buckets than were planned');
      for (const output of step.value) this.waiting.push(output);
    }
    return this.waiting.shift()!;
  }

  private batch(output: BucketOutput | null): OutputBatch {
    if (output) {
      this.fold.merge(output.summary);
      for (const e of output.decisionErrors) this.decisionErrors.push(e);
      this.applied += output.applied;
      for (const k of ['load', 'match', 'encode'] as const) {
        this.timings[k] = (this.timings[k] ?? 0) + output.timings[k];
      }
    }
    const last = this.nextBucket >= this.buckets.length;
    const unresolvedOut = new ChunkWriter();
    let json = output?.json ?? undefined;
    if (last && this.summary === null) {
      if (this.output === 'json') {
        const items = new ResultJsonItems(this.request.kind);
        for (const u of this.unresolved) items.unresolved(u.ref, u.reason);
        const rest = items.finish();
        json = json ? { ...json, unresolved: rest.unresolved, unresolvedCount: rest.unresolvedCount } : rest;
      } else for (const u of this.unresolved) unresolvedOut.add(unresolvedLine(this.request.scope, u));
      this.unresolved = [];
      this.summary = this.figures();
      fs.rmSync(this.dir, { recursive: true, force: true });
      void this.pool?.close();
    }
    const done = this.nextBucket > 0 ? this.buckets[this.nextBucket - 1]!.to : 0;
    return {
      partyChunks: output?.partyChunks ?? [],
      rowChunks: output?.rowChunks ?? [],
      unresolvedChunks: unresolvedOut.finish(),
      ...(json ? { json } : {}),
      done,
      total: this.partyOf.length,
      last,
      ...(last && this.summary ? { summary: this.summary } : {}),
    };
  }
}
