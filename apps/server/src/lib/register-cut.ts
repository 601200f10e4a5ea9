import fs from 'node:fs';
import { decodeText, formatOfFile, parseDelimited, recordCuts, sniffDelimiter } from '@taxrecon/formats';

// A big text register cut at line ends into pieces for the parsing threads
// (lib/worker-pool.ts), each with the file line it starts on; null when the
// file is small or not UTF-8 text. A file with a double quote anywhere is
// `quoted`: a quoted field may hold a line break, so it is cut only where no
// record is open (formats recordCuts) and its pieces are read with the
// quote-aware tokenizer (parsing/register-chunk.ts forEachRecord). Used by
// `taxrecon reconcile` and by the register ingest jobs.
export const chunkBytes = () => Number(process.env.TAXRECON_PARSE_CHUNK_BYTES) || 4 << 20;

// A file the reading will cut into pieces for the threads (a zip's texts are
// not known before it is opened; a file that cannot be read is told of later).
export const isBigFile = (file: string, size = chunkBytes()): boolean => {
  try {
    return fs.statSync(file).size >= 2 * size;
  } catch {
    return false;
  }
};
const NEWLINE = 10;
const QUOTE = 34;

export interface RegisterPiece {
  firstLine: number;
  bytes: Uint8Array;
}

// What a piece gives up to the thread it is posted to: its own memory, not
// the memory every thread shares.
export const movedBuffers = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];

export const cutRegister = (
  file: Uint8Array,
  fileName: string,
  headerLine: number,
  size = chunkBytes(),
): { delimiter: string; quoted: boolean; pieces: RegisterPiece[] } | null => {
  if (file.length < 2 * size || headerLine < 1) return null;
  // Searched as a Buffer (the same memory): Buffer's indexOf is a native byte
  // search, a Uint8Array's a slower generic one. The look for a quote over a
  // whole register and the count of its lines cost the main thread half a
  // second on a million lines while the threads waited for their pieces.
  const bytes = Buffer.isBuffer(file) ? file : Buffer.from(file.buffer, file.byteOffset, file.length);
  const format = formatOfFile(fileName, bytes);
  if (format !== 'txt' && format !== 'csv') return null;
  const head = decodeText(bytes.subarray(0, 1 << 16));
  if (head.encoding !== 'utf-8' && head.encoding !== 'utf-8-bom') return null;
  const quoted = bytes.indexOf(QUOTE) >= 0;
  const delimiter = sniffDelimiter(head.text, format === 'csv' ? ',' : '\t');

  // the data begins on the line after the header
  let start = 0;
  for (let line = 0; line < headerLine; line++) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) return null;
    start = end + 1;
  }
  if (quoted) {
    // the header and the title lines above it must end with no quoted field open
    const above = parseDelimited(decodeText(bytes.subarray(0, start)).text, delimiter);
    if (above.unterminatedQuoteLine !== null) return null;
  }
  const cuts = quoted ? recordCuts(bytes, delimiter, start, size) : null;
  const pieces: RegisterPiece[] = [];
  const shared = bytes.buffer instanceof SharedArrayBuffer;
  let firstLine = headerLine + 1;
  while (start < bytes.length) {
    let end: number;
    if (cuts) end = cuts.shift() ?? bytes.length;
    else {
      const cutAt = bytes.indexOf(NEWLINE, Math.min(start + size, bytes.length - 1));
      end = cutAt < 0 ? bytes.length : cutAt + 1;
    }
    let lines = 0;
    for (let i = bytes.indexOf(NEWLINE, start); i >= 0 && i < end; i = bytes.indexOf(NEWLINE, i + 1)) lines++;
    // Memory the threads share (cli/io.ts readShared): a view, posted
    // without a copy. Else a copy of its own, moved (not copied again) to
    // the thread; not bytes.slice: on a Buffer that is a view of the whole file.
    const piece = file.subarray(start, end);
    pieces.push({ firstLine, bytes: shared ? piece : new Uint8Array(piece) });
    firstLine += lines;
    start = end;
  }
  return { delimiter, quoted, pieces };
};

// Where a piece stands in its file, for the thread to read itself.
export interface FileRange {
  path: string;
  from: number;
  to: number;
}

// One window a thread reads a file through (grown to what it needs, kept):
// memory touched once, not a fresh page per page of file.
let window: Buffer = Buffer.alloc(0);
const windowOf = (bytes: number): Buffer => {
  if (window.length < bytes) window = Buffer.allocUnsafeSlow(bytes);
  return window;
};

