import type { BookRow, TaxBookRow } from '@taxrecon/engine';
import { type Paise, paise } from '@taxrecon/shared';
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
});
