import {
  applyDecisions,
  assembleResult,
  type DecisionError,
  type GatheredRow,
  type PartyInfo,
  type PlanContext,
  type ResolvedBy,
  type ResultSummary,
  reconcileParty,
  SummaryFold,
  workOf,
} from '@taxrecon/engine';
import { type BucketPartMessage, sortBucketPart } from './bucket-part.ts';
import { ByteChunkWriter, ChunkWriter, transferOf } from './copy-text.ts';
import type { PartyDecision } from './decision-routing.ts';
import { type JobScope, partyLine, rowLines } from './result-codec.ts';
import { jsonTransfer, ResultJsonItems, type ResultJsonLists } from './result-json-items.ts';
import {
  decodeBookLine,
  decodeTaxBookLine,
  type SourcedBookRow,
  type SourcedTaxBookRow,
} from './source-rows.ts';
import { readLines } from './spool-files.ts';

// One bucket of a party-at-a-time job (party-streamed-compute.ts): its rows
// read back from disk, each party gathered, matched and encoded as COPY text.
// Pure apart from reading (and removing) its file, so buckets run in any
// thread; the job writes their output in bucket order. The job wants COPY
// text for its tables; `taxrecon reconcile` wants the items of its result
// JSON (result-json-items.ts).

export const VIAS: readonly ResolvedBy[] = [
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

export interface BucketTask {
  // its lines, in one file or in parts (bucket-part.ts), each removed once read
  files: string[];
  // output ordinals [from, to), and their parties in that order
  from: number;
  to: number;
  parties: PartyInfo[];
  context: PlanContext;
  scope: JobScope;
  // the decisions of parties of this bucket, by output ordinal
  decisions: Record<number, PartyDecision[]>;
  output: 'copy' | 'json';
}

export interface BucketOutput {
  partyChunks: string[];
  // UTF-8, moved to the job's thread rather than copied (copy-text.ts)
  rowChunks: Uint8Array[];
  // output 'json': the parties' items instead of COPY text
  json: ResultJsonLists | null;
  summary: ResultSummary;
  decisionErrors: DecisionError[];
  applied: number;
  timings: { load: number; match: number; encode: number };
}

// The whole number written from `from` up to the next tab (the bucket
// line's own fields: no string cut out for them).
const numberAt = (text: string, from: number): number => {
  let n = 0;
  for (let i = from; ; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return n;
    n = n * 10 + (c - 48);
  }
};

// A bucket line: "<side code>\t<ordinal>\t<phase>\t<via>\t<seq>\t<the row's COPY text>".
// The lines are kept as read, by party, and a party's are decoded just before
// it is matched: its row objects then die young. Decoded all at once, a
// bucket's rows outlived the young generation's scavenges and were copied
// and promoted (issue 14, session 18).
const decodeParty = (
  lines: string[],
  book: GatheredRow<SourcedBookRow>[],
  taxBook: GatheredRow<SourcedTaxBookRow>[],
): void => {
  for (const text of lines) {
    // the side code is one character, so the ordinal starts at 2
    const phaseAt = text.indexOf('\t', 2) + 1;
    const viaAt = text.indexOf('\t', phaseAt) + 1;
    const seqAt = text.indexOf('\t', viaAt) + 1;
    const lineAt = text.indexOf('\t', seqAt) + 1;
    const code = text.charCodeAt(0);
    const phase = numberAt(text, phaseAt);
    const via = VIAS[numberAt(text, viaAt)]!;
    const seq = numberAt(text, seqAt);
    const line = text.slice(lineAt);
    // 'B' / 'b': the book, this year / brought forward; 'T' / 't': 26AS
    const broughtForward = code === 98 || code === 116;
    if (code === 66 || code === 98) book.push({ row: decodeBookLine(line), broughtForward, seq, via, phase });
    else taxBook.push({ row: decodeTaxBookLine(line), broughtForward, seq, via, phase });
  }
};

export const matchBucket = (task: BucketTask): BucketOutput => {
  const started = performance.now();
  const count = task.to - task.from;
  const lines: string[][] = Array.from({ length: count }, () => []);
  for (const file of task.files)
    readLines(file, (text) => {
      lines[numberAt(text, 2) - task.from]!.push(text);
    });
  let load = performance.now() - started;

  const fold = new SummaryFold();
  const partyOut = new ChunkWriter();
  const rowOut = new ByteChunkWriter(1 << 20);
  const add = (line: string) => rowOut.add(line);
  const json = task.output === 'json' ? new ResultJsonItems(task.context.kind) : null;
  let match = 0;
  const decisionErrors: DecisionError[] = [];
  let applied = 0;
  for (let i = 0; i < count; i++) {
    const before = performance.now();
    const book: GatheredRow<SourcedBookRow>[] = [];
    const taxBook: GatheredRow<SourcedTaxBookRow>[] = [];
    decodeParty(lines[i]!, book, taxBook);
    lines[i] = [];
    const decoded = performance.now();
    load += decoded - before;
    let result = reconcileParty(workOf(task.parties[i]!, book, taxBook), task.context);
    const decisions = task.decisions[task.from + i];
    if (decisions) {
      // only this party's rows are named (decision-routing.ts): applied to it alone
      const decided = applyDecisions(
        assembleResult({ ...task.context, unresolved: [], warnings: [] }, [result]),
        decisions.map((d) => d.decision),
      );
      result = decided.result.parties[0]!;
      applied += decided.applied;
      for (const e of decided.errors) decisionErrors.push({ ...e, index: decisions[e.index]!.index });
    }
    fold.addParty(result);
    match += performance.now() - decoded;
    if (json) json.party(result);
    else {
      partyOut.add(partyLine(task.scope, task.from + i, result));
      rowLines(task.scope, task.from + i, result, add);
    }
  }
  const total = performance.now() - started;
  return {
    partyChunks: partyOut.finish(),
    rowChunks: rowOut.finish(),
    json: json?.finish() ?? null,
    summary: fold.summary,
    decisionErrors,
    applied,
    timings: { load: Math.round(load), match: Math.round(match), encode: Math.round(total - load - match) },
  };
};

// A bucket as the pool is sent it: named, so that a pool whose threads also
// parse (parsing/parse-chunk.ts) can tell it from its other tasks.
export interface BucketMessage {
  type: 'match-bucket';
  bucket: BucketTask;
}

// The pool's thread entry (lib/worker-pool.ts): a bucket to match, or a
// part of the sort into buckets.
export const runTask = (task: unknown) => {
  const message = task as BucketMessage | BucketPartMessage;
  if (message.type === 'sort-bucket-part') return { result: sortBucketPart(message.part), transfer: [] };
  const result = matchBucket(message.bucket);
  return { result, transfer: [...transferOf(result.rowChunks), ...jsonTransfer(result.json)] };
};
