import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  endLine,
  headerLine,
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

const readAll = async (file: string): Promise<SnapshotLine[]> => {
  const lines: SnapshotLine[] = [];
  for await (const line of readSnapshotFile(file)) lines.push(line);
  return lines;
};

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

describe('snapshot files', () => {
  it('keep row text byte for byte, however the gzip stream splits it', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snap-')), 'x.jsonl.gz');
    // numbers beyond a double's precision and text with escapes must not pass through JSON.parse
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `{"id":${9007199254740993n + BigInt(i)},"amt":12345678901234.56,"t":"line\\nbreak ₹ ${i}"}`,
    );
    const size = await writeSnapshotFile(
      file,
      chunks(
        headerLine(header),
        tableLine('tax_entries', ['id', 'amt', 't']),
        rows.map(rowLine).join(''),
        endLine(5000),
      ),
    );
    expect(size).toBe(fs.statSync(file).size);
    const lines = await readAll(file);
    expect(lines[0]).toEqual({ kind: 'snapshot', header });
    expect(lines[1]).toEqual({ kind: 'table', name: 'tax_entries', columns: ['id', 'amt', 't'] });
    expect(lines.slice(2, -1)).toEqual(rows.map((json) => ({ kind: 'row', json })));
    expect(lines.at(-1)).toEqual({ kind: 'end', rows: 5000 });
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });

  it.each(['{"not":"an array"}', '["table", 3, []]', '["what", 1]', 'garbage'])(
    'name the damaged line: %s',
    (text) => {
      expect(() => parseLine(text, 7)).toThrow('The snapshot file is damaged at line 7.');
    },
  );

  it('fail on a truncated gzip stream rather than stopping quietly', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snap-')), 'cut.jsonl.gz');
    const whole = gzipSync(`${headerLine(header)}${rowLine('{"id":1}')}`.repeat(1000));
    fs.writeFileSync(file, whole.subarray(0, whole.length - 40));
    await expect(readAll(file)).rejects.toThrow();
  });
});
