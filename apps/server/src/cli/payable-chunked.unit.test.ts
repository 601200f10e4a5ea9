import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { payableCommand } from './payable.ts';

// `taxrecon payable` on a generated ledger read in one pass on one thread and
// in 64 KB pieces over two threads (parsing/ledger-chunk.ts): the result file and
// every line told on stderr must be the same, bad lines named alike whichever
// piece and thread read them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-payable-chunked-'));
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(root, 'apps/server/bench/generate-payable-files.ts'),
      ...['--lines', '30000', '--vendors', '900', '--out', dir],
    ],
    { stdio: 'ignore' },
  );
  // Planted far apart: a date that does not exist, a letter O keyed for a
  // zero in an amount, and a NUL in a description (its piece then holds a bad
  // character, so its lines are looked at one by one).
  const lines = fs.readFileSync(file('ledger.txt'), 'utf8').split('\n');
  const plant = (line: number, column: number, edit: (cell: string) => string) => {
    const cells = (lines[line - 1] ?? '').split('\t');
    cells[column] = edit(cells[column] ?? '');
    lines[line - 1] = cells.join('\t');
  };
  const header = (lines[0] ?? '').split('\t');
  plant(4_001, header.indexOf('documentDate'), () => '31-02-2025');
  plant(17_777, header.indexOf('baseAmount'), (c) => `1O${c}`);
  plant(25_001, header.indexOf('documentDescription'), (c) => `${c}\u0000`);
  fs.writeFileSync(file('ledger.txt'), lines.join('\n'));
}, 120_000);

const run = async (out: string, env: Record<string, string>) => {
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  let stderr = '';
  try {
    const code = await payableCommand(
      [
        ...['--fy', '2024-25', '--ledger', file('ledger.txt'), '--vendors', file('vendors.txt')],
        ...['--vendor-sections', file('vendor-sections.txt')],
        ...['--expense-sections', file('expense-sections.txt'), '--out', out],
      ],
      { stdout: () => {}, stderr: (s) => (stderr += s) },
    );
    expect(code, stderr).toBe(0);
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
  }
  return { json: fs.readFileSync(out, 'utf8'), stderr };
};

describe('taxrecon payable in pieces', () => {
  it('gives the result and the messages of one reading on one thread', async () => {
    const serial = await run(file('serial.json'), { TAXRECON_THREADS: '1' });
    const chunked = await run(file('chunked.json'), {
      TAXRECON_THREADS: '2',
      TAXRECON_PARSE_CHUNK_BYTES: '65536',
    });
    // about 40 pieces: the ledger is cut, not read whole
    expect(fs.statSync(file('ledger.txt')).size).toBeGreaterThan(20 * 65536);
    expect(chunked.json).toBe(serial.json);
    expect(chunked.stderr).toBe(serial.stderr);
    const result = JSON.parse(serial.json) as {
      entries: unknown[];
      errors: { file: string; line: number; code: string; reason: string }[];
    };
    expect(result.entries).toHaveLength(30_000);
    // each planted line is an error entry named by its own line
    const byLine = new Map(result.errors.map((e) => [e.line, e]));
    expect(byLine.get(4_001)?.reason).toMatch(/documentDate/);
    expect(byLine.get(17_777)?.reason).toMatch(/baseAmount/);
    expect(byLine.get(25_001)).toBeDefined();
  }, 120_000);
});
