import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type DecisionError,
  type IdentityPlan,
  type Placement,
  planByIdentity,
  SummaryFold,
  type UnresolvedRow,
} from '@taxrecon/engine';
import { poolSize, WorkerPool } from '../../../lib/worker-pool.ts';
import { type BucketPartMessage, type BucketPartOutput, bucketPartFile } from './bucket-part.ts';
import {
  type Bucket,
  bucketPartTasks,
  bucketPartTransfer,
  leaveUnplaced,
  type Placed,
  planBuckets,
  READING_ORDER,
  sortIntoBuckets,
} from './bucket-sort.ts';
import { type BucketMessage, type BucketOutput, type BucketTask, matchBucket } from './bucket-task.ts';
import { ChunkWriter } from './copy-text.ts';
import { DecisionRouter, type PartyDecision } from './decision-routing.ts';
import { type Identity, IdentityIntake } from './identity-intake.ts';
import { type KeyedLines, keyedText } from './keyed-lines.ts';
import { unresolvedLine } from './result-codec.ts';
import { ResultJsonItems } from './result-json-items.ts';
import { forEachLine, type SourcedBookRow, type SourcedTaxBookRow } from './source-rows.ts';
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
// Reading: each row is scanned for its identity and whether it is valid
// (identity-intake.ts); its COPY text goes to a spool file on disk, and what
// stays is one row per identity and an identity number per row. Computing:
// the year is planned from the identities, and the spooled rows are sorted on
// disk into buckets of whole parties, in the plan's party order
// (bucket-sort.ts). Writing: a bucket at a time is read back, its parties
// matched (a person's decisions applied to their party:
// decision-routing.ts) and encoded as COPY text, and let go; buckets are
// matched in the pool's threads a window at a time and handed out in order.
// What stays in memory is the buckets in flight, the identities and the rows
// not considered. The COPY text is the same as the whole-year computation
// gives (streamed-compute.unit.test.ts compares them). When a decision cannot
// be applied to one party alone, the spooled rows go to the whole-year
// computation after all.

const spoolRoot = () => process.env.TAXRECON_SPOOL_DIR || os.tmpdir();
const spoolName = (jobId: string) => `taxrecon-recon-${jobId}`;

// Removes what a job's computation left on disk (it removes it itself when
// it finishes; a job that failed or was stopped part-way may not have).
export const removeSpool = (jobId: string): void =>
  fs.rmSync(path.join(spoolRoot(), spoolName(jobId)), { recursive: true, force: true });

// About this many rows go to a bucket.
const BUCKET_ROWS = 20_000;

