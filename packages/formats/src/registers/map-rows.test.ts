import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileIssue } from '../errors.ts';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { guessMapping } from './guess-mapping.ts';
import {
  createRowMapper,
  isPlaceholder,
  isTotalRow,
  mapPurchaseRows,
  mapRows,
  mapSalesRows,
  PLACEHOLDERS,
} from './map-rows.ts';
import { readTable } from './read-table.ts';
import { PURCHASE_FIELDS, SALES_FIELDS } from './targets.ts';

const table = (headers: string[], ...rows: string[][]) => ({
  file: 'r.txt',
  headers,
  headerLine: 1,
  rows: rows.map((values, i) => ({ line: i + 2, values })),
});

describe('mapRows', () => {
  it('fails the file once when a required target has no column', () => {
    const r = mapSalesRows(table(['Date'], ['01-04-2024']), { date: 0 });
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'UNMAPPED_COLUMN', line: 1, column: 'Name of customer (Client)' }),
    ]);
  });

  it.each(['-', 'NA', 'n/a', 'NIL', 'URP', 'PANNOTAVBL', '  '])(
    'reads placeholder %j as no value',
    (placeholder) => {
      const r = mapSalesRows(
        table(['Date', 'Party', 'PAN', 'GSTIN'], ['01-04-2024', 'A', placeholder, placeholder]),
        {
          date: 0,
          customerName: 1,
          pan: 2,
          gstin: 3,
        },
      );
      expect(r.rows[0]).toMatchObject({ pan: null, gstin: null });
      expect(r.warnings).toEqual([]);
    },
  );

  it('upper-cases identifiers and keeps the file and line of each row', () => {
    const r = mapPurchaseRows(table(['Date', 'Supplier', 'TAN'], ['1/4/24', 'X', 'ched00004d']), {
      date: 0,
      supplierName: 1,
      tan: 2,
    });
    expect(r.rows).toEqual([
      expect.objectContaining({
        file: 'r.txt',
        line: 2,
        date: '2024-04-01',
        supplierName: 'X',
        tan: 'CHED00004D',
        tcsAmount: null,
      }),
    ]);
  });

  it('reports the header name as the column of a bad cell', () => {
    const r = mapSalesRows(table(['Dt', 'Party', 'TDS Amt'], ['01-04-2024', 'A', '12,34,5x']), {
      date: 0,
      customerName: 1,
      tdsAmount: 2,
    });
    expect(r.errors).toEqual([
      expect.objectContaining({
        file: 'r.txt',
        line: 2,
        column: 'TDS Amt',
        value: '12,34,5x',
        code: 'INVALID_AMOUNT',
      }),
    ]);
  });

  it.each([
    [['', 'Grand Total', '100'], true],
    [['Total', '', '100'], true],
    ['Sub Total:'.split('|'), true],
    [['TOTALS'], true],
    [['01-04-2024', 'Total Logistics Ltd'], false],
    [['', '', ''], false],
  ])('total row %j: %s', (values, expected) => {
    expect(isTotalRow(values)).toBe(expected);
  });

  it('maps one record at a time for streamed input', () => {
    const warnings: FileIssue[] = [];
    const map = createRowMapper(
      { file: 'f', headers: ['Date', 'Party'], headerLine: 1 },
      { date: 0, customerName: 1 },
      SALES_FIELDS,
      warnings,
    );
    expect(map({ line: 9, values: ['', 'Grand Total'] })).toEqual({ kind: 'skip' });
    expect(map({ line: 10, values: ['2-4-2024', 'A'] })).toMatchObject({
      kind: 'row',
      row: { line: 10, date: '2024-04-02' },
    });
    expect(map({ line: 11, values: ['x', 'A'] })).toMatchObject({ kind: 'error' });
  });
});

