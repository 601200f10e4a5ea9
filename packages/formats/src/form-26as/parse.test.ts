import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { parse26asLines, parse26asStream, parse26asText } from './parse.ts';

const fixture = (name: string): string => readFileSync(`${FIXTURES_DIR}${name}`, 'utf8');
// The TRACES sample has Windows line ends; most tests use the LF form.
const CURRENT_CRLF = fixture('26as-current-layout.txt');
const CURRENT = CURRENT_CRLF.replace(/\r\n/g, '\n');
const PRE_2020 = fixture('26as-pre-2020-layout.txt');

const PARTY_HEADER =
  'Sr. No.^Name of Deductor^TAN of Deductor^^^^^Total Amount Paid / Credited(Rs.)^Total Tax Deducted(Rs.)^Total TDS Deposited(Rs.)';
const TX_HEADER =
  '^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount Paid / Credited(Rs.)^Tax Deducted(Rs.)^TDS Deposited(Rs.)';

// A Part I with the given body lines, after a valid statement header.
const statement = (...body: string[]): string =>
  [
    '^Annual Tax Statement^',
    'File Creation Date^Permanent Account Number (PAN)^Financial Year^Assessment Year^Name of Assessee',
    '12-06-2025^AAACZ9999Z^2024-2025^2025-2026^ZEDEX SAMPLE PRIVATE LIMITED',
    '^PART-I - Details of Tax Deducted at Source^',
    ...body,
  ].join('\n');

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function* linesOf(text: string): AsyncGenerator<string> {
  yield* text.split('\n');
}

