import { once } from 'node:events';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { BINARY_HEADER, BINARY_TRAILER, framed, wholeTuplesEnd } from './binary-copy.ts';
import type { RowSink } from './copy-spool.ts';

// COPY is the fast path for loading lakhs of rows. PostgreSQL takes COPY FROM
// STDIN over the connection; PGlite takes COPY FROM '/dev/blob' on its own API.
// Either way the rows land inside the transaction the caller's client holds: on
// PGlite the pool's one connection is that client, so the direct call runs in
// the same session and transaction.

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
};

// Text COPY, or binary (binary-copy.ts) for the tables loaded by the lakh. A
// table's rows are all in one format: the sinks frame a binary COPY with its
// header and trailer, and a text line never goes into it.
export type CopyFormat = 'text' | 'binary';

const copySql = (table: string, columns: readonly string[], source: string, format: CopyFormat = 'text') =>
  `COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM ${source}${format === 'binary' ? ' WITH (FORMAT binary)' : ''}`;

// Lines or chunks of COPY text, or chunks already in UTF-8 (the matching
// threads write the result's rows as bytes).
export type CopyInput = string | Uint8Array;

// Groups lines into chunks of about 1 MiB so neither path holds the whole
// file; chunks given as bytes go on as they are, in their place.
function* batches(lines: Iterable<CopyInput>, bytes = 1 << 20): Generator<CopyInput> {
  let buffer: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (typeof line !== 'string') {
      if (buffer.length) yield buffer.join('');
      buffer = [];
      size = 0;
      if (line.byteLength > 0) yield line;
      continue;
    }
    buffer.push(line);
    size += line.length;
    if (size >= bytes) {
      yield buffer.join('');
      buffer = [];
      size = 0;
    }
  }
  if (buffer.length) yield buffer.join('');
}

export const copyFromStdin = async (
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  lines: Iterable<CopyInput>,
): Promise<number> => {
  const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
  await pipeline(Readable.from(batches(lines)), stream);
  return stream.rowCount ?? 0;
};

export const copyFromBlob = async (
  pglite: PGlite,
  table: string,
  columns: readonly string[],
  lines: Iterable<CopyInput>,
): Promise<number> => {
  let rows = 0;
  for (const chunk of batches(lines, 4 << 20)) {
    const result = await pglite.query(copySql(table, columns, "'/dev/blob'"), [], {
      blob: new Blob([chunk]),
    });
    rows += result.affectedRows ?? 0;
  }
  return rows;
};

export const copyToStdout = async (client: pg.PoolClient, select: string): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT`))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

// The same, streamed: the rows arrive in chunks of about `bytes` as the server
// sends them, and the next is read only when the caller has taken the last.
export async function* copyToStdoutChunks(
  client: pg.PoolClient,
  select: string,
  bytes = 4 << 20,
): AsyncGenerator<Uint8Array> {
  let chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT`))) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= bytes) {
      yield Buffer.concat(chunks);
      chunks = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(chunks);
}

export const copyToBlob = async (pglite: PGlite, select: string): Promise<Uint8Array> => {
  const result = await pglite.query(`COPY (${select}) TO '/dev/blob'`);
  return result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array(0);
};

// One value in COPY's text format: NULL is \N; backslash, tab, newline and
// carriage return are escaped.
const NEEDS_ESCAPE = /[\\\t\n\r]/;

export const copyValue = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '\\N';
  // a number or a boolean never holds a character COPY escapes
  if (typeof value !== 'string') return String(value);
  return NEEDS_ESCAPE.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
};

// map and join: building the line by += was slower (the ropes it makes are
// flattened when the lines are joined).
export const copyLine = (values: readonly (string | number | boolean | null | undefined)[]): string =>
  `${values.map(copyValue).join('\t')}\n`;

async function* framedFile(file: string): AsyncGenerator<Uint8Array> {
  yield BINARY_HEADER;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
  yield BINARY_TRAILER;
}

export const copyFileFromStdin = async (
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  file: string,
  format: CopyFormat = 'text',
): Promise<number> => {
  const stream = client.query(copyFrom(copySql(table, columns, 'STDIN', format)));
  const source =
    format === 'binary'
      ? Readable.from(framedFile(file))
      : fs.createReadStream(file, { highWaterMark: 1 << 20 });
  await pipeline(source, stream);
  return stream.rowCount ?? 0;
};

