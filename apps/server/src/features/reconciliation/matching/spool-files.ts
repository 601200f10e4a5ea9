import fs from 'node:fs';
import path from 'node:path';

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
    const decoder = new TextDecoder();
    let rest = '';
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      const text = rest + decoder.decode(buffer.subarray(0, n), { stream: n > 0 });
      const cut = n > 0 ? text.lastIndexOf('\n') : text.length;
      let start = 0;
      while (start < cut) {
        let end = text.indexOf('\n', start);
        if (end < 0 || end > cut) end = cut;
        each(text.slice(start, end));
        start = end + 1;
      }
      rest = n > 0 ? text.slice(cut + 1) : '';
      if (n === 0) break;
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
};

// A directory of its own for one job's spool files; a retry of the job starts it afresh.
export const spoolDirectory = (root: string, name: string): string => {
  const dir = path.join(root, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
