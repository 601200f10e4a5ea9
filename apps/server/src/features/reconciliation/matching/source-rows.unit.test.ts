import type { BookRow, TaxBookRow } from '@taxrecon/engine';
import { type Paise, paise, paiseOfNumeric } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookRowLine, decodeBookLine, decodeTaxBookLine, taxBookRowLine } from './source-rows.ts';

// `taxrecon reconcile` hands its rows to the party-at-a-time computation as
// the lines the job reads from the database: a row must come back from its
// line exactly as it went in, whatever its text holds (tabs, backslashes,
// line breaks, \N itself), with absent optional fields read as null.

// text with the characters COPY escapes, and the text of its NULL marker
const text = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '\\', '\n', '\r', 'N', '₹', '-') });
const optional = fc.option(text, { nil: undefined }).chain((t) => fc.constantFrom(t, null));
const money = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }).map((n) => paise(n) as Paise);
const isoDate = fc
  .date({ min: new Date('2023-04-01'), max: new Date('2026-03-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const bookRow = fc.record({
  voucherNo: text,
  date: isoDate,
  partyName: text,
  customerCode: optional,
  tan: optional,
  pan: optional,
  gstin: optional,
  section: optional,
  amount: money,
  tax: money,
});

const taxBookRow = fc.record({
  ref: text,
  tan: text,
  name: text,
  section: text,
  transactionDate: isoDate,
  status: text,
  bookingDate: optional,
  remarks: optional,
  amount: money,
  tax: money,
  deposited: money,
});

describe('a row as its line and back', () => {
  it('keeps every field of a book row', () => {
    fc.assert(
      fc.property(bookRow, (row: BookRow) => {
        const line = bookRowLine(row);
        expect(line).not.toMatch(/\n/);
        const back = decodeBookLine(line);
        expect(back).toEqual({
          ...row,
          customerCode: row.customerCode ?? null,
          tan: row.tan ?? null,
          pan: row.pan ?? null,
          gstin: row.gstin ?? null,
          section: row.section ?? null,
          sourceId: null,
          rate: null,
          line,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every field of a 26AS row', () => {
    fc.assert(
      fc.property(taxBookRow, (row: TaxBookRow) => {
        const line = taxBookRowLine(row);
        expect(line).not.toMatch(/\n/);
        expect(decodeTaxBookLine(line)).toEqual({
          ...row,
          bookingDate: row.bookingDate ?? null,
          remarks: row.remarks ?? null,
          sourceId: null,
          line,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('writes the layout the job reads, field by field', () => {
    const line = bookRowLine({
      voucherNo: 'INV\t1',
      date: '2024-04-02',
      partyName: 'Acme\\Ltd',
      customerCode: 'C1',
      tan: null,
      amount: paise(1_000_050),
      tax: paise(20_001),
    });
    expect(line.split('\t')).toEqual(
      ['\\N', 'INV\\t1', '2024-04-02', 'Acme\\\\Ltd', 'C1'].concat(
        // TAN to remarks
        ['\\N', '\\N', '\\N', '\\N', '\\N', '\\N', '\\N', '\\N'],
        ['10000.50', '200.01', '\\N'],
      ),
    );
  });

  // The decoders cut out only the fields they need; any line, whole, short or
  // long, must read as splitting it at every tab reads.
  it('reads any line as splitting it at its tabs would', () => {
    const fieldOf = (f: string | undefined) =>
      f === undefined || f === '\\N'
        ? null
        : f.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c);
    const cell = fc.oneof(
      fc.constantFrom('\\N', '', '12.50', '-3', '2024-04-02'),
      fc.string({ unit: fc.constantFrom('a', '\\', 't', 'N', '7', '.') }),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 0, maxLength: 19 }), (cells) => {
        const line = cells.join('\t');
        const f = line.split('\t');
        const book = decodeBookLine(line);
        expect([
          book.sourceId,
          book.voucherNo,
          book.date,
          book.partyName,
          book.customerCode,
          book.tan,
          book.pan,
          book.gstin,
          book.section,
          book.rate,
        ]).toEqual([
          fieldOf(f[0]),
          fieldOf(f[1]) ?? '',
          f[2] ?? '',
          fieldOf(f[3]) ?? '',
          fieldOf(f[4]),
          fieldOf(f[5]),
          fieldOf(f[6]),
          fieldOf(f[7]),
          fieldOf(f[8]),
          fieldOf(f[9]),
        ]);
        const tax = decodeTaxBookLine(line);
        expect([
          tax.sourceId,
          tax.ref,
          tax.transactionDate,
          tax.name,
          tax.tan,
          tax.section,
          tax.status,
          tax.bookingDate,
          tax.remarks,
        ]).toEqual([
          fieldOf(f[0]),
          fieldOf(f[1]) ?? '',
          f[2] ?? '',
          fieldOf(f[3]) ?? '',
          fieldOf(f[5]) ?? '',
          fieldOf(f[8]) ?? '',
          fieldOf(f[10]) ?? '',
          fieldOf(f[11]),
          fieldOf(f[12]),
        ]);
        // the amounts, read from the same text (NaN for what is not an amount)
        const amount = (k: number) => paiseOfNumeric(fieldOf(f[k]));
        expect([book.amount, book.tax, tax.amount, tax.tax, tax.deposited]).toEqual([
          amount(13),
          amount(14),
          amount(13),
          amount(14),
          amount(15),
        ]);
        expect(book.line).toBe(line);
      }),
    );
  });
});
