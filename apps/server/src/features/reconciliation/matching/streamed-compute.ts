import {
  applyDecisions,
  assembleResult,
  type PartyResult,
  planReconciliation,
  type ReconcileResult,
  reconcileParties,
} from '@taxrecon/engine';
import { Utf8Lines } from '@taxrecon/formats';
import { batchesOf, type ComputeRequest, type ComputeResult, statsOf } from './compute.ts';
import { ByteChunkWriter, ChunkWriter } from './copy-text.ts';
import { partyLine, rowLines, unresolvedLine } from './result-codec.ts';
import type { ResultJsonLists } from './result-json-items.ts';
import {
  decodeBookRows,
  decodeTaxBookRows,
  type SourcedBookRow,
  type SourcedTaxBookRow,
} from './source-rows.ts';

// The whole-year reconciliation job with bounded memory around the engine:
// the rows come in as COPY text in batches (decoded as they arrive, the text
// of a batch dropped once its lines are rows), and the result goes out in
// batches of parties encoded as COPY text only when the writer asks for the
// next one, each party's result let go once it is encoded. What stays whole
// is what the engine needs whole: the year's rows (identity resolution looks
// across all of them) and the matched parties until they are written.
// Jobs take this way only when a decision needs the whole result, or with
// TAXRECON_RECON_WHOLE_YEAR=1; party-streamed-compute.ts is the usual one.

export type InputSide = 'book' | 'taxBook' | 'broughtForwardBook' | 'broughtForwardTaxBook';

// The request without its rows: they come separately, in batches.
export type StreamedRequest = Omit<
  ComputeRequest,
  'book' | 'taxBook' | 'broughtForwardBook' | 'broughtForwardTaxBook' | 'ordinals' | 'nextOrdinal'
>;

// Everything of a result but its rows.
export type StreamedSummary = Omit<
  ComputeResult,
  'partyChunks' | 'rowChunks' | 'unresolvedChunks' | 'rows'
> & {
  parties: number;
};

export interface OutputBatch {
  partyChunks: string[];
  // UTF-8 bytes: moved between threads, written to the database as they are
  rowChunks: Uint8Array[];
  unresolvedChunks: string[];
  // a computation asked for the result JSON's items gives them instead of COPY text
  json?: ResultJsonLists;
  // parties written so far, of `total`
  done: number;
  total: number;
  last: boolean;
  // with the last batch, when the figures were only known once every party was matched
  summary?: StreamedSummary;
}

// What the job's matching worker drives: rows in, compute, batches out.
export interface StreamedJob {
  input(side: InputSide, chunk: Uint8Array, end?: boolean): void;
  compute(onProgress: (finished: number, total: number) => void): StreamedSummary;
  // `chars`: about how much row text a batch holds, where the computation lets the caller choose
  nextBatch(chars?: number): OutputBatch | Promise<OutputBatch>;
}

// About this much COPY text of rows per output batch (characters).
export const OUTPUT_BATCH_CHARS = 8 << 20;

// Splits COPY text arriving in arbitrary byte chunks into whole lines.
export class LineAssembler {
  private readonly lines = new Utf8Lines();

  // The whole lines so far, as one text without its last newline ('' when none).
  push(chunk: Uint8Array, end = false): string {
    const text = end ? this.lines.push(chunk) + this.lines.end() : this.lines.push(chunk);
    return text.endsWith('\n') ? text.slice(0, -1) : text;
  }
}

export class StreamedComputation implements StreamedJob {
  private readonly lines = {
    book: new LineAssembler(),
    taxBook: new LineAssembler(),
    broughtForwardBook: new LineAssembler(),
    broughtForwardTaxBook: new LineAssembler(),
  };
  private readonly rows: {
    book: SourcedBookRow[];
    taxBook: SourcedTaxBookRow[];
    broughtForwardBook: SourcedBookRow[];
    broughtForwardTaxBook: SourcedTaxBookRow[];
  } = { book: [], taxBook: [], broughtForwardBook: [], broughtForwardTaxBook: [] };
  private readonly timings: Record<string, number> = { decode: 0 };
  private result: ReconcileResult | null = null;
  private next = 0;
  private unresolvedWritten = false;

  constructor(private readonly request: StreamedRequest) {}

