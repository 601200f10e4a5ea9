import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse26asText } from './parse.ts';
import { EXAMPLE_STATEMENT_HEADER, type StatementParty, type TaxPart, write26asText } from './write.ts';

// What the server's "download 26AS" writes must read back as the same rows:
// any parties, transactions, amounts (reversals are negative), dates and
// statuses, through the real parser.
const isoDate = fc
  .integer({ min: Date.UTC(2024, 3, 1), max: Date.UTC(2025, 2, 31) })
  .map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10));
const amount = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
const transaction = fc.record({
  section: fc.constantFrom('194C', '194J', '194H', '194Q', '194I(b)', '206CR', '206C1H'),
  date: isoDate,
  status: fc.constantFrom('F', 'U', 'P', 'O'),
  bookingDate: fc.option(isoDate, { nil: null }),
  remarks: fc.option(fc.constantFrom('B', 'G'), { nil: null }),
  amount,
  tax: amount,
  deposited: amount,
});
const party: fc.Arbitrary<StatementParty> = fc.record({
  name: fc.stringMatching(/^[A-Z][A-Z0-9&.]{0,12}( [A-Z0-9&.]{1,12}){0,3}$/),
  tan: fc.stringMatching(/^[A-Z]{4}[0-9]{5}[A-Z]$/),
  transactions: fc.array(transaction, { minLength: 1, maxLength: 6 }),
});

const header = EXAMPLE_STATEMENT_HEADER;

describe('write26asText then parse26asText', () => {
  it.each<TaxPart>(['TDS', 'TCS'])('gives back every %s party and transaction as written', (part) => {
    fc.assert(
      fc.property(fc.array(party, { maxLength: 8 }), (parties) => {
        const parsed = parse26asText(write26asText(header, part, parties), 'written.txt');
        expect(parsed.errors).toEqual([]);
        expect(parsed.layout).toBe('current');
        expect(parsed.header).toMatchObject({ pan: header.pan, financialYear: '2024-25', name: header.name });
        const read = part === 'TDS' ? parsed.tds : parsed.tcs;
        expect(read?.empty).toBe(parties.length === 0);
        expect(
          (read?.parties ?? []).map((p) => ({
            name: p.name,
            tan: p.tan,
            totals: [p.totalAmount, p.totalTax, p.totalDeposited],
            transactions: p.transactions.map((t) => ({
              section: t.section,
              date: t.transactionDate,
              status: t.status,
              bookingDate: t.bookingDate,
              remarks: t.remarks,
              amount: t.amount,
              tax: t.tax,
              deposited: t.deposited,
            })),
          })),
        ).toEqual(
          parties.map((p) => ({
            name: p.name,
            tan: p.tan,
            totals: (['amount', 'tax', 'deposited'] as const).map((k) =>
              p.transactions.reduce((sum, t) => sum + t[k], 0),
            ),
            transactions: p.transactions,
          })),
        );
      }),
      { numRuns: 200 },
    );
  });
});
