import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';

// A snapshot file is gzip'd JSON lines. Every line is a JSON array whose first
// element says what it holds:
//   ["snapshot", {"format", "version", "snapshotId", "entityId", "takenAt"}]   first line
//   ["table", "tax_entries", ["id", "entity_id", ...]]   the rows that follow belong to this table
//   ["row", {...}]                                        one row, as PostgreSQL's row_to_json wrote it
//   ["end", {"rows": 1234}]                               last line; a file without it is incomplete
// Rows stay PostgreSQL's own JSON text from dump to restore and are never parsed
// in JavaScript, so numeric amounts, bigint ids and microsecond timestamps come
// back exactly.

export const SNAPSHOT_FORMAT = 'taxrecon-snapshot';
export const SNAPSHOT_VERSION = 1;

export interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  snapshotId: string;
  entityId: string;
  takenAt: string;
}

export type SnapshotLine =
  | { kind: 'snapshot'; header: SnapshotHeader }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; json: string }
  | { kind: 'end'; rows: number };

const ROW_PREFIX = '["row",';

export const headerLine = (header: SnapshotHeader): string => `${JSON.stringify(['snapshot', header])}\n`;
export const tableLine = (name: string, columns: readonly string[]): string =>
  `${JSON.stringify(['table', name, columns])}\n`;
export const rowLine = (json: string): string => `${ROW_PREFIX}${json}]\n`;
export const endLine = (rows: number): string => `${JSON.stringify(['end', { rows }])}\n`;

const corrupt = (line: number): Error => new Error(`The snapshot file is damaged at line ${line}.`);

export const parseLine = (text: string, line: number): SnapshotLine => {
  if (text.startsWith(ROW_PREFIX) && text.endsWith(']')) {
    return { kind: 'row', json: text.slice(ROW_PREFIX.length, -1) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt(line);
  }
  if (!Array.isArray(value)) throw corrupt(line);
  const [kind, a, b] = value as [unknown, unknown, unknown];
  if (kind === 'snapshot' && a && typeof a === 'object' && (a as SnapshotHeader).format === SNAPSHOT_FORMAT) {
    return { kind: 'snapshot', header: a as SnapshotHeader };
  }
  if (
    kind === 'table' &&
    typeof a === 'string' &&
    Array.isArray(b) &&
    b.every((c) => typeof c === 'string')
  ) {
    return { kind: 'table', name: a, columns: b as string[] };
  }
  if (kind === 'end' && a && typeof a === 'object' && typeof (a as { rows?: unknown }).rows === 'number') {
    return { kind: 'end', rows: (a as { rows: number }).rows };
  }
  throw corrupt(line);
};

// Writes the lines to `file` through a temporary name, so a failed or retried
// job never leaves a half-written snapshot under the final name. Answers the size.
export const writeSnapshotFile = async (file: string, chunks: AsyncIterable<string>): Promise<number> => {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(chunks), createGzip(), fs.createWriteStream(partial));
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return (await fs.promises.stat(file)).size;
};

export async function* readSnapshotFile(file: string): AsyncGenerator<SnapshotLine> {
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let line = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const parts = (rest + decoder.write(chunk)).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        line += 1;
        if (text !== '') yield parseLine(text, line);
      }
    }
    rest += decoder.end();
    if (rest !== '') yield parseLine(rest, line + 1);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
