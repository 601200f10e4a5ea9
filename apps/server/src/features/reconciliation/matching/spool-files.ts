import fs from 'node:fs';
import path from 'node:path';
import { Utf8Lines } from '@taxrecon/formats';

// Text lines kept on disk while a job has no use for them in memory: a side's
// rows as read (the bytes as they came), then the same rows sorted into
// buckets of parties.

// Appends bytes to a file; reads it back line by line, in order.
export class SpoolFile {
  private fd: number | null;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  write(bytes: Uint8Array | string): void {
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
    if (b.length === 0) return;
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
  }

  private flush(): void {
    if (this.fd === null || this.pending.length === 0) return;
    fs.writeSync(this.fd, Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

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

// Lines appended as bytes: an ASCII head, then a slice of another buffer.
export class LineSpool {
  private readonly fd: number;
  private buffer = Buffer.alloc(256 << 10);
  private used = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  line(head: string, from: Buffer, start: number, end: number): void {
    const size = head.length + (end - start) + 1;
    if (this.used + size > this.buffer.length) {
      this.flush();
      if (size > this.buffer.length) this.buffer = Buffer.alloc(size);
    }
    this.used += this.buffer.write(head, this.used, 'latin1');
    this.used += from.copy(this.buffer, this.used, start, end);
    this.buffer[this.used++] = 10;
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
