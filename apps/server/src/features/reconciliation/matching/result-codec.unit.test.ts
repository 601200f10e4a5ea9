import { type BookRow, type PartyMaster, reconcile, type TaxBookRow } from '@taxrecon/engine';
import { numericOfPaise, type Paise, paiseOfNumeric } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { recomputeParty } from './compute.ts';
import { copyRow, parseCopyText, textArrayLiteral } from './copy-text.ts';
import { decodeStoredParty, type JobScope, ROW_COLUMNS, rowLines } from './result-codec.ts';

// The COPY text the job writes and reads back: values survive the trip, and
// a party decoded from its stored rows reconciles to the very same result.

const p = (n: number) => n as Paise;

describe('COPY text', () => {
  it.each([
    ['plain', 'plain'],
    ['tab\there', 'tab\\there'],
    ['new\nline\r', 'new\\nline\\r'],
    ['back\\slash', 'back\\\\slash'],
  ])('escapes %j', (value, text) => {
    const line = copyRow([value, null, true, 12]);
    expect(line).toBe(`${text}\t\\N\tt\t12\n`);
    expect(parseCopyText(line)).toEqual([[value, null, 't', '12']]);
  });

  it.each([
    ['1234.50', 123450],
    ['-0.05', -5],
    ['0', 0],
    ['12.5', 1250],
    ['-1234567.89', -123456789],
  ])('reads numeric %s as %i paise and writes it back', (text, paise) => {
    expect(paiseOfNumeric(text)).toBe(paise);
    expect(paiseOfNumeric(numericOfPaise(paise))).toBe(paise);
  });

  it('writes text arrays PostgreSQL reads', () => {
    expect(textArrayLiteral(['C-1', 'A "B"', 'x\\y'])).toBe('{"C-1","A \\"B\\"","x\\\\y"}');
  });
});

describe('stored rows', () => {
  const party: PartyMaster = { code: 'C1', name: 'ACME LIMITED', tan: 'MUMA12345B' };
  const book: (BookRow & { sourceId: string; rate: string })[] = [
    {
      voucherNo: 'INV-1',
      date: '2024-05-01',
      partyName: 'Acme\tLtd',
      tan: 'MUMA12345B',
      amount: p(100000),
      tax: p(10000),
      sourceId: '7',
      rate: '10.0000',
    },
    {
      voucherNo: 'INV-2',
      date: '2024-06-01',
      partyName: 'Acme Ltd',
      tan: 'MUMA12345B',
      amount: p(50000),
      tax: p(5000),
      sourceId: '8',
      rate: '10.0000',
    },
    {
      voucherNo: 'INV-3',
      date: '2025-03-30',
      partyName: 'Acme Ltd',
      tan: 'MUMA12345B',
      amount: p(70000),
      tax: p(7000),
      sourceId: '9',
      rate: '10.0000',
    },
  ];
  const taxBook: (TaxBookRow & { sourceId: string })[] = [
    {
      ref: 'a.txt:4',
      tan: 'MUMA12345B',
      name: 'ACME LIMITED',
      section: '194J',
      transactionDate: '2024-05-03',
      status: 'F',
      bookingDate: '2024-07-20',
      remarks: null,
      amount: p(100000),
      tax: p(10000),
      deposited: p(10000),
      sourceId: '70',
    },
    {
      ref: 'a.txt:5',
      tan: 'MUMA12345B',
      name: 'ACME LIMITED',
      section: '194J',
      transactionDate: '2024-06-03',
      status: 'U',
      bookingDate: null,
      remarks: null,
      amount: p(50000),
      tax: p(4900),
      deposited: p(4900),
      sourceId: '71',
    },
  ];

  it('decode to the work that reconciles to the same rows', () => {
    const result = reconcile({ kind: 'TDS', financialYear: '2024-25', book, taxBook, parties: [party] });
    const scope: JobScope = {
      jobId: '0b0e7c1e-1111-4222-8333-444455556666',
      entityId: '0b0e7c1e-1111-4222-8333-444455556667',
      financialYear: '2024-25',
    };
    const first = result.parties[0]!;
    const lines: string[] = [];
    rowLines(scope, 0, first, (l) => lines.push(l));
    expect(lines).toHaveLength(5);
    expect(parseCopyText(lines.join('')).every((f) => f.length === ROW_COLUMNS.length)).toBe(true);
    // what storedRowsSelect reads back: the same columns, book rows first
    const work = decodeStoredParty(first, lines.join(''));
    expect(work.book.map((e) => e.row)).toEqual(
      first.book.map((e) => ({ ...e.row, customerCode: null, pan: null, gstin: null, section: null })),
    );
    const again = recomputeParty(
      work,
      { kind: 'TDS', financialYear: '2024-25', options: result.options },
      [],
    );
    const second: string[] = [];
    rowLines(scope, 0, again.result.parties[0]!, (l) => second.push(l));
    expect(second).toEqual(lines);
  });
});
