import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cut26asText, mergeChunks, parse26asChunk } from '../form-26as/chunks.ts';
import { parse26asText, pushLines } from '../form-26as/parse.ts';
import { Form26asParser } from '../form-26as/parser.ts';
import { readCustomerMaster } from '../masters/customer-master.ts';
import { mapSalesRows } from '../registers/map-rows.ts';
import { readTable } from '../registers/read-table.ts';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { badCharacterAt, holdsNoBadCharacter } from './bad-characters.ts';

const fixture = (name: string) => readFileSync(`${FIXTURES_DIR}${name}`, 'utf8');

// Puts `bad` into line `line` (1-based) just after its first `after` characters.
const spoil = (text: string, line: number, after: number, bad: string): string => {
  const lines = text.split('\n');
  const l = lines[line - 1]!;
  lines[line - 1] = l.slice(0, after) + bad + l.slice(after);
  return lines.join('\n');
};

describe('bad characters', () => {
  it.each([
    ['NUL', '\u0000', 3],
    ['a control character', '\u0007', 3],
    ['DEL', '\u007f', 0],
    ['invalid UTF-8', '\ufffd', 5],
  ])('finds %s', (_, bad, at) => {
    expect(badCharacterAt(`${'x'.repeat(at)}${bad}y`)).toBe(at);
  });

  it.each([['plain text'], ['tab\tseparated'], ['₹ 1,00,000 – “quoted”'], ['']])('lets %j pass', (text) => {
    expect(badCharacterAt(text)).toBe(-1);
  });

  it('turns a NUL in a 26AS transaction line into an error on that line; the rest of the file parses', () => {
    const clean = parse26asText(fixture('26as-current-layout.txt'), 'x.txt');
    const text = spoil(fixture('26as-current-layout.txt'), 14, 5, '\u0000');
    const result = parse26asText(Buffer.from(text, 'utf8'), 'x.txt');
    const bad = result.errors.filter((e) => e.code === 'BAD_CHARACTER');
    expect(bad).toMatchObject([{ file: 'x.txt', line: 14, column: '6' }]);
    expect(bad[0]?.message).toContain('Line 14, column 6 holds a NUL byte');
    expect(result.transactionCount).toBe(clean.transactionCount - 1);
    const transactions = [...(result.tds?.parties ?? []), ...(result.tcs?.parties ?? [])].flatMap(
      (p) => p.transactions,
    );
    expect(transactions.map((t) => t.line)).not.toContain(14);
    expect(transactions.every((t) => badCharacterAt(t.remarks ?? '') < 0)).toBe(true);
  });

  it('finds a bad character in any piece of a statement cut for the threads, whichever pieces are clean', () => {
    const whole = fixture('26as-current-layout.txt');
    const text = spoil(whole, 14, 5, '\u0000');
    // pieces of a few lines each: the spoiled line's piece is looked at line by line, the others are not
    const pieces = cut26asText(text, 'x.txt', 200);
    expect(pieces.length).toBeGreaterThan(2);
    const results = pieces.map((piece) => parse26asChunk(piece));
    expect(results.filter((r) => r.errors.some((e) => e.code === 'BAD_CHARACTER'))).toHaveLength(1);
    const merged = mergeChunks(results);
    expect(merged.errors.filter((e) => e.code === 'BAD_CHARACTER')).toMatchObject([
      { line: 14, column: '6' },
    ]);
    expect(merged.transactionCount).toBe(parse26asText(whole, 'x.txt').transactionCount - 1);
    // a clean text read before does not spare the lines pushed after it
    const parser = new Form26asParser('y.txt');
    pushLines(parser, whole, 1);
    parser.push('x\u0007y', 999);
    expect(parser.finish().errors.filter((e) => e.code === 'BAD_CHARACTER')).toMatchObject([{ line: 999 }]);
  });

  it('leaves out a master line holding a NUL with an error naming line and field; the other lines load', async () => {
    const clean = await readCustomerMaster(Buffer.from(fixture('customer-master.txt')), 'm.txt');
    const text = spoil(fixture('customer-master.txt'), 2, 10, '\u0000');
    const result = await readCustomerMaster(Buffer.from(text, 'utf8'), 'm.txt');
    expect(result.errors.filter((e) => e.code === 'BAD_CHARACTER')).toMatchObject([
      { line: 2, column: 'field 3' },
    ]);
    expect(result.rows.length).toBe(clean.rows.length - 1);
  });

  it('rejects a register row whose mapped value holds a control character', async () => {
    const text =
      'Invoice\tDate\tCustomer\tAmount\nA1\t01/04/2024\tAl\u0001pha\t100\nA2\t02/04/2024\tBeta\t200\n';
    const table = await readTable(Buffer.from(text), 'r.txt');
    expect(table.errors).toMatchObject([{ code: 'BAD_CHARACTER', line: 2 }]);
    expect(table.rows.map((r) => r.line)).toEqual([3]);
    // the streaming path reaches the row mapper with the line still in it
    const mapped = mapSalesRows(
      {
        file: 'r.txt',
        headers: ['Date', 'Customer'],
        headerLine: 1,
        rows: [{ line: 2, values: ['01/04/2024', 'Al\u0001pha'] }],
      },
      { date: 0, customerName: 1 },
    );
    expect(mapped.errors).toMatchObject([{ code: 'BAD_CHARACTER', line: 2, column: 'Customer' }]);
  });
});

describe('holdsNoBadCharacter', () => {
  it('finds exactly the characters badCharacterAt finds', () => {
    // every code from 0 to 0xA0, the replacement character and its neighbours
    for (const code of [...Array.from({ length: 0xa1 }, (_, i) => i), 0xfffc, 0xfffd, 0xfffe]) {
      const text = `ab${String.fromCharCode(code)}cd`;
      expect(holdsNoBadCharacter(text), `U+${code.toString(16)}`).toBe(badCharacterAt(text) < 0);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(holdsNoBadCharacter(text)).toBe(badCharacterAt(text) < 0);
      }),
    );
  });
});
