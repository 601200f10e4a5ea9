import fs from 'node:fs';
import path from 'node:path';
import { Utf8Lines } from '@taxrecon/formats';

// Text lines kept on disk while a job has no use for them in memory: a side's
// rows as read (the bytes as they came), then the same rows sorted into
// buckets of parties.

// Appends bytes to a file; reads it back line by line, in order. With a
// memory budget the bytes stay in memory until they outgrow it, and only
// then go to the file: the command line keeps a year of a few lakh rows in
// memory (writing and reading it back cost its one main thread 0.7 s of
// 6 at 2 lakh rows over 60,000 parties), while the app's job, which must not
// grow with the year, gives no budget and writes as it goes.
export class SpoolFile {
  private fd: number | null = null;
  private closed = false;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  // kept in memory, in order, while within the budget (null: gone to the file)
  private kept: Buffer[] | null;
  private keptBytes = 0;
  // while every piece kept is whole lines of a known count: the counts, and
  // which pieces the spool owns (moved from a thread) and may move on
  private keptLines: number[] | null = [];
  private keptOwned: boolean[] = [];

  constructor(
    readonly file: string,
    private readonly memoryBytes = 0,
  ) {
    this.kept = memoryBytes > 0 ? [] : null;
    if (this.kept === null) this.fd = fs.openSync(file, 'w');
  }

  // `owned`: the caller gives the bytes up (moved from a thread), so they are
  // kept as they are, not copied. `lines`: the bytes are that many whole
  // lines, each ending in a newline (takePieces wants every piece so).
  write(bytes: Uint8Array | string, owned = false, lines?: number): void {
    if (this.closed || bytes.length === 0) return;
    if (this.kept !== null) {
      const moved = owned && typeof bytes !== 'string';
      const b =
        typeof bytes === 'string'
          ? Buffer.from(bytes)
          : moved
            ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
            : Buffer.from(bytes);
      this.kept.push(b);
      this.keptBytes += b.length;
      if (lines === undefined || b[b.length - 1] !== 10) this.keptLines = null;
      else {
        this.keptLines?.push(lines);
        this.keptOwned.push(moved && b.byteOffset === 0 && b.buffer.byteLength === b.length);
      }
      if (this.keptBytes > this.memoryBytes) this.spill();
      return;
    }
    if (bytes.length >= 1 << 16) {
      // a big text or buffer is written as it is, not copied again into a bigger one
      this.flush();
      if (this.fd === null) return;
      if (typeof bytes === 'string') fs.writeSync(this.fd, bytes);
      else fs.writeSync(this.fd, bytes);
      return;
    }
    const b =
      typeof bytes === 'string'
        ? Buffer.from(bytes)
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // copied: the caller's memory may be reused or moved after the call
    this.pending.push(typeof bytes === 'string' ? b : Buffer.from(b));
    this.pendingBytes += b.length;
    if (this.pendingBytes >= 1 << 20) this.flush();
  }

  // No more writes.
  close(): void {
    this.flush();
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
    this.closed = true;
  }

  // Every line of the closed spool as bytes (`end` excludes the newline; the
  // last line may lack one), in order; what it held is let go afterwards.
  // `buffer` is only valid during the call.
  readLineBytes(each: (buffer: Buffer, start: number, end: number) => void): void {
    const kept = this.kept;
    if (kept === null) {
      readLineBytes(this.file, each);
      return;
    }
    this.kept = [];
    this.keptBytes = 0;
    // a line cut between two pieces (the COPY stream's chunks end anywhere)
    let carry: Buffer | null = null;
    for (let k = 0; k < kept.length; k++) {
      let piece = kept[k]!;
      kept[k] = EMPTY;
      if (carry !== null) {
        piece = Buffer.concat([carry, piece]);
        carry = null;
      }
      let start = 0;
      for (;;) {
        const end = piece.indexOf(10, start);
        if (end < 0) break;
        each(piece, start, end);
        start = end + 1;
      }
      if (start < piece.length) carry = piece.subarray(start);
    }
    if (carry !== null) each(carry, 0, carry.length);
  }

  get piecesInMemory(): boolean {
    return this.kept !== null && this.keptLines !== null;
  }

  // The closed spool's pieces, given up whole (the spool is then empty), with
  // each one's line count and whether it may be moved to another thread (it
  // is the whole of its memory); null when they are on disk or their lines
  // were not counted as they came.
  takePieces(): { pieces: Buffer[]; lines: number[]; movable: boolean[] } | null {
    if (!this.piecesInMemory) return null;
    const taken = { pieces: this.kept!, lines: this.keptLines!, movable: this.keptOwned };
    this.kept = [];
    this.keptBytes = 0;
    this.keptLines = [];
    this.keptOwned = [];
    return taken;
  }

