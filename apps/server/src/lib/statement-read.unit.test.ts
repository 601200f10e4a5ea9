import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Form26asResult } from '@taxrecon/formats';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../features/demo/generate.ts';
import { keyedText } from '../features/reconciliation/matching/keyed-lines.ts';
import { parsingPool, read26asForReconcile, run26asTasks, statementFileTasks } from './statement-read.ts';

// A big statement read by `taxrecon reconcile` is cut into pieces the parsing
// threads read: an ASCII file's as where each stands in the file, any other's
// as its text. Either way the lines and the result are what one pass on one
// thread gives.

const demo = generateDemoCompany();
const statement = demo.files.find((f) => f.kind === 'form-26as');
if (!statement) throw new Error('the demo company has no 26AS');
const ascii = Buffer.from(statement.content, 'latin1');
// the same statement as Windows Notepad's "Unicode": UTF-16LE, no byte order mark
const utf16 = Buffer.from(statement.content, 'utf16le');

const pool = parsingPool();
afterAll(() => pool.close());
afterEach(() => {
  delete process.env.TAXRECON_PARSE_CHUNK_BYTES;
});

const read = async (data: Uint8Array, threads: boolean) => {
  const lines: string[] = [];
  const result = await read26asForReconcile(
    data,
    'AAAPL1234C-2025-1.txt',
    threads ? pool : null,
    'TDS',
    (k) => lines.push(keyedText(k)),
  );
  return { lines: lines.join(''), result: result as Form26asResult };
};

describe('a big 26AS statement read in pieces for the command line', () => {
  it('gives the lines and the result of one pass, from ASCII and UTF-16', async () => {
    const whole = await read(ascii, false);
    expect(whole.lines.split('\n').length).toBeGreaterThan(500);
    process.env.TAXRECON_PARSE_CHUNK_BYTES = '8192';
    for (const data of [ascii, utf16]) {
      const pieces = await read(data, true);
      expect(pieces.lines).toBe(whole.lines);
      expect(pieces.result).toEqual(whole.result);
    }
  }, 60_000);
});

describe('a big 26AS statement file whose threads read their own pieces', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-26as-file-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Uint8Array) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, bytes);
    return f;
  };

  it('gives the lines and the result of one pass, its pieces read from the file', async () => {
    const whole = await read(ascii, false);
    process.env.TAXRECON_PARSE_CHUNK_BYTES = '8192';
    const tasks = statementFileTasks(file('AAAPL1234C-2025-1.txt', ascii), 'AAAPL1234C-2025-1.txt', 'TDS');
    expect(tasks?.length).toBeGreaterThan(5);
    for (const task of tasks ?? []) {
      if (task.type !== 'reconcile-26as' || !task.range) throw new Error('a piece went without its range');
      expect(task.chunk.text).toBe('');
    }
    const lines: string[] = [];
    const result = await run26asTasks(pool, tasks ?? [], (k) => lines.push(keyedText(k)));
    expect(lines.join('')).toBe(whole.lines);
    expect(result).toEqual(whole.result);
  }, 60_000);

  it('leaves a statement not ASCII, or small, to the whole read', () => {
    process.env.TAXRECON_PARSE_CHUNK_BYTES = '8192';
    expect(statementFileTasks(file('u16.txt', utf16), 'u16.txt', 'TDS')).toBeNull();
    const accented = Buffer.from(statement.content.replace(/\n/, ' Café\n'), 'utf8');
    expect(statementFileTasks(file('utf8.txt', accented), 'utf8.txt', 'TDS')).toBeNull();
    // (past the first 64 KB, which are looked at before the windows are)
    const late = Buffer.concat([ascii, Buffer.from(`${'\n'.repeat(70_000)}note: Café\n`, 'latin1')]);
    expect(statementFileTasks(file('late.txt', late), 'late.txt', 'TDS')).toBeNull();
    process.env.TAXRECON_PARSE_CHUNK_BYTES = String(ascii.length);
    expect(statementFileTasks(file('small.txt', ascii), 'small.txt', 'TDS')).toBeNull();
  });
});