describe('parse26asText', () => {
  it('reads the header of the current layout', () => {
    const r = parse26asText(CURRENT, '26as.txt');
    expect(r.header).toMatchObject({
      pan: 'AAACZ9999Z',
      financialYear: '2024-25',
      assessmentYear: '2025-26',
      name: 'ZEDEX SAMPLE PRIVATE LIMITED',
      fileCreationDate: '2025-06-12',
    });
    expect(r.layout).toBe('current');
    expect(r.transactionCount).toBe(7);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('reads CRLF files, a UTF-8 BOM and bytes the same as plain text', () => {
    const plain = parse26asText(CURRENT, 'a.txt');
    expect(parse26asText(CURRENT_CRLF, 'a.txt')).toEqual(plain);
    expect(parse26asText(`\uFEFF${CURRENT}`, 'a.txt')).toEqual(plain);
    expect(parse26asText(Buffer.from(`\uFEFF${CURRENT}`), 'a.txt')).toEqual(plain);
  });

  it('reads the very old |-delimited files like ^-delimited ones', () => {
    const caret = parse26asText(PRE_2020, 'old.txt');
    const pipe = parse26asText(PRE_2020.replace(/\^/g, '|'), 'old.txt');
    expect(pipe.delimiter).toBe('|');
    expect({ ...pipe, delimiter: '^' }).toEqual(caret);
  });

  it('keeps identical transaction rows as separate credits', () => {
    const row = '^1^194C^05-Oct-2024^F^30-Jan-2025^-^40000.00^800.00^800.00';
    const r = parse26asText(
      statement(
        PARTY_HEADER,
        '1^GAMMA CONTRACTING CO^DELG00003C^^^^^80000.00^1600.00^1600.00^',
        TX_HEADER,
        row,
        row,
      ),
      'a.txt',
    );
    expect(r.tds?.parties[0]?.transactions).toHaveLength(2);
    expect(r.warnings).toEqual([]);
  });

  it('maps columns from the header, whatever their order and however many empty fields', () => {
    const r = parse26asText(
      statement(
        'Sr. No.^Name of Deductor^TAN of Deductor^^Total TDS Deposited(Rs.)^Total Tax Deducted(Rs.)^Total Amount Paid / Credited(Rs.)',
        '1^ALPHA CUSTOMER LIMITED^PNEA00001A^^10.00^20.00^300.00^',
        '^Sr. No.^Remarks^Tax Deducted(Rs.)^Amount Paid / Credited(Rs.)^TDS Deposited(Rs.)^Date of Booking^Status of Booking^Transaction Date^Section',
        '^1^-^20.00^300.00^10.00^-^U^31-Mar-2025^194J^',
      ),
      'a.txt',
    );
    expect(r.tds?.parties[0]).toMatchObject({ totalAmount: 30_000, totalTax: 2_000, totalDeposited: 1_000 });
    expect(r.tds?.parties[0]?.transactions[0]).toMatchObject({
      section: '194J',
      transactionDate: '2025-03-31',
      status: 'U',
      bookingDate: null,
      remarks: null,
      amount: 30_000,
      tax: 2_000,
      deposited: 1_000,
    });
    expect(r.errors).toEqual([]);
  });

  it('aligns a party row with more empty fields than its header from the right', () => {
    const r = parse26asText(
      statement(PARTY_HEADER, '1^ALPHA CUSTOMER LIMITED^PNEA00001A^^^^^^^250000.00^25000.00^25000.00'),
      'a.txt',
    );
    expect(r.tds?.parties[0]).toMatchObject({
      tan: 'PNEA00001A',
      totalAmount: 25_000_000,
      totalTax: 2_500_000,
    });
    expect(r.errors).toEqual([]);
  });

  it('warns with the party line when totals do not add up', () => {
    const r = parse26asText(
      statement(
        PARTY_HEADER,
        '1^ALPHA^PNEA00001A^^^^^100.00^10.00^10.00',
        TX_HEADER,
        '^1^194J^15-Apr-2024^F^-^-^100.00^9.00^10.00',
      ),
      'a.txt',
    );
    expect(r.warnings).toEqual([
      expect.objectContaining({
        code: 'PARTY_TOTAL_MISMATCH',
        line: 6,
        column: 'Total Tax Deducted(Rs.)',
        value: '10.00',
        expected: '9.00',
      }),
    ]);
  });

  it('reports unreadable rows with file, line, column and value and leaves them out', () => {
    const r = parse26asText(
      statement(
        PARTY_HEADER,
        '1^ALPHA^PNEA00001A^^^^^abc^10.00^10.00',
        TX_HEADER,
        '^1^194J^15-Apr-2024^F^-^-^1O0.00^10.00^10.00',
        '^2^194J^15-Apr-2024^Q^-^-^100.00^10.00^10.00',
        'garbage line',
      ),
      'x.txt',
    );
    expect(r.errors).toEqual([
      expect.objectContaining({ file: 'x.txt', line: 6, code: 'INVALID_AMOUNT', value: 'abc' }),
      expect.objectContaining({
        file: 'x.txt',
        line: 8,
        code: 'INVALID_AMOUNT',
        column: 'Amount Paid / Credited(Rs.)',
        value: '1O0.00',
      }),
      expect.objectContaining({ line: 10, code: 'UNRECOGNISED_LINE' }),
    ]);
    expect(r.warnings).toEqual([expect.objectContaining({ line: 9, code: 'UNKNOWN_STATUS', value: 'Q' })]);
    expect(r.tds?.parties[0]?.totalAmount).toBeNull();
    expect(r.tds?.parties[0]?.transactions.map((t) => t.line)).toEqual([9]);
  });

  it('reports rows that come before their header or party', () => {
    const r = parse26asText(
      statement(
        '1^ALPHA^PNEA00001A^^^^^1.00^1.00^1.00',
        TX_HEADER,
        '^1^194J^15-Apr-2024^F^-^-^1.00^1.00^1.00',
      ),
      'a.txt',
    );
    expect(r.errors.map((e) => [e.code, e.line])).toEqual([
      ['MISSING_HEADER', 5],
      ['TRANSACTION_WITHOUT_PARTY', 7],
    ]);
  });

  it('warns about an invalid deductor TAN but keeps the party', () => {
    const r = parse26asText(statement(PARTY_HEADER, '1^ALPHA^PNEA0001A^^^^^0.00^0.00^0.00'), 'a.txt');
    expect(r.tds?.parties[0]?.tan).toBe('PNEA0001A');
    expect(r.warnings).toEqual([expect.objectContaining({ code: 'INVALID_TAN', line: 6 })]);
  });

  it('notes empty parts and reports populated parts it does not model', () => {
    const r = parse26asText(CURRENT, 'a.txt');
    expect(r.otherParts.map((p) => [p.part, p.empty, p.rowCount])).toEqual([
      ['II', true, 0],
      ['VII', true, 0],
      ['VIII', true, 0],
      ['X', true, 0],
    ]);
    const pre = parse26asText(PRE_2020, 'b.txt');
    expect(pre.otherParts.find((p) => p.part === 'D')).toMatchObject({
      empty: false,
      rowCount: 1,
      firstRowLine: 41,
    });
  });

  it('says when a file is not a 26AS text at all', () => {
    expect(parse26asText('hello\nworld', 'a.txt').errors).toEqual([
      expect.objectContaining({ code: 'NOT_FORM_26AS', line: 1 }),
    ]);
    expect(parse26asText('', 'a.txt').errors[0]?.code).toBe('NOT_FORM_26AS');
  });

  it('reads a Form 168 statement whose header has a tax year', () => {
    const r = parse26asText(fixture('26as-form-168-layout.txt'), 'f.txt');
    expect(r.layout).toBe('form-168');
    expect(r.header).toMatchObject({ financialYear: '2026-27', assessmentYear: null });
  });
});

describe('streaming', () => {
  it.each([1, 7, 64, 100_000])('gives the same result from chunks of %d bytes', async (size) => {
    const text = `\uFEFF${PRE_2020.replace(/\n/g, '\r\n')}`;
    expect(await parse26asStream(chunksOf(text, size), 'old.txt')).toEqual(parse26asText(text, 'old.txt'));
  });

  it('gives the same result from string chunks and from lines', async () => {
    async function* strings(): AsyncGenerator<string> {
      for (let i = 0; i < CURRENT.length; i += 13) yield CURRENT.slice(i, i + 13);
    }
    const expected = parse26asText(CURRENT, 'a.txt');
    expect(await parse26asStream(strings(), 'a.txt')).toEqual(expected);
    expect(await parse26asLines(linesOf(CURRENT), 'a.txt')).toEqual(expected);
  });
});