// PGlite takes a blob per COPY: the file goes in slices of about 4 MiB, each
// cut after a row (a newline, or a binary file's last whole tuple) so no row
// is split between two slices.
export const copyFileFromBlob = async (
  pglite: PGlite,
  table: string,
  columns: readonly string[],
  file: string,
  format: CopyFormat = 'text',
): Promise<number> => {
  const binary = format === 'binary';
  const sql = copySql(table, columns, "'/dev/blob'", format);
  let rows = 0;
  let carry = Buffer.alloc(0);
  const send = async (slice: Buffer) => {
    if (slice.length === 0) return;
    const result = await pglite.query(sql, [], { blob: new Blob(binary ? framed([slice]) : [slice]) });
    rows += result.affectedRows ?? 0;
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 4 << 20 }) as AsyncIterable<Buffer>) {
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const cut = binary ? wholeTuplesEnd(data) : data.lastIndexOf(10) + 1;
    await send(data.subarray(0, cut));
    carry = Buffer.from(data.subarray(cut));
  }
  // a binary file that ends inside a tuple was not written whole
  if (binary && carry.length > 0 && wholeTuplesEnd(carry) !== carry.length)
    throw new Error(`${file}: the spooled rows end part-way through a row`);
  await send(carry);
  return rows;
};

// Lines written a row at a time, handed on in pieces of about `limit`
// characters, one text each (the live COPY writers below); binary tuples
// are gathered the same way, as one list of byte chunks.
const pieces = (limit: number, send: (piece: string | Uint8Array[]) => Promise<void>) => {
  let buffer: CopyInput[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const piece = buffer;
    buffer = [];
    size = 0;
    await send(typeof piece[0] === 'string' ? (piece as string[]).join('') : (piece as Uint8Array[]));
  };
  return {
    flush,
    async add(text: CopyInput) {
      // a table's rows are all text or all bytes (copySql)
      buffer.push(text);
      size += typeof text === 'string' ? text.length : text.byteLength;
      if (size >= limit) await flush();
    },
    drop() {
      buffer = [];
      size = 0;
    },
  };
};

// The embedded database's counterpart of openCopyWriter: PGlite takes a COPY
// a blob at a time, so the lines are gathered into slices of about 4 MiB and
// each slice is one COPY, run on the one session inside the caller's
// transaction as soon as it is full. `remove` drops what was not yet sent;
// what was sent goes with the caller's rollback.
export const openBlobCopyWriter = (
  pglite: PGlite,
  table: string,
  columns: readonly string[],
  format: CopyFormat = 'text',
): RowSink => {
  const sql = copySql(table, columns, "'/dev/blob'", format);
  const lines = pieces(4 << 20, async (piece) => {
    await pglite.query(sql, [], { blob: new Blob(typeof piece === 'string' ? [piece] : framed(piece)) });
  });
  return {
    file: null,
    rows: 0,
    async write(text, rows = 1) {
      this.rows += rows;
      await lines.add(text);
    },
    close: lines.flush,
    async remove() {
      lines.drop();
    },
  };
};

// A COPY FROM STDIN left open while a loader writes into it (PostgreSQL only):
// the rows reach the server as they are parsed, inside the caller's
// transaction, instead of going through a spool file afterwards. The client
// can run nothing else until `close`; `remove` (after a failure) cancels the
// COPY with CopyFail, so the transaction can be rolled back.
export const openCopyWriter = (
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  format: CopyFormat = 'text',
): RowSink => {
  const binary = format === 'binary';
  const stream = client.query(copyFrom(copySql(table, columns, 'STDIN', format)));
  let failure: Error | null = null;
  stream.on('error', (error: Error) => {
    failure ??= error;
  });
  if (binary) stream.write(BINARY_HEADER);
  // lines a row at a time are sent in pieces of about 1 MiB, as CopySpool writes them
  const lines = pieces(1 << 20, async (piece) => {
    if (failure) throw failure;
    // 'drain', or the stream's error (once() rejects on it)
    if (!stream.write(typeof piece === 'string' ? piece : Buffer.concat(piece))) await once(stream, 'drain');
  });
  let ended = false;
  return {
    file: null,
    rows: 0,
    async write(text, rows = 1) {
      if (failure) throw failure;
      this.rows += rows;
      await lines.add(text);
    },
    async close() {
      if (failure) throw failure;
      await lines.flush();
      ended = true;
      if (binary) stream.write(BINARY_TRAILER);
      stream.end();
      await finished(stream);
    },
    async remove() {
      if (ended && stream.writableFinished) return;
      stream.destroy(failure ?? new Error('the load stopped before its rows were all written'));
      await finished(stream).catch(() => {});
    },
  };
};
