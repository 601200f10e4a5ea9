import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diff26as } from './diff.ts';
import { parse26asText } from './parse.ts';
import { readRawParts, splitRawParts } from './raw-parts.ts';

const fixture = fs.readFileSync(
  path.join(import.meta.dirname, '../../fixtures/26as-current-layout.txt'),
  'utf8',
);
const parse = (text: string, file: string) => parse26asText(text, file);

describe('26AS diff', () => {
  it('finds nothing between a statement and itself', () => {
    const r = diff26as(parse(fixture, 'a.txt'), parse(fixture, 'b.txt'));
    expect(r.ok && r.diff.transactions).toEqual([]);
    expect(r.ok && r.diff.deductors.every((d) => d.kind === 'same')).toBe(true);
  });

  it('reports a changed status and amount, a removed credit and an added deductor', () => {
    const after = fixture
      // ALPHA's credit: booked U instead of F (status change).
      .replace(
        '^1^194J^15-Apr-2024^F^28-Jul-2024^-^150000.00^15000.00^15000.00',
        '^1^194J^15-Apr-2024^U^28-Jul-2024^-^150000.00^14000.00^15000.00',
      )
      // GAMMA's 194C credit disappears.
      .replace('^1^194C^05-Oct-2024^O^30-Jan-2025^-^40000.00^800.00^800.00\n', '')
      .replace('^1^194C^05-Oct-2024^O^30-Jan-2025^-^40000.00^800.00^800.00\r\n', '');
    const withNewDeductor = after.replace(
      '^PART-II - Details',
      '9^NEW DEDUCTOR LTD^DELN09999Z^^^^^10000.00^1000.00^1000.00^\r\n^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount Paid / Credited(Rs.)^Tax Deducted(Rs.)^TDS Deposited(Rs.)\r\n^1^194J^01-Mar-2025^F^15-May-2025^-^10000.00^1000.00^1000.00\r\n\r\n^PART-II - Details',
    );
    const r = diff26as(parse(fixture, 'old.txt'), parse(withNewDeductor, 'new.txt'));
    if (!r.ok) throw new Error(r.message);
    expect(r.diff.transactions.map((t) => [t.kind, t.tan, t.section, t.transactionDate, t.fields])).toEqual(
      expect.arrayContaining([
        ['changed', 'PNEA00001A', '194J', '2024-04-15', ['status', 'tax']],
        ['removed', expect.any(String), '194C', '2024-10-05', []],
        ['added', 'DELN09999Z', '194J', '2025-03-01', []],
      ]),
    );
    expect(r.diff.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(r.diff.deductors.find((d) => d.tan === 'DELN09999Z')?.kind).toBe('added');
  });

  it('refuses statements of two PANs, naming both', () => {
    const a = parse(fixture, 'a.txt');
    const b = parse(fixture.replace(a.header!.pan, 'BBBCZ1111Q'), 'b.txt');
    const r = diff26as(a, b);
    expect(r).toEqual({
      ok: false,
      message: `The two statements are of different PANs: ${a.header!.pan} (a.txt) and BBBCZ1111Q (b.txt).`,
    });
  });
});

describe('raw parts for the converter', () => {
  it('keeps the header and every part with its rows', () => {
    const parts = splitRawParts(fixture);
    expect(parts.map((p) => p.name)).toEqual([
      'Header',
      'PART-I',
      'PART-II',
      'PART-VI',
      'PART-VII',
      'PART-VIII',
      'PART-X',
    ]);
    const partI = parts[1]!;
    expect(partI.rows[0]).toEqual(expect.arrayContaining(['Sr. No.', 'Name of Deductor']));
    expect(partI.rows.some((r) => r.includes('ALPHA CUSTOMER LIMITED'))).toBe(true);
    const pan = parse(fixture, 'a.txt').header!.pan;
    expect(parts[0]!.rows.some((r) => r.includes(pan))).toBe(true);
  });
});

describe('raw parts read line by line', () => {
  const collect = async (text: string) => {
    async function* lines() {
      for (const line of text.split('\n')) yield line;
    }
    const parts: { name: string; heading: string; rows: string[][] }[] = [];
    for await (const event of readRawParts(lines())) {
      if (event.kind === 'part') parts.push({ name: event.name, heading: event.heading, rows: [] });
      else parts[parts.length - 1]!.rows.push(event.cells);
    }
    return parts;
  };

  it('gives the same parts and rows as the whole-text split, CRLF and BOM included', async () => {
    expect(await collect(`\uFEFF${fixture}`)).toEqual(splitRawParts(fixture));
    expect(await collect(fixture.replace(/\r?\n/g, '\r\n'))).toEqual(splitRawParts(fixture));
  });

  it('splits a pipe-delimited statement on pipes', async () => {
    const piped = fixture.replaceAll('^', '|');
    expect(await collect(piped)).toEqual(splitRawParts(piped));
  });
});
