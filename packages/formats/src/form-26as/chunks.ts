import type { FileIssue } from '../errors.ts';
import { badCharacterAt } from '../values/bad-characters.ts';
import { toText } from '../values/text-decoding.ts';
import {
  alignedIndex,
  buildPartyMap,
  buildTransactionMap,
  type ColumnMap,
  effectiveWidth,
} from './columns.ts';
import { modelledPartOf, parsePartHeading } from './headings.ts';
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

const isBlank = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 32) return false;
  return true;
};

interface LineOf {
  text: string;
  n: number;
}

// The scan mirrors Form26asParser.push for the lines that change that state
// and skips the rest (transaction rows) after a look at their first character.
export const cut26asText = (
  input: string | Uint8Array,
  file: string,
  chunkChars: number,
): Form26asChunk[] => {
  const text = toText(input);
  const chunks: Form26asChunk[] = [];
  let delimiter: '^' | '|' | null = null;
  let modelled = false;
  let heading: LineOf | null = null;
  let partyMap: ColumnMap<string> | null = null;
  let partyHeader: LineOf | null = null;
  let txMap: ColumnMap<string> | null = null;
  let txHeader: LineOf | null = null;
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
    if (delimiter === null) {
      const line = text.slice(lineStart, lineEnd);
      if (isBlank(line) || badCharacterAt(line) >= 0) continue;
      if (line.includes('^')) delimiter = '^';
      else if (line.includes('|')) delimiter = '|';
      else continue;
    }
    const d = delimiter;
    // the first character that is neither blank nor the delimiter, and whether
    // a delimiter came before it (the row's first field is then empty), found
    // in the text itself: a transaction row, most of the lines, is passed
    // over without being cut out of it
    const dc = d === '^' ? 94 : 124;
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
    if (c >= 48 && c <= 57 && (lineStart - chunkStart < chunkChars || heading === null || partyMap === null))
      continue;
    // each deductor's transactions repeat the column header: the same line
    // again changes nothing
    if (
      txHeader !== null &&
      lineEnd - lineStart === txHeader.text.length &&
      text.startsWith(txHeader.text, lineStart)
    )
      continue;
    const line = text.slice(lineStart, lineEnd);
    if (c === 80 || c === 112) {
      const h = parsePartHeading(line, d);
      if (h !== null && badCharacterAt(line) < 0) {
        modelled = modelledPartOf(h.part) !== null;
        heading = modelled ? { text: line, n: lineNo } : null;
        partyMap = null;
        partyHeader = null;
        txMap = null;
        txHeader = null;
        continue;
      }
    }
    if (!modelled || badCharacterAt(line) >= 0) continue;
    const f = line.split(d);
    let k = 0;
    while (k < f.length && f[k]!.trim() === '') k++;
    if (k === f.length) continue;
    const first = f[k]!.trim();
    if (/^(?:sr|sl|serial)\b/i.test(first)) {
      if (k === 0) {
        const built = buildPartyMap(f, lineNo);
        if ('map' in built) {
          partyMap = built.map;
          partyHeader = { text: line, n: lineNo };
        }
      } else {
        const m = txMap;
        const same =
          m !== null &&
          m.width === effectiveWidth(f) &&
          f[m.index.srNo!]?.trim() === m.names.srNo &&
          f[m.index.deposited!]?.trim() === m.names.deposited;
        if (!same) {
          const built = buildTransactionMap(f, lineNo);
          if ('map' in built) {
            txMap = built.map;
            txHeader = { text: line, n: lineNo };
          }
        }
      }
      continue;
    }
    // a deductor's row that opens a party cleanly: the place to cut
    if (
      k === 0 &&
      lineStart - chunkStart >= chunkChars &&
      heading !== null &&
      partyMap !== null &&
      /^\d{1,9}$/.test(first) &&
      alignedIndex(partyMap, effectiveWidth(f)) !== null
    ) {
      chunks.push({ file, context, firstLine: chunkLine, text: text.slice(chunkStart, lineStart) });
      chunkStart = lineStart;
      chunkLine = lineNo;
      // the delimiter alone sets it before a heading that may not carry one
      context = [
        [d, 0],
        [heading.text, heading.n],
        [partyHeader!.text, partyHeader!.n],
      ];
      if (txHeader !== null) context.push([txHeader.text, txHeader.n]);
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