export class PartyStreamedComputation {
  private readonly dir: string;
  private readonly lines: Record<InputSide, LineAssembler> = {
    book: new LineAssembler(),
    taxBook: new LineAssembler(),
    broughtForwardBook: new LineAssembler(),
    broughtForwardTaxBook: new LineAssembler(),
  };
  private readonly spools: Record<InputSide, SpoolFile>;
  private readonly intake: IdentityIntake;
  private readonly timings: Record<string, number> = { decode: 0 };
  private plan: IdentityPlan | null = null;
  // the parties chosen to be written (null: all)
  private readonly selected: Set<string> | null;
  // between the plan and the sort into buckets: where each identity goes
  private placing: { placed: Placed; bucketOf: Int32Array } | null = null;
  private mark = 0;
  // output ordinal -> the plan's party
  private partyOf: number[] = [];
  private buckets: Bucket[] = [];
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
    this.selected = request.selected ? new Set(request.selected) : null;
    this.intake = new IdentityIntake(this.router);
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
    if (text.length > 0) forEachLine(text, (line) => this.intake.take(side, line));
    this.timings.decode! += Math.round(performance.now() - started);
  }

  // Whole lines of a side's COPY text (each ending in a newline), as a string.
  inputText(side: InputSide, text: string): void {
    if (text.length === 0) return;
    const started = performance.now();
    let lines = 0;
    forEachLine(text.endsWith('\n') ? text.slice(0, -1) : text, (line) => {
      this.intake.take(side, line);
      lines++;
    });
    this.spools[side].write(text, false, lines);
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
    this.spools[side].write(lines.bytes ?? lines.text ?? '', true, lines.starts.length - 1);
    this.intake.keyed(side, lines, keyedText(lines));
    this.timings.decode! += Math.round(performance.now() - started);
  }

  // Removes what the computation keeps on disk, when it is given up part-way.
  abandon(): void {
    for (const side of READING_ORDER) this.spools[side].close();
    fs.rmSync(this.dir, { recursive: true, force: true });
    void this.pool?.close();
  }

  // Plans the year from its identities and sorts the rows into buckets of parties.
  compute(onProgress: (finished: number, total: number) => void): StreamedSummary {
    const early = this.planYear(onProgress);
    if (early) return early;
    this.sortHere();
    return this.sorted(onProgress);
  }

  // The same, the rows sorted into buckets in the pool's threads when they
  // are all in memory (the command line's way: bucket-sort.ts bucketPartTasks).
  async computeInThreads(onProgress: (finished: number, total: number) => void): Promise<StreamedSummary> {
    const early = this.planYear(onProgress);
    if (early) return early;
    const { placed, bucketOf } = this.placing!;
    const tasks = this.pool
      ? bucketPartTasks(this.spools, this.intake, placed, bucketOf, this.pool.size, this.dir, !this.selected)
      : null;
    // (the timings tell how many parts the threads sorted: 0, none)
    this.timings.parts = tasks?.length ?? 0;
    if (!tasks) this.sortHere();
    else {
      const outputs = await this.pool!.run<BucketPartMessage, BucketPartOutput>(
        tasks.map((part) => ({ type: 'sort-bucket-part', part })),
        (m) => bucketPartTransfer(m.part),
      );
      outputs.forEach((output, part) => {
        for (const b of output.buckets) this.buckets[b]!.files.push(bucketPartFile(this.dir, b, part));
        for (const u of output.unplaced) leaveUnplaced(this.intake, placed, u.side, u.seq, u.line);
      });
    }
    return this.sorted(onProgress);
  }

  // The year planned and its buckets laid out; a summary instead when the
  // decisions need the whole-year computation after all.
  private planYear(onProgress: (finished: number, total: number) => void): StreamedSummary | null {
    // the matching threads start while this one plans
    this.pool?.warm();
    for (const side of READING_ORDER) this.input(side, new Uint8Array(0), true);
    for (const side of READING_ORDER) this.spools[side].close();
    this.intake.finish();
    this.mark = performance.now();
    const request = this.request;
    // each side's identity numbers in reading order (the plan takes the rows so)
    const inReadingOrder = (list: Identity[]) =>
      list
        .map((_, id) => id)
        .sort(
          (a, b) =>
            Number(list[a]!.broughtForward) - Number(list[b]!.broughtForward) || list[a]!.seq - list[b]!.seq,
        );
    const { bookIdentities, taxBookIdentities } = this.intake;
    const bookOrder = inReadingOrder(bookIdentities);
    const taxBookOrder = inReadingOrder(taxBookIdentities);
    const plan = planByIdentity(
      {
        kind: request.kind,
        financialYear: request.financialYear,
        parties: request.parties,
        mappings: request.mappings,
        book: bookOrder.map((id) => bookIdentities[id]!.row) as SourcedBookRow[],
        taxBook: taxBookOrder.map((id) => taxBookIdentities[id]!.row) as SourcedTaxBookRow[],
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
    const selected = this.selected;
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
    const placed: Placed = { bookPlaces, taxBookPlaces, ordinal, parties: this.partyOf.length };
    const { buckets, bucketOf } = planBuckets(this.intake, placed, this.bucketRows);
    this.buckets = buckets;
    this.placing = { placed, bucketOf };
    this.lap('plan');
    return null;
  }

  // The rows sorted into buckets on this thread, a file each.
  private sortHere(): void {
    const { placed, bucketOf } = this.placing!;
    const out = this.buckets.map((b, i) => {
      b.files = [path.join(this.dir, `bucket-${i}.txt`)];
      return new LineSpool(b.files[0]!);
    });
    sortIntoBuckets(this.spools, this.intake, placed, bucketOf, out, !this.selected);
    for (const f of out) f.close();
  }

  private sorted(onProgress: (finished: number, total: number) => void): StreamedSummary {
    this.placing = null;
    this.unresolved = this.selected ? [] : this.intake.left.sorted();
    this.unresolvedCount = this.unresolved.length;
    for (const u of this.unresolved) this.fold.addUnresolved(u);
    this.lap('route');
    onProgress(1, 1);
    return this.figures();
  }

  private lap(name: string): void {
    const now = performance.now();
    this.timings[name] = Math.round(now - this.mark);
    this.mark = now;
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
    const read = (side: InputSide) => this.intake.ids[side].length;
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

  private task(b: Bucket): BucketTask {
    const plan = this.plan!;
    return {
      files: b.files,
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
