// Tab- and comma-separated text as Tally and Excel write it: fields may be
// quoted ("a, b", "a<TAB>b", "say ""hi"""), and a quoted field may run over
// several lines. Records keep the line they start on, for error reports.
import { Utf8Lines } from '../values/text-decoding.ts';

export interface RawRecord {
  line: number;
  values: string[];
}

interface OpenRecord {
  line: number;
  values: string[];
  field: string;
  inQuotes: boolean;
  fieldStart: boolean;
}

export class DelimitedTokenizer {
  private carry = '';
  private lineNo = 0;
  private open: OpenRecord | null = null;
  private started = false;

  constructor(private readonly delimiter: string) {}

  push(chunk: string, out: RawRecord[]): void {
    let text = this.carry + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    let end = text.indexOf('\n');
    while (end >= 0) {
      this.consumeLine(text.slice(start, end), out);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    this.carry = text.slice(start);
  }

  // Flushes the last line; returns the start line of a quote never closed.
  end(out: RawRecord[]): number | null {
    if (this.carry !== '') {
      this.consumeLine(this.carry, out);
      this.carry = '';
    }
    const open = this.open;
    if (open === null) return null;
    // Keep what was read so the row can still be reported with its values.
    open.values.push(open.field);
    out.push({ line: open.line, values: open.values });
    this.open = null;
    return open.line;
  }

  private consumeLine(raw: string, out: RawRecord[]): void {
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    this.lineNo++;
    let s = this.open;
    if (s === null) {
      if (!line.includes('"')) {
        out.push({ line: this.lineNo, values: line.split(this.delimiter) });
        return;
      }
      s = { line: this.lineNo, values: [], field: '', inQuotes: false, fieldStart: true };
      this.open = s;
    } else {
      // Still inside a quoted field: the line break belongs to the value.
      s.field += '\n';
    }
    const d = this.delimiter;
    let i = 0;
    while (i < line.length) {
      const c = line[i]!;
      if (s.inQuotes) {
        if (c === '"') {
          if (line[i + 1] === '"') {
            s.field += '"';
            i += 2;
          } else {
            s.inQuotes = false;
            i++;
          }
          continue;
        }
        const q = line.indexOf('"', i);
        const stop = q < 0 ? line.length : q;
        s.field += line.slice(i, stop);
        i = stop;
      } else if (c === d) {
        s.values.push(s.field);
        s.field = '';
        s.fieldStart = true;
        i++;
      } else if (c === '"' && s.fieldStart) {
        s.inQuotes = true;
        s.fieldStart = false;
        i++;
      } else {
        // An unquoted value runs to the next delimiter; a quote inside it
        // (12" PIPE) is just a character. Taken as one slice, not a
        // character at a time.
        s.fieldStart = false;
        const next = line.indexOf(d, i + 1);
        const stop = next < 0 ? line.length : next;
        s.field += line.slice(i, stop);
        i = stop;
      }
    }
    if (s.inQuotes) return;
    s.values.push(s.field);
    out.push({ line: s.line, values: s.values });
    this.open = null;
  }
}

export const parseDelimited = (
  text: string,
  delimiter: string,
): { records: RawRecord[]; unterminatedQuoteLine: number | null } => {
  const tokenizer = new DelimitedTokenizer(delimiter);
  const records: RawRecord[] = [];
  tokenizer.push(text, records);
  const unterminatedQuoteLine = tokenizer.end(records);
  return { records, unterminatedQuoteLine };
};

// Streams records from chunks of text or bytes. Bytes are UTF-8 unless they
// open with a UTF-16 byte order mark (Tally); unlike decodeText a stream cannot
// fall back to Windows-1252 after the fact.
export async function* readDelimitedStream(
  chunks: AsyncIterable<string | Uint8Array>,
  delimiter: string,
): AsyncGenerator<RawRecord, number | null> {
  const tokenizer = new DelimitedTokenizer(delimiter);
  // UTF-16 through a streaming decoder; UTF-8 a line at a time (faster)
  let decoder: InstanceType<typeof TextDecoder> | Utf8Lines | null = null;
  const out: RawRecord[] = [];
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') tokenizer.push(chunk, out);
    else {
      if (decoder === null) {
        const encoding =
          chunk[0] === 0xff && chunk[1] === 0xfe
            ? 'utf-16le'
            : chunk[0] === 0xfe && chunk[1] === 0xff
              ? 'utf-16be'
              : 'utf-8';
        decoder = encoding === 'utf-8' ? new Utf8Lines() : new TextDecoder(encoding);
      }
      tokenizer.push(
        decoder instanceof Utf8Lines ? decoder.push(chunk) : decoder.decode(chunk, { stream: true }),
        out,
      );
    }
    yield* out;
    out.length = 0;
  }
  if (decoder !== null) tokenizer.push(decoder instanceof Utf8Lines ? decoder.end() : decoder.decode(), out);
  const unterminated = tokenizer.end(out);
  yield* out;
  return unterminated;
}