  // The closed spool's bytes a piece at a time, in order (each piece only valid during the call).
  readPieces(each: (bytes: Buffer) => void): void {
    const kept = this.kept;
    if (kept === null) {
      const buffer = Buffer.alloc(8 << 20);
      const fd = fs.openSync(this.file, 'r');
      try {
        for (;;) {
          const n = fs.readSync(fd, buffer, 0, buffer.length, null);
          if (n === 0) break;
          each(buffer.subarray(0, n));
        }
      } finally {
        fs.closeSync(fd);
      }
      return;
    }
    this.kept = [];
    this.keptBytes = 0;
    for (const piece of kept) each(piece);
  }

  // Outgrew the budget: what is kept goes to the file, and so does all that follows.
  private spill(): void {
    const kept = this.kept ?? [];
    this.kept = null;
    this.keptBytes = 0;
    this.fd = fs.openSync(this.file, 'w');
    for (const b of kept) fs.writeSync(this.fd, b);
  }

  private flush(): void {
    if (this.fd === null || this.pending.length === 0) return;
    fs.writeSync(this.fd, Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

const EMPTY = Buffer.alloc(0);

// Every line of a closed spool file (the last may lack its newline), read a
// few MB at a time; the file is removed afterwards.
export const readLines = (file: string, each: (line: string) => void, bufferBytes = 4 << 20): void => {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bufferBytes);
    const lines = new Utf8Lines();
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      const text = n > 0 ? lines.push(buffer.subarray(0, n)) : lines.end();
      // whole lines, each with its newline (the file's last may lack one)
      let start = 0;
      while (start < text.length) {
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        each(text.slice(start, end));
        start = end + 1;
      }
      if (n === 0) break;
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
};

// Every line of a closed spool file as bytes (`end` excludes the newline;
// the last line may lack one), read a few MB at a time, without decoding
// the text; the file is removed afterwards. `buffer` is only valid during the call.
export const readLineBytes = (
  file: string,
  each: (buffer: Buffer, start: number, end: number) => void,
  bufferBytes = 4 << 20,
): void => {
  const fd = fs.openSync(file, 'r');
  try {
    let buffer = Buffer.alloc(bufferBytes);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        // a line longer than the buffer
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const n = fs.readSync(fd, buffer, filled, buffer.length - filled, null);
      filled += n;
      let start = 0;
      for (;;) {
        const end = buffer.indexOf(10, start);
        if (end < 0 || end >= filled) break;
        each(buffer, start, end);
        start = end + 1;
      }
      if (n === 0) {
        if (start < filled) each(buffer, start, filled);
        break;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
};

// Lines appended as bytes, each made of a head, a number and a slice of another buffer.
export class LineSpool {
  private readonly fd: number;
  private buffer: Buffer;
  private used = 0;

  constructor(
    readonly file: string,
    bufferBytes = 256 << 10,
  ) {
    this.fd = fs.openSync(file, 'w');
    this.buffer = Buffer.alloc(bufferBytes);
  }

  // A line of a head (heads[headFrom, headTo)), a number (not negative), a
  // tab and a slice of another buffer: no text is made for each of a year's lines.
  numberedLine(
    heads: Buffer,
    headFrom: number,
    headTo: number,
    n: number,
    from: Buffer,
    start: number,
    end: number,
  ): void {
    let digits = 1;
    for (let v = n; v >= 10; v = Math.floor(v / 10)) digits++;
    const size = headTo - headFrom + digits + 1 + (end - start) + 1;
    if (this.used + size > this.buffer.length) {
      this.flush();
      if (size > this.buffer.length) this.buffer = Buffer.alloc(size);
    }
    const buffer = this.buffer;
    // (a head is a few bytes: a loop is cheaper than a call to copy them)
    for (let k = headFrom; k < headTo; k++) buffer[this.used++] = heads[k]!;
    let at = this.used + digits;
    for (let v = n, k = 0; k < digits; k++, v = Math.floor(v / 10)) buffer[--at] = 48 + (v % 10);
    this.used += digits;
    buffer[this.used++] = 9;
    this.used += from.copy(buffer, this.used, start, end);
    buffer[this.used++] = 10;
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    if (this.used > 0) fs.writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }
}

// A directory of its own for one job's spool files; a retry of the job starts it afresh.
export const spoolDirectory = (root: string, name: string): string => {
  const dir = path.join(root, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
