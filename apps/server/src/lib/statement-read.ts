import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import {
  cut26asText,
  decodeText,
  Form26asByteCutter,
  type Form26asResult,
  merge26asChunks,
  parse26asText,
} from '@taxrecon/formats';
import {
  type EntryTails,
  entryTailsOf,
  type StatementIds,
  withoutParties,
} from '../features/ingest/tax-entry-lines.ts';
import { taxBookKeyedLines } from '../features/reconciliation/matching/engine-input.ts';
import type { KeyedLines } from '../features/reconciliation/matching/keyed-lines.ts';
import type { Ingest26asPiece, ParseTask, Reconcile26asPiece } from '../parsing/parse-chunk.ts';
import { forEachLineRun, readHead } from './register-cut.ts';
import { WorkerPool } from './worker-pool.ts';

// A 26AS statement: a big one is cut at deductor rows and its pieces parsed
// in the pool's threads, joined in file order into what one pass gives
// (formats/form-26as/chunks.ts); a small one, or without threads, in one pass.
// The CLI and the 26AS ingest job read statements through here.
const chunkChars = () => Number(process.env.TAXRECON_PARSE_CHUNK_BYTES) || 4 << 20;

// The parsing threads' pool (the CLI's, or one an ingest job starts when a
// statement is big enough to cut, and closes when done).
export const parsingPool = () =>
  new WorkerPool({ compiled: 'parse-chunk', source: new URL('../parsing/parse-chunk.ts', import.meta.url) });

export const isBigStatement = (data: Uint8Array) => data.length >= 2 * chunkChars();

// A 26AS statement for the ingest job, which wants the entries as COPY tuples
// (tax-entry-lines.ts, under the statement's `ids`): a big statement's pieces
// write theirs in the threads (so a million entry objects are neither copied
// back nor held), a small one's are written here.
// `take` gets each piece's entries in file order as soon as they are ready,
// with the first piece's result (whose header is the statement's); the
// result comes back without parties.
export const read26asForLoad = async (
  data: Uint8Array,
  name: string,
  pool: WorkerPool | null,
  ids: StatementIds,
  take: (first: Form26asResult, entries: EntryTails) => Promise<void>,
): Promise<Form26asResult> => {
  const chunks = pool && isBigStatement(data) ? cut26asText(data, name, chunkChars()) : [];
  if (!pool || chunks.length < 2) {
    const whole = parse26asText(data, name);
    const result = withoutParties(whole);
    await take(result, entryTailsOf(whole, ids));
    return result;
  }
  const results: Form26asResult[] = [];
  for await (const pieces of pool.runInWindows<ParseTask, Ingest26asPiece>(
    chunks.map((chunk) => ({ type: 'ingest-26as', chunk, ids })),
  )) {
    for (const piece of pieces) {
      results.push(piece.result);
      await take(results[0] as Form26asResult, piece.entries);
    }
  }
  return merge26asChunks(results);
};

// The same for `taxrecon reconcile`: the statement's rows of one part as the
// engine's row lines, made in the threads for a big statement; `take` gets
// each piece's lines in file order.
export const read26asForReconcile = async (
  data: Uint8Array,
  name: string,
  pool: WorkerPool | null,
  kind: 'TDS' | 'TCS',
  take: (lines: KeyedLines) => void,
): Promise<Form26asResult> => {
  const chunks = pool && isBigStatement(data) ? cut26asText(data, name, chunkChars()) : [];
  if (!pool || chunks.length < 2) {
    const whole = parse26asText(data, name);
    take(taxBookKeyedLines(whole, kind));
    return withoutParties(whole);
  }
  return run26asTasks(
    pool,
    chunks.map((chunk): ParseTask => ({ type: 'reconcile-26as', chunk, kind })),
    take,
  );
};

// The tasks for a big statement file whose threads read their own pieces of
// it: the cuts are found through one window (formats Form26asByteCutter), so
// neither the file nor its text is ever held whole. Each fresh page is a
// fault on these machines, and the 69 MB statement of a million rows was
// read whole into fresh memory and then decoded whole into more before its
// first piece was cut (issue 14, session 43). Only for an ASCII statement,
// where the ranges are cut26asText's pieces exactly: null for any other, or a
// small one, which the caller reads as before (run26asTasks runs them).
export const statementFileTasks = (path: string, name: string, kind: 'TDS' | 'TCS'): ParseTask[] | null => {
  const size = fs.statSync(path).size;
  if (size < 2 * chunkChars()) return null;
  const head = readHead(path, 1 << 16);
  if (!isAscii(head) || decodeText(head).encoding !== 'utf-8') return null;
  const cutter = new Form26asByteCutter(name, chunkChars());
  const ascii = forEachLineRun(path, 8 << 20, (bytes, offset) => {
    if (!isAscii(bytes)) return false;
    cutter.push(bytes, offset);
    return true;
  });
  if (!ascii) return null;
  const ranges = cutter.finish(size);
  if (ranges.length < 2) return null;
  return ranges.map(
    ({ from, to, ...chunk }): ParseTask => ({
      type: 'reconcile-26as',
      chunk: { ...chunk, text: '' },
      kind,
      range: { path, from, to },
    }),
  );
};

// A statement's pieces parsed in the pool's threads, `take` given each
// piece's lines in file order, the results joined.
export const run26asTasks = async (
  pool: WorkerPool,
  tasks: readonly ParseTask[],
  take: (lines: KeyedLines) => void,
): Promise<Form26asResult> => {
  const results: Form26asResult[] = [];
  for await (const pieces of pool.runInWindows<ParseTask, Reconcile26asPiece>(tasks)) {
    for (const piece of pieces) {
      results.push(piece.result);
      take(piece.lines);
    }
  }
  return merge26asChunks(results);
};
