import { once } from 'node:events';
import fs from 'node:fs';

// COPY lines of one table, spooled to a temporary file while a file is parsed,
// so a million-row upload never holds its rows in memory; the load then streams
// the file into the database inside its transaction.
export class CopySpool {
  rows = 0;
  private buffer: string[] = [];
  private size = 0;
  private readonly stream: fs.WriteStream;

  constructor(readonly path: string) {
    this.stream = fs.createWriteStream(path);
  }

  // one line, or `rows` lines of text at once
  async write(line: string, rows = 1): Promise<void> {
    this.rows += rows;
    this.buffer.push(line);
    this.size += line.length;
    if (this.size >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const ok = this.stream.write(this.buffer.join(''));
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
    await fs.promises.rm(this.path, { force: true });
  }
}