// Dates and identifiers are read once per distinct text and remembered: a
// repeated cell must give the same answer, and the same warning or error on
// every row it is on, whichever rows came before.
describe('cells read once and remembered', () => {
  const headers = ['Date', 'Party', 'PAN', 'TAN', 'GSTIN'];
  const mapping = { date: 0, customerName: 1, pan: 2, tan: 3, gstin: 4 };
  const cells = {
    date: ['01-04-2024', '1/4/24', '31-04-2024', '2024-04-01', 'x'],
    pan: ['AAACA0000Q', 'aaaca0000q', 'AAACA0000', '-'],
    tan: ['PNEA00000A', 'pnea00000a', 'PNEA0000'],
    gstin: ['27AAACA0000Q1Z1', '27AAACA0000Q1Z2', '27aaaca0000q1z1', 'URP'],
  };
  const record = fc.record({
    date: fc.constantFrom(...cells.date),
    pan: fc.constantFrom(...cells.pan),
    tan: fc.constantFrom(...cells.tan),
    gstin: fc.constantFrom(...cells.gstin),
  });
  const rowOf = (c: { date: string; pan: string; tan: string; gstin: string }) => [
    c.date,
    'A',
    c.pan,
    c.tan,
    c.gstin,
  ];
  // what one row gives when it is the only one mapped (line numbers aside)
  const alone = (values: string[]) => {
    const r = mapSalesRows(table(headers, values), mapping);
    const strip = (issues: FileIssue[]) => issues.map(({ line: _, ...rest }) => rest);
    return {
      rows: r.rows.map(({ line: _, ...rest }) => rest),
      errors: strip(r.errors),
      warnings: strip(r.warnings),
    };
  };

  it('gives every row what it gives the row alone', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 12 }), (records) => {
        const r = mapSalesRows(table(headers, ...records.map(rowOf)), mapping);
        records.forEach((c, i) => {
          const line = i + 2;
          const own = alone(rowOf(c));
          const strip = (issues: FileIssue[]) =>
            issues.filter((x) => x.line === line).map(({ line: _, ...rest }) => rest);
          expect(r.rows.filter((x) => x.line === line).map(({ line: _, ...rest }) => rest)).toEqual(own.rows);
          expect(strip(r.errors)).toEqual(own.errors);
          expect(strip(r.warnings)).toEqual(own.warnings);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('warns on a bad GSTIN on every row that has it', () => {
    const r = mapSalesRows(
      table(headers, ...[2, 3, 4].map(() => ['01-04-2024', 'A', '', '', '27AAACA0000Q1Z2'])),
      mapping,
    );
    expect(r.rows.map((x) => x.gstin)).toEqual([null, null, null]);
    expect(r.warnings.map((w) => w.line)).toEqual([2, 3, 4]);
  });
});

// Damaged registers never crash the reader or the mapper, and every problem
// points at a real line.
describe('registers on damaged input', () => {
  const BASES = ['sales-register.txt', 'sales-register.csv', 'purchase-register.txt'].map((f) => ({
    name: f,
    text: readFileSync(`${FIXTURES_DIR}${f}`, 'utf8'),
  }));
  const damage = fc.record({
    cut: fc.nat(),
    at: fc.nat(),
    insert: fc.string({
      unit: fc.constantFrom('"', '\t', ',', '\n', 'x', '9', '-', ' ', '\r'),
      maxLength: 10,
    }),
  });

  it('never throws and every issue has a line >= 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BASES), damage, async (base, d) => {
        const truncated = base.text.slice(0, d.cut % (base.text.length + 1));
        const i = d.at % (truncated.length + 1);
        const text = truncated.slice(0, i) + d.insert + truncated.slice(i);
        const t = await readTable(Buffer.from(text), base.name);
        const fields = base.name.startsWith('purchase') ? PURCHASE_FIELDS : SALES_FIELDS;
        const r = mapRows(t, guessMapping(t.headers, fields).mapping, fields);
        for (const issue of [...t.errors, ...r.errors, ...r.warnings]) {
          expect(issue.line).toBeGreaterThanOrEqual(1);
          expect(issue.file).toBe(base.name);
        }
      }),
      { numRuns: 300 },
    );
    // 300 whole-file reads: seconds on a busy machine, more than vitest's default 5 s.
  }, 60_000);

  it('never throws on arbitrary bytes of any register type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('x.txt', 'x.csv', 'x.xlsx', 'x.xls'),
        async (bytes, name) => {
          const t = await readTable(bytes, name);
          for (const issue of t.errors) expect(issue.line).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('placeholder cells', () => {
  // the definition before cells were compared in place: upper-case a copy and look it up
  const byCopy = (text: string) =>
    text.length <= 10 && /^[-NnPpUu]/.test(text) && PLACEHOLDERS.has(text.toUpperCase());

  it.each(['na', 'N/a', 'nil', 'Null', 'none', 'urp', 'PanNotAvbl', '-', '--', 'n.a.', 'nıl'])(
    'takes %j for no value',
    (text) => {
      expect(isPlaceholder(text)).toBe(true);
    },
  );

  it.each(['PNEA00000A', 'Pune', 'NAN', 'N A', 'NONE ', 'ß', 'PANNOTAVBLE', ''])(
    'takes %j for a value',
    (text) => {
      expect(isPlaceholder(text)).toBe(false);
    },
  );

  it('answers as upper-casing a copy does, for any cell', () => {
    const letters = fc.constantFrom(...'-./ NnAaIiLlUuOoEeRrPpTtVvBbDdıſßﬀ'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: letters, maxLength: 11 }), fc.string({ maxLength: 11 })),
        (text) => {
          expect(isPlaceholder(text)).toBe(byCopy(text));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
