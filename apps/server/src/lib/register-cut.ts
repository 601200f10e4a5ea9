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
