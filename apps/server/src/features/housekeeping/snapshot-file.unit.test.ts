import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from '../../platform/storage/file-store.ts';
import {
  endLine,
  headerLine,
  MAX_LINE_CHARS,
  parseLine,
  readSnapshotFile,
  rowLine,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotLine,
  tableLine,
  writeSnapshotFile,
} from './snapshot-file.ts';

const header = {
  format: SNAPSHOT_FORMAT,
  version: SNAPSHOT_VERSION,
  snapshotId: 's',
  entityId: 'e',
  takenAt: '2025-01-01T00:00:00.000Z',
} as const;

const newStore = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'snap-'));
  return { root, store: createFileStore(root) };
};

const readAll = async (store: FileStore, key: string): Promise<SnapshotLine[]> => {
  const lines: SnapshotLine[] = [];
  for await (const line of readSnapshotFile(store, key)) lines.push(line);
  return lines;
};

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

describe('snapshot files', () => {
  it('keep row text byte for byte, however the gzip stream splits it', async () => {
    const { root, store } = newStore();
    const key = 'snapshots/e/x.jsonl.gz';
    const file = path.join(root, 'snapshots', 'e', 'x.jsonl.gz');
    // numbers beyond a double's precision and text with escapes must not pass through JSON.parse
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `{"id":${9007199254740993n + BigInt(i)},"amt":12345678901234.56,"t":"line\\nbreak ₹ ${i}"}`,
    );
    const size = await writeSnapshotFile(
      store,
      key,
      chunks(
        headerLine(header),
        tableLine('tax_entries', ['id', 'amt', 't']),
        rows.map(rowLine).join(''),
        endLine(5000),
      ),
    );
    expect(size).toBe(fs.statSync(file).size);
    const lines = await readAll(store, key);
    expect(lines[0]).toEqual({ kind: 'snapshot', header });
    expect(lines[1]).toEqual({ kind: 'table', name: 'tax_entries', columns: ['id', 'amt', 't'] });
    expect(lines.slice(2, -1)).toEqual(rows.map((json) => ({ kind: 'row', json })));
    expect(lines.at(-1)).toEqual({ kind: 'end', rows: 5000 });
    // written under a temporary name, which is gone
    expect(fs.readdirSync(path.join(root, 'files', 'tmp'))).toEqual([]);
  });

  it.each(['{"not":"an array"}', '["table", 3, []]', '["what", 1]', 'garbage'])(
    'name the damaged line: %s',
    (text) => {
      expect(() => parseLine(text, 7)).toThrow('The snapshot file is damaged at line 7.');
    },
  );

  it('fail on a truncated gzip stream rather than stopping quietly', async () => {
    const { root, store } = newStore();
    const whole = gzipSync(`${headerLine(header)}${rowLine('{"id":1}')}`.repeat(1000));
    fs.writeFileSync(path.join(root, 'cut.jsonl.gz'), whole.subarray(0, whole.length - 40));
    await expect(readAll(store, 'cut.jsonl.gz')).rejects.toThrow();
  });

  it('stop at a line longer than any row, as a gzip bomb without line breaks makes', async () => {
    const { root, store } = newStore();
    fs.writeFileSync(
      path.join(root, 'bomb.jsonl.gz'),
      gzipSync(Buffer.alloc(MAX_LINE_CHARS + 1024 * 1024, 0x61)),
    );
    await expect(readAll(store, 'bomb.jsonl.gz')).rejects.toThrow('The snapshot file is damaged at line 1.');
  });

  it('refuse a key that would leave the store', async () => {
    const { store } = newStore();
    expect(() => store.get('../outside')).toThrow('not a file store key');
  });
});