// `[from, to)` of a file, in the thread's window: valid until its next read.
export const readRange = (range: FileRange): Uint8Array => {
  const size = range.to - range.from;
  const bytes = windowOf(size).subarray(0, size);
  const fd = fs.openSync(range.path, 'r');
  try {
    let at = 0;
    while (at < size) {
      const n = fs.readSync(fd, bytes, at, size - at, range.from + at);
      if (n === 0) throw new Error(`${range.path} is shorter than when it was cut into pieces`);
      at += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
};

// The start of a file, up to its last line end within `bytes` (its header and first rows).
export const readHead = (path: string, bytes = 1 << 20): Uint8Array => {
  const fd = fs.openSync(path, 'r');
  try {
    const head = Buffer.allocUnsafe(bytes);
    const n = fs.readSync(fd, head, 0, bytes, 0);
    const end = n < bytes ? n : head.lastIndexOf(NEWLINE, n - 1) + 1;
    return head.subarray(0, end);
  } finally {
    fs.closeSync(fd);
  }
};

// The same pieces cutRegister gives for a big register without quotes, as
// ranges of the file each thread reads itself (parsing/register-chunk.ts),
// found by reading the file through one window on this thread. Reading a
// 180 MB register whole into fresh memory took 500-530 ms on these VMs (a
// fault a page) against 40-65 ms through a window, and the threads had no
// piece before it was all in (issue 14, session 43). Null where cutRegister
// would not cut, or the file has a quote (its cuts need the quote state from
// the start): read it whole as before.
export const cutRegisterFile = (
  path: string,
  fileName: string,
  headerLine: number,
  size = chunkBytes(),
): { delimiter: string; pieces: { firstLine: number; range: FileRange }[] } | null => {
  const head = readHead(path, 1 << 16);
  const format = formatOfFile(fileName, head);
  if (format !== 'txt' && format !== 'csv') return null;
  const decoded = decodeText(head);
  if (decoded.encoding !== 'utf-8' && decoded.encoding !== 'utf-8-bom') return null;
  const delimiter = sniffDelimiter(decoded.text, format === 'csv' ? ',' : '\t');
  const fd = fs.openSync(path, 'r');
  try {
    const total = fs.fstatSync(fd).size;
    if (total < 2 * size || headerLine < 1) return null;
    const step = 8 << 20;
    const bytes = windowOf(step);
    const pieces: { firstLine: number; range: FileRange }[] = [];
    // before the header's end: lines to skip; after: the piece being cut
    let skip = headerLine;
    let start = -1;
    let firstLine = headerLine + 1;
    let lines = 0;
    for (let offset = 0; offset < total; ) {
      const n = fs.readSync(fd, bytes, 0, Math.min(step, total - offset), offset);
      if (n === 0) return null;
      const seen = bytes.subarray(0, n);
      if (seen.indexOf(QUOTE) >= 0) return null;
      for (let i = seen.indexOf(NEWLINE); i >= 0; i = seen.indexOf(NEWLINE, i + 1)) {
        const at = offset + i;
        if (skip > 0) {
          if (--skip === 0) start = at + 1;
          continue;
        }
        lines++;
        // cutRegister's cut: the first line end at or past start + size
        // (the file's last byte when that is further)
        if (at >= Math.min(start + size, total - 1)) {
          pieces.push({ firstLine, range: { path, from: start, to: at + 1 } });
          firstLine += lines;
          lines = 0;
          start = at + 1;
        }
      }
      offset += n;
    }
    if (skip > 0) return null;
    if (start < total) pieces.push({ firstLine, range: { path, from: start, to: total } });
    return { delimiter, pieces };
  } finally {
    fs.closeSync(fd);
  }
};

// Reads a file through the thread's window in runs of whole lines (the last
// may end without a line end), `each` given each run and where it starts;
// false when `each` said to stop or a line is longer than `step`.
export const forEachLineRun = (
  path: string,
  step: number,
  each: (bytes: Uint8Array, offset: number) => boolean,
): boolean => {
  const fd = fs.openSync(path, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const bytes = windowOf(step);
    for (let offset = 0; offset < size; ) {
      const n = fs.readSync(fd, bytes, 0, Math.min(step, size - offset), offset);
      if (n === 0) return false;
      const end = offset + n < size ? bytes.lastIndexOf(NEWLINE, n - 1) + 1 : n;
      if (end === 0) return false;
      if (!each(bytes.subarray(0, end), offset)) return false;
      offset += end;
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
};
