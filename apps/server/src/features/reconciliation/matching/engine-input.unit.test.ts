import type { Form26asParty, Form26asResult } from '@taxrecon/formats';
import { type Paise, paise } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxBookKeyedLines, taxBookRows } from './engine-input.ts';
import { keyedText } from './keyed-lines.ts';
import { taxBookRowLine } from './source-rows.ts';

// The parsing threads write a statement's transactions straight to lines
// (taxBookLineWriter, through taxBookKeyedLines here) without the row objects
// between: each line must be the one the row object gives, whatever the
// names and remarks hold (tabs, backslashes, line breaks, \N itself), with
// a party's fields and a file's name made once and reused.

const text = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '\\', '\n', '\r', 'N', '₹', '-', '/') });
const money = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }).map((n) => paise(n) as Paise);
const transaction = fc.record({
  srNo: fc.nat(),
  section: text,
  transactionDate: fc.constantFrom('2024-04-01', '2024-09-15', '2025-03-31'),
  status: text,
  bookingDate: fc.option(text, { nil: null }),
  remarks: fc.option(text, { nil: null }),
  amount: money,
  tax: money,
  deposited: money,
  // a file named with folders, and several files in one statement
  file: fc.constantFrom('26as.txt', 'in/2024/26as.txt', 'C:\\data\\26AS.txt', 'b/other.txt'),
  line: fc.nat(),
});
const party: fc.Arbitrary<Form26asParty> = fc.record({
  srNo: fc.nat(),
  name: text,
  tan: text,
  totalAmount: fc.constant(null),
  totalTax: fc.constant(null),
  totalDeposited: fc.constant(null),
  line: fc.nat(),
  transactions: fc.array(transaction, { maxLength: 4 }),
});
const part = fc.option(
  fc.record({
    part: fc.constant('I'),
    heading: fc.constant('PART-I'),
    line: fc.nat(),
    empty: fc.boolean(),
    parties: fc.array(party, { maxLength: 6 }),
  }),
  { nil: null },
);

describe('a statement as the engine reads it', () => {
  it('writes each transaction as the line its row gives', () => {
    let lines = 0;
    fc.assert(
      fc.property(part, part, (tds, tcs) => {
        const statement: Form26asResult = {
          file: '26as.txt',
          layout: 'current',
          delimiter: '^',
          header: null,
          tds,
          tcs,
          otherParts: [],
          transactionCount: 0,
          errors: [],
          warnings: [],
        };
        for (const kind of ['TDS', 'TCS'] as const) {
          const rows = taxBookRows(statement, kind);
          const written = keyedText(taxBookKeyedLines(statement, kind));
          expect(written).toBe(rows.map((r) => `${taxBookRowLine(r)}\n`).join(''));
          lines += rows.length;
        }
      }),
      { numRuns: 400 },
    );
    expect(lines).toBeGreaterThan(1000);
  });
});