  // One more chunk of a side's COPY text; `end` after its last.
  input(side: InputSide, chunk: Uint8Array, end = false): void {
    const started = performance.now();
    const text = this.lines[side].push(chunk, end);
    if (text.length > 0) {
      const into = this.rows[side] as (SourcedBookRow | SourcedTaxBookRow)[];
      const decoded =
        side === 'book' || side === 'broughtForwardBook' ? decodeBookRows(text) : decodeTaxBookRows(text);
      for (const row of decoded) into.push(row);
    }
    this.timings.decode! += Math.round(performance.now() - started);
  }

  // Plans, matches and applies the decisions; answers the figures.
  compute(onProgress: (finished: number, total: number) => void): StreamedSummary {
    const request = this.request;
    for (const side of Object.keys(this.lines) as InputSide[]) this.input(side, new Uint8Array(0), true);
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      this.timings[name] = Math.round(now - mark);
      mark = now;
    };
    const { book, taxBook, broughtForwardBook, broughtForwardTaxBook } = this.rows;
    const read = {
      book: book.length,
      taxBook: taxBook.length,
      bfBook: broughtForwardBook.length,
      bfTaxBook: broughtForwardTaxBook.length,
    };
    const plan = planReconciliation(
      {
        kind: request.kind,
        financialYear: request.financialYear,
        book,
        taxBook,
        parties: request.parties,
        mappings: request.mappings,
        broughtForward: { book: broughtForwardBook, taxBook: broughtForwardTaxBook },
      },
      request.options,
    );
    // the plan's work holds the rows from here
    this.rows.book = [];
    this.rows.taxBook = [];
    this.rows.broughtForwardBook = [];
    this.rows.broughtForwardTaxBook = [];
    const selected = request.selected ? new Set(request.selected) : null;
    const work = selected
      ? plan.work.filter((w) => selected.has(w.party.key) || w.party.members.some((m) => selected.has(m)))
      : plan.work;
    lap('plan');

    const batches = batchesOf(work, request.batches);
    plan.work = [];
    onProgress(0, batches.length);
    const parties: PartyResult[] = [];
    for (let i = 0; i < batches.length; i++) {
      for (const p of reconcileParties(batches[i]!, plan)) parties.push(p);
      batches[i] = []; // a batch's work is in its results now
      onProgress(i + 1, batches.length);
    }
    const { work: _work, ...planWithoutWork } = plan;
    const assembled = assembleResult(
      selected ? { ...planWithoutWork, unresolved: [] } : planWithoutWork,
      parties,
    );
    // (the result may hold this very array: assembleResult keeps parties already in key order)
    lap('match');
    const decided = applyDecisions(assembled, request.decisions);
    lap('decisions');
    this.result = decided.result;
    return {
      options: decided.result.options,
      warnings: decided.result.warnings,
      decisionErrors: decided.errors,
      applied: decided.applied,
      stats: statsOf(decided.result, read),
      timings: this.timings,
      parties: decided.result.parties.length,
    };
  }

  // The next batch of parties as COPY text (the rows not considered with the
  // last); each party's result is let go once encoded.
  nextBatch(chars = OUTPUT_BATCH_CHARS): OutputBatch {
    const result = this.result;
    if (!result) throw new Error('nextBatch before compute');
    const started = performance.now();
    const scope = this.request.scope;
    const parties = result.parties as (PartyResult | undefined)[];
    const partyOut = new ChunkWriter();
    const rowOut = new ByteChunkWriter(1 << 20);
    const add = (line: string) => rowOut.add(line);
    let written = 0;
    const counted = (line: string) => {
      written += line.length;
      add(line);
    };
    while (this.next < parties.length && written < chars) {
      const p = parties[this.next]!;
      partyOut.add(partyLine(scope, this.next, p));
      rowLines(scope, this.next, p, counted);
      parties[this.next] = undefined;
      this.next++;
    }
    const last = this.next >= parties.length;
    const unresolvedOut = new ChunkWriter();
    if (last && !this.unresolvedWritten) {
      for (const u of result.unresolved) unresolvedOut.add(unresolvedLine(scope, u));
      this.unresolvedWritten = true;
      (result as { unresolved: unknown[] }).unresolved = [];
    }
    this.timings.encode = (this.timings.encode ?? 0) + Math.round(performance.now() - started);
    return {
      partyChunks: partyOut.finish(),
      rowChunks: rowOut.finish(),
      unresolvedChunks: unresolvedOut.finish(),
      done: this.next,
      total: parties.length,
      last,
    };
  }
}
