import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { FileStore } from '../../platform/storage/file-store.ts';

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

// A single line longer than this is no row PostgreSQL wrote: the file is
// damaged (or a decompression bomb), and reading stops before memory runs out.
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

// Writes the lines gzip'd to the file store under `key` (the store never shows
// a half-written file under its final name). Answers the size.
export const writeSnapshotFile = (
  store: FileStore,
  key: string,
  chunks: AsyncIterable<string>,
): Promise<number> => store.put(key, Readable.from(chunks), createGzip());

export async function* readSnapshotFile(store: FileStore, key: string): AsyncGenerator<SnapshotLine> {
  const source = store.get(key);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let line = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      // only the new text is searched, so a long line costs its length once
      const text = decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        const whole = rest + text.slice(start, end);
        rest = '';
        start = end + 1;
        line += 1;
        if (whole !== '') yield parseLine(whole, line);
      }
      rest += text.slice(start);
      if (rest.length > MAX_LINE_CHARS) throw corrupt(line + 1);
    }
    rest += decoder.end();
    if (rest !== '') yield parseLine(rest, line + 1);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
