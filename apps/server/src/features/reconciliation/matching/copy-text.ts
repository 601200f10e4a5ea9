import { utf8Text } from '@taxrecon/formats';
import { handOver, NO_SCRATCH, scratchFor } from './scratch-bytes.ts';
// PostgreSQL's COPY text format, both ways: a line per row, tab between
// fields, \N for NULL, backslash escapes for backslash, tab, newline and
// carriage return. Rows travel between the database and the matching worker
// in this format because it is many times faster than row objects, and it is
// plain text a worker thread can take without a database driver.

export type CopyValue = string | number | boolean | null | undefined;

const NEEDS_ESCAPE = /[\\\t\n\r]/;

export const copyField = (value: CopyValue): string => {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  return NEEDS_ESCAPE.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
};

export const copyRow = (values: readonly CopyValue[]): string => {
  let line = copyField(values[0]);
  for (let i = 1; i < values.length; i++) line += `\t${copyField(values[i])}`;
  return `${line}\n`;
};

// A PostgreSQL text[] literal, e.g. {"A-1","B \"2\""}.
export const textArrayLiteral = (items: readonly string[]): string =>
  `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

const UNESCAPE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

const unescapeField = (field: string): string | null => {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c);
};

// Splits COPY text into rows of fields (null for NULL).
export const parseCopyText = (text: string): (string | null)[][] => {
  const rows: (string | null)[][] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const fields = text.slice(start, end).split('\t');
    const row: (string | null)[] = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) row[i] = unescapeField(fields[i]!);
    rows.push(row);
    start = end + 1;
  }
  return rows;
};

// Collects COPY lines into chunks of about `bytes`, for the database and for
// posting between threads without millions of small strings. Lines are
// joined a few hundred at a time: a line built from a template is a tree of
// string pieces until it is joined, and a few thousand such trees kept
// waiting make the young generation's collections copy them again and again
// (joining early halved the cost of encoding a million lines).
const BLOCK_LINES = 256;

export class ChunkWriter {
  readonly chunks: string[] = [];
  private lines: string[] = [];
  private blocks: string[] = [];
  private size = 0;
  rows = 0;

  constructor(private readonly bytes = 4 << 20) {}

  add(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    this.rows++;
    if (this.lines.length === BLOCK_LINES) {
      this.blocks.push(this.lines.join(''));
      this.lines = [];
    }
    if (this.size >= this.bytes) this.flush();
  }

  finish(): string[] {
    this.flush();
    return this.chunks;
  }

  // Everything so far as one text (and let go here).
  text(): string {
    const text = this.finish().join('');
    this.chunks.length = 0;
    return text;
  }

  private flush(): void {
    if (this.lines.length > 0) this.blocks.push(this.lines.join(''));
    this.lines = [];
    if (this.blocks.length === 0) return;
    this.chunks.push(this.blocks.length === 1 ? this.blocks[0]! : this.blocks.join(''));
    this.blocks = [];
    this.size = 0;
  }
}

// COPY text on its way to the database: text, or the same as UTF-8 bytes.
export type CopyChunk = string | Uint8Array;

// Chunks as one text (tests, and readers that want text).
export const copyText = (chunks: readonly CopyChunk[]): string =>
  chunks.map((c) => (typeof c === 'string' ? c : utf8Text(c))).join('');

// ArrayBuffers to move (not copy) with a message: the chunks given as bytes.
export const transferOf = (chunks: readonly CopyChunk[]): ArrayBuffer[] => {
  const buffers: ArrayBuffer[] = [];
  for (const c of chunks)
    if (typeof c !== 'string' && c.buffer instanceof ArrayBuffer && !buffers.includes(c.buffer))
      buffers.push(c.buffer);
  return buffers;
};

// The same as ChunkWriter, as UTF-8 bytes: each chunk in a buffer of its own,
// so it goes from the matching threads to the job's thread and on to the
// database connection by being moved, never copied, and is not encoded again
// on the way (a year's result is hundreds of MB of text). Lines are joined a
// block at a time, as above, and each block written into the chunk's buffer.
export class ByteChunkWriter {
  readonly chunks: Uint8Array[] = [];
  private lines: string[] = [];
  private buffer: Buffer | null = null;
  private used = 0;
  rows = 0;

  constructor(private readonly bytes = 1 << 20) {}

  add(line: string): void {
    this.lines.push(line);
    this.rows++;
    if (this.lines.length === BLOCK_LINES) this.write();
  }

  finish(): Uint8Array[] {
    this.write();
    this.cut();
    return this.chunks;
  }

  private write(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    // a UTF-16 unit is at most three bytes of UTF-8
    const most = text.length * 3;
    if (this.buffer && this.used + most > this.buffer.length) this.cut();
    // not from Node's shared pool: a buffer of its own can be moved to another thread
    this.buffer ??= Buffer.allocUnsafeSlow(Math.max(2 * this.bytes, most));
    this.used += this.buffer.write(text, this.used, 'utf8');
    if (this.used >= this.bytes) this.cut();
  }

  private cut(): void {
    if (this.buffer && this.used > 0) this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = null;
    this.used = 0;
  }
}

// Lines joined a block at a time (as above) into one growing UTF-8 buffer
// (the thread's scratch: scratch-bytes.ts), handed over whole: the result JSON's lists go from the matching
// threads to the main thread this way, moved rather than copied, and are
// written to the file as they are. As text they were joined twice (a block,
// then the whole list), copied with the message and encoded again to be
// written (issue 14, session 40).
export class ByteTextWriter {
  private lines: string[] = [];
  // the thread's scratch buffer once written (scratch-bytes.ts)
  private buffer = NO_SCRATCH;
  private used = 0;
  rows = 0;

  add(line: string): void {
    this.lines.push(line);
    this.rows++;
    if (this.lines.length === BLOCK_LINES) this.write();
  }

  // Everything so far, in a buffer of its own size (and let go here).
  bytes(): Uint8Array {
    this.write();
    const bytes = handOver(this.buffer, this.used);
    this.buffer = NO_SCRATCH;
    this.used = 0;
    return bytes;
  }

  private write(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    // a UTF-16 unit is at most three bytes of UTF-8
    this.buffer = scratchFor(this.buffer, this.used, this.used + text.length * 3);
    this.used += this.buffer.write(text, this.used, 'utf8');
  }
}
