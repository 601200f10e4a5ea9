import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cutRegister, cutRegisterFile, readHead, readRange } from './register-cut.ts';

// A big register's pieces found by reading its file through a window are the
// pieces cutRegister gives from the whole file in memory; a thread reads each
// from the file. Where cutRegister would cut with the quote state, or would
// not cut, the file is read whole as before (null).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-cut-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};
const register = (rows: number, eol: string, last: string, title = ''): string => {
  const lines = [`${title}Voucher\tCustomer\tAmount`];
  for (let i = 1; i <= rows; i++) lines.push(`V${i}\tCustomer ${i % 7}\t${(i * 137) % 100_000}.00`);
  return `${lines.join(eol)}${last}`;
};

describe('cutRegisterFile', () => {
  it.each([
    ['LF, ending in a line end', register(400, '\n', '\n'), 1, 1024],
    ['CRLF, ending in a line end', register(400, '\r\n', '\r\n'), 1, 700],
    ['LF, last line without an end', register(333, '\n', ''), 1, 1500],
    ['a title line above the header', register(400, '\n', '\n', 'Sales register FY 2024-25\n'), 2, 1024],
    ['pieces of one line each', register(50, '\n', '\n'), 1, 10],
  ])('gives the pieces cutRegister gives: %s', (_, content, headerLine, size) => {
    const file = write('sales.txt', content);
    const whole = cutRegister(fs.readFileSync(file), 'sales.txt', headerLine, size);
    const ranged = cutRegisterFile(file, 'sales.txt', headerLine, size);
    expect(whole).not.toBeNull();
    expect(ranged).not.toBeNull();
    expect(ranged!.delimiter).toBe(whole!.delimiter);
    expect(ranged!.pieces.map((p) => p.firstLine)).toEqual(whole!.pieces.map((p) => p.firstLine));
    expect(ranged!.pieces.length).toBeGreaterThan(3);
    ranged!.pieces.forEach((p, i) => {
      const read = Buffer.from(readRange(p.range)).toString('latin1');
      expect(read).toBe(Buffer.from(whole!.pieces[i]!.bytes).toString('latin1'));
    });
  });

  it('leaves a file with quotes, one not UTF-8, a small one and one with no data to the whole read', () => {
    const quoted = write(
      'quoted.csv',
      register(400, '\n', '\n').replaceAll('\t', ',').replace('V9,', '"V,9",'),
    );
    expect(cutRegister(fs.readFileSync(quoted), 'quoted.csv', 1, 1024)?.quoted).toBe(true);
    expect(cutRegisterFile(quoted, 'quoted.csv', 1, 1024)).toBeNull();
    const ansi = write(
      'ansi.txt',
      Buffer.from(register(400, '\n', '\n').replace('Customer 3', 'Café 3'), 'latin1'),
    );
    expect(cutRegister(fs.readFileSync(ansi), 'ansi.txt', 1, 1024)).toBeNull();
    expect(cutRegisterFile(ansi, 'ansi.txt', 1, 1024)).toBeNull();
    const small = write('small.txt', register(5, '\n', '\n'));
    expect(cutRegisterFile(small, 'small.txt', 1, 1024)).toBeNull();
    const headerOnly = write('header.txt', `${'x'.repeat(5000)}\n`);
    expect(cutRegisterFile(headerOnly, 'header.txt', 3, 1024)).toBeNull();
  });

  it('reads the head up to its last line end, and a range the file no longer holds is an error', () => {
    const file = write('head.txt', register(400, '\n', '\n'));
    const head = Buffer.from(readHead(file, 1000)).toString('latin1');
    expect(head.endsWith('\n')).toBe(true);
    expect(register(400, '\n', '\n').startsWith(head)).toBe(true);
    expect(head.length).toBeGreaterThan(900);
    const size = fs.statSync(file).size;
    expect(() => readRange({ path: file, from: size - 10, to: size + 10 })).toThrow(/shorter/);
  });
});
