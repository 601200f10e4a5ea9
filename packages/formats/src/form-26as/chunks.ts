import type { FileIssue } from '../errors.ts';
import { toText } from '../values/text-decoding.ts';
import { CutState } from './cut-state.ts';
import { pushLines } from './parse.ts';
import { Form26asParser, type Form26asTransactionSink } from './parser.ts';
import type { Form26asPart, Form26asResult } from './types.ts';

// A big 26AS statement parsed in pieces (in threads, by the caller): the text
// is cut only at a deductor's row inside Part I or Part VI, where the parser's
// whole state is the delimiter, the part and its two column headers. Each
// later piece starts by replaying those lines (with their own line numbers),
// so it parses exactly as the whole file would from there; mergeChunks joins
// the pieces in file order. The result equals parse26asText's, issues and
// all (the property test checks it on damaged statements).

export interface Form26asChunk {
  file: string;
  // lines replayed before the piece: [text, line number]; issues on them are
  // the earlier piece's and are dropped
  context: [string, number][];
  firstLine: number;
  text: string;
}

export const cut26asText = (
  input: string | Uint8Array,
  file: string,
  chunkChars: number,
): Form26asChunk[] => {
  const text = toText(input);
  const chunks: Form26asChunk[] = [];
  const state = new CutState();
  let chunkStart = 0;
  let chunkLine = 1;
  let context: [string, number][] = [];
  let start = 0;
  let n = 1;
  const length = text.length;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = length;
    const lineStart = start;
    start = end + 1;
    const lineNo = n++;
    const lineEnd = end > lineStart && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (state.delimiter === null && !state.findDelimiter(text.slice(lineStart, lineEnd))) continue;
    // the first character that is neither blank nor the delimiter, and whether
    // a delimiter came before it (the row's first field is then empty), found
    // in the text itself: a transaction row, most of the lines, is passed
    // over without being cut out of it
    const dc = state.delimiter === '^' ? 94 : 124;
    let at = lineStart;
    let afterDelimiter = false;
    for (; at < lineEnd; at++) {
      const ch = text.charCodeAt(at);
      if (ch === dc) afterDelimiter = true;
      else if (ch > 32) break;
    }
    if (at === lineEnd) continue;
    const c = text.charCodeAt(at);
    // a transaction row: nothing to track
    if (c >= 48 && c <= 57 && afterDelimiter) continue;
    // a deductor's row where no cut is due: nothing to track either (a
    // statement has a row for each of its thousands of deductors)
    const due = lineStart - chunkStart >= chunkChars;
    if (c >= 48 && c <= 57 && (!due || !state.canCut)) continue;
    // each deductor's transactions repeat the column header: the same line
    // again changes nothing
    const tx = state.txHeader;
    if (tx !== null && lineEnd - lineStart === tx.text.length && text.startsWith(tx.text, lineStart))
      continue;
    if (state.take(text.slice(lineStart, lineEnd), lineNo, c, due)) {
      chunks.push({ file, context, firstLine: chunkLine, text: text.slice(chunkStart, lineStart) });
      chunkStart = lineStart;
      chunkLine = lineNo;
      context = state.context();
    }
  }
  chunks.push({ file, context, firstLine: chunkLine, text: text.slice(chunkStart) });
  return chunks;
};

// `each`: the piece's transactions go to it as they are read, and are not
// kept on their parties (Form26asParser).
export const parse26asChunk = (chunk: Form26asChunk, each?: Form26asTransactionSink): Form26asResult => {
  const parser = new Form26asParser(chunk.file, each);
  for (const [line, n] of chunk.context) parser.push(line, n);
  pushLines(parser, chunk.text, chunk.firstLine);
  const result = parser.finish();
  if (chunk.context.length === 0) return result;
  const own = (i: FileIssue) => i.line >= chunk.firstLine;
  return { ...result, errors: result.errors.filter(own), warnings: result.warnings.filter(own) };
};

// Issues finish() adds about the whole file come last, as they do in one pass.
const AT_THE_END = new Set(['MISSING_HEADER_VALUES', 'NOT_FORM_26AS']);

const mergePart = (parts: (Form26asPart | null)[]): Form26asPart | null => {
  const present = parts.filter((p): p is Form26asPart => p !== null);
  const first = present[0];
  if (first === undefined) return null;
  const parties = present.flatMap((p) => p.parties);
  // in one pass a part ends empty when it has no parties and said "No
  // Transactions Present"; a piece's flag can only say the latter
  return { ...first, empty: parties.length === 0 && present.some((p) => p.empty), parties };
};

export const mergeChunks = (results: readonly Form26asResult[]): Form26asResult => {
  const [first, ...rest] = results;
  if (first === undefined) throw new Error('mergeChunks needs at least one piece');
  if (rest.length === 0) return first;
  const last: FileIssue[] = first.errors.filter((e) => AT_THE_END.has(e.code));
  const errors = first.errors.filter((e) => !AT_THE_END.has(e.code));
  const warnings = [...first.warnings];
  let transactionCount = first.transactionCount;
  const otherParts = [...first.otherParts];
  for (const r of rest) {
    for (const e of r.errors) errors.push(e);
    for (const w of r.warnings) warnings.push(w);
    for (const o of r.otherParts) otherParts.push(o);
    transactionCount += r.transactionCount;
  }
  return {
    file: first.file,
    layout: results.some((r) => r.layout === 'form-168') ? 'form-168' : first.layout,
    delimiter: first.delimiter,
    header: first.header,
    tds: mergePart(results.map((r) => r.tds)),
    tcs: mergePart(results.map((r) => r.tcs)),
    otherParts,
    transactionCount,
    errors: [...errors, ...last],
    warnings,
  };
};