// A record of nothing but blanks (an empty line, or delimiters and spaces).
export const isBlankRecord = (values: readonly string[]): boolean => values.every((v) => v.trim() === '');

// Where delimited text may be cut between records, for parsing its pieces
// apart: the offsets just after a line break at which DelimitedTokenizer has
// no record open (no quoted field runs on over the break), the first at least
// `gap` bytes after `start`, each next at least `gap` after the one before.
// `start` must be such a place itself (0, or after a whole record). Works on
// the bytes: in UTF-8 a quote, a delimiter and a line break are never part of
// another character. A line without a quote closes nothing and opens nothing,
// so only lines with quotes are looked at, and those from quote to quote.
export const recordCuts = (bytes: Uint8Array, delimiter: string, start: number, gap: number): number[] => {
  const NEWLINE = 10;
  const QUOTE = 34;
  const d = delimiter.charCodeAt(0);
  const cuts: number[] = [];
  let want = start + gap;
  let open: boolean = false;
  let nextQuote = bytes.indexOf(QUOTE, start);
  let lineStart = start;
  while (lineStart < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, lineStart);
    if (newline < 0) break;
    if (nextQuote >= 0 && nextQuote < newline) {
      // the tokenizer's walk over this line, as in consumeLine, from quote to
      // quote: outside quotes a quote opens a field only at its start (the
      // line's first character in a new record, or after a delimiter)
      let inQuotes: boolean = open;
      const end = newline > lineStart && bytes[newline - 1] === 13 ? newline - 1 : newline;
      let at = lineStart;
      for (;;) {
        const q = bytes.indexOf(QUOTE, at);
        if (q < 0 || q >= end) break;
        if (inQuotes) {
          if (q + 1 < end && bytes[q + 1] === QUOTE) at = q + 2;
          else {
            inQuotes = false;
            at = q + 1;
          }
        } else {
          if ((q === lineStart && !open) || (q > lineStart && bytes[q - 1] === d)) inQuotes = true;
          at = q + 1;
        }
      }
      open = inQuotes;
      nextQuote = bytes.indexOf(QUOTE, newline + 1);
    }
    lineStart = newline + 1;
    if (!open && lineStart >= want && lineStart < bytes.length) {
      cuts.push(lineStart);
      want = lineStart + gap;
    }
  }
  return cuts;
};

// The delimiter of the first non-empty line, counting outside quotes; ties and
// empty input fall back to the file type's usual one.
export const sniffDelimiter = (text: string, fallback: string): string => {
  const start = text.search(/\S/);
  if (start < 0) return fallback;
  const endOfLine = text.indexOf('\n', start);
  const line = text.slice(start, endOfLine < 0 ? undefined : endOfLine);
  const counts: Record<string, number> = { '\t': 0, ',': 0, ';': 0, '|': 0 };
  let inQuotes = false;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && c in counts) counts[c]!++;
  }
  let best = fallback;
  for (const [d, n] of Object.entries(counts)) if (n > (counts[best] ?? 0)) best = d;
  return best;
};
