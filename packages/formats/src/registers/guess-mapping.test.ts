import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  headerList,
  headerSimilarity,
  headerTokens,
  MAX_GUESSED_COLUMNS,
  mappingByHeaderName,
} from './guess-mapping.ts';
import { PURCHASE_FIELDS, SALES_FIELDS, type TargetField } from './targets.ts';

const guessOne = (header: string, fields: readonly TargetField[] = SALES_FIELDS) =>
  guessMapping([header], fields).matches.find((m) => m.column === 0)?.field ?? null;

describe('guessMapping', () => {
  it.each([
    ['Date', 'date'],
    ['Invoice Date', 'date'],
    ['Inv. Dt.', 'date'],
    ['Particulars', 'customerName'],
    ['Name of customer (Client)', 'customerName'],
    ['Client Name', 'customerName'],
    ['Voucher No.', 'voucherNumber'],
    ['Vouchr No', 'voucherNumber'],
    ['InvoiceNo', 'voucherNumber'],
    ['Invoice Number', 'voucherNumber'],
    ['Vch Type', 'voucherType'],
    ['GSTIN/UIN', 'gstin'],
    ['GST No.', 'gstin'],
    ['PAN/IT No.', 'pan'],
    ['Customer TAN', 'tan'],
    ['Invoice Value', 'invoiceValue'],
    ['Taxable Value', 'saleAmount'],
    ['Professional Services (Sales)', 'saleAmount'],
    ['CGST @ 9%', 'cgst'],
    ['IGST (18%)', 'igst'],
    ['TDS %', 'tdsRate'],
    ['TDS Rate', 'tdsRate'],
    ['TDS', 'tdsAmount'],
    ['TDS on sales', 'tdsAmount'],
    ['TDS Section', 'section'],
    ['Customer Code', 'customerCode'],
    ['Narration', null],
    ['Sr No', null],
    ['', null],
  ])('sales header %j -> %s', (header, field) => {
    expect(guessOne(header)).toBe(field);
  });

  it.each([
    ['Supplier Name', 'supplierName'],
    ['Bill No.', 'billNumber'],
    ['Purchase Value', 'purchaseValue'],
    ['Round Off', 'roundOff'],
    ['TCS %', 'tcsRate'],
    ['TCS', 'tcsAmount'],
  ])('purchase header %j -> %s', (header, field) => {
    expect(guessOne(header, PURCHASE_FIELDS)).toBe(field);
  });

  it('never gives one header to two targets and keeps the better pair', () => {
    const { mapping, matches } = guessMapping(['TDS', 'TDS Amount', 'Date'], SALES_FIELDS);
    expect(mapping).toEqual({ tdsAmount: 0, date: 2 });
    expect(matches.filter((m) => m.column !== null)).toHaveLength(2);
  });

  it('reports each target with its header and score', () => {
    const { matches } = guessMapping(['Date', 'Party Name'], SALES_FIELDS);
    expect(matches[0]).toEqual({ field: 'date', label: 'Date', column: 0, header: 'Date', score: 1 });
    expect(matches[1]).toMatchObject({ field: 'customerName', column: 1, header: 'Party Name', score: 1 });
    expect(matches[2]).toEqual({
      field: 'voucherType',
      label: 'Voucher Type',
      column: null,
      header: null,
      score: 0,
    });
  });
});

describe('a header row of very many columns', () => {
  it('guesses from the first columns only, the same whether a filler header repeats or not', () => {
    const filler = (distinct: boolean) =>
      Array.from({ length: MAX_GUESSED_COLUMNS + 2000 }, (_, i) => (distinct ? `x${i}` : 'a'));
    for (const distinct of [false, true]) {
      const headers = filler(distinct);
      headers[3] = 'Invoice Date';
      headers[MAX_GUESSED_COLUMNS + 10] = 'Voucher No.';
      const { mapping } = guessMapping(headers, SALES_FIELDS);
      expect(mapping.date).toBe(3);
      // past the guessed columns: mapped by name only
      expect(mapping.voucherNumber).toBeUndefined();
      expect(mappingByHeaderName(headers, { voucherNumber: 'Voucher No.' }).voucherNumber).toBe(
        MAX_GUESSED_COLUMNS + 10,
      );
    }
  });

  it.each([
    [['A', 'B'], 'A | B'],
    [
      Array.from({ length: 31 }, (_, i) => `h${i}`),
      `${Array.from({ length: 30 }, (_, i) => `h${i}`).join(' | ')} | ... (31 columns)`,
    ],
    [
      Array.from({ length: 524_288 }, () => 'a'),
      `${Array(30).fill('a').join(' | ')} | ... (5,24,288 columns)`,
    ],
  ])('names a header row in a message without all of it: %#', (headers, said) => {
    expect(headerList(headers)).toBe(said);
  });
});

describe('header similarity', () => {
  it('normalises abbreviations, symbols and case', () => {
    expect(headerTokens('Vch. No. (Rs)')).toEqual(['voucher', 'no']);
    expect(headerTokens('TDS %')).toEqual(['tds', 'percent']);
    expect(headerSimilarity('VOUCHER NUMBER', 'Voucher No.')).toBe(1);
    expect(headerSimilarity('abc', '')).toBe(0);
  });
});

describe('mappingByHeaderName', () => {
  it('finds remembered header names in a new file', () => {
    expect(
      mappingByHeaderName(['Date', ' Party ', 'Amt'], {
        date: 'date',
        customerName: 'Party',
        saleAmount: 'Missing',
      }),
    ).toEqual({
      date: 0,
      customerName: 1,
    });
  });
});
