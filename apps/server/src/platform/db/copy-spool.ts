import { once } from 'node:events';
import fs from 'node:fs';

// Where a loader writes one table's COPY lines: a spool file the load copies
// in later (`file`), or, on PostgreSQL, the load's own COPY already open in
// its transaction (`file` null: the rows are in when `close` returns).
export interface RowSink {
  readonly file: string | null;
  rows: number;
  // one line, or `rows` lines of text at once; or `rows` binary tuples
  // (binary-copy.ts) for a table copied in binary
  write(text: string | Uint8Array, rows?: number): Promise<void>;
  close(): Promise<void>;
  // after a failure or a load: nothing of it is left behind
  remove(): Promise<void>;
}

// COPY lines of one table, spooled to a temporary file while a file is parsed,
// so a million-row upload never holds its rows in memory; the load then streams
// the file into the database inside its transaction.
export class CopySpool implements RowSink {
  rows = 0;
  // text lines, or byte chunks of tuples (a spool holds one or the other)
  private buffer: (string | Uint8Array)[] = [];
  private size = 0;
  private readonly stream: fs.WriteStream;

  constructor(readonly file: string) {
    this.stream = fs.createWriteStream(file);
  }

  async write(line: string | Uint8Array, rows = 1): Promise<void> {
    this.rows += rows;
    this.buffer.push(line);
    this.size += typeof line === 'string' ? line.length : line.byteLength;
    if (this.size >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const buffer = this.buffer;
    const ok = this.stream.write(
      typeof buffer[0] === 'string' ? buffer.join('') : Buffer.concat(buffer as Uint8Array[]),
    );
    this.buffer = [];
    this.size = 0;
    if (!ok) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'close');
  }

  async remove(): Promise<void> {
    if (!this.stream.closed) this.stream.destroy();
    await fs.promises.rm(this.file, { force: true });
  }
}
