import { describe, expect, it } from 'vitest';
import { diff26as } from './diff.ts';
import { diffOtherParts, otherPartRows } from './other-parts-diff.ts';
import { parse26asText } from './parse.ts';
import {
  EXAMPLE_STATEMENT_HEADER,
  PART_HEADINGS,
  partyHeaderLine,
  partyLine,
  statementHeaderLines,
  type TransactionLineValues,
  transactionHeaderLine,
  transactionLine,
  write26asText,
} from './write.ts';

// The diff against DOMAIN section 2: remarks are kept as given, a TAN on two
// party rows is one deductor, and the parts not modelled are compared row by row.

const credit = (over: Partial<TransactionLineValues> = {}): TransactionLineValues => ({
  section: '194J',
  date: '2024-06-10',
  status: 'F',
  bookingDate: '2024-08-01',
  remarks: null,
  amount: 5_000_000,
  tax: 500_000,
  deposited: 500_000,
  ...over,
});

const diffOf = (before: string, after: string) => {
  const r = diff26as(parse26asText(before, 'before.txt'), parse26asText(after, 'after.txt'));
  if (!r.ok) throw new Error(r.message);
  return r.diff;
};

describe('26AS diff, row by row', () => {
  // DOMAIN 2: "Remarks are codes (e.g. B with negative amounts for a reversal): keep them as given."
  it('reports a credit whose remarks code changed (a reversal flagged B in the later download)', () => {
    const before = write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', [
      { name: 'ALPHA LTD', tan: 'PNEA00001A', transactions: [credit()] },
    ]);
    const after = write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', [
      { name: 'ALPHA LTD', tan: 'PNEA00001A', transactions: [credit({ remarks: 'B' })] },
    ]);
    const diff = diffOf(before, after);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(diff.transactions[0]?.fields).toContain('remarks');
  });

  // DOMAIN 2: "Identical transaction rows are real, separate credits" and party
  // rows are keyed by TAN; a TAN printed on two party rows of one part (the
  // parser keeps both parties) must not lose the first party's credits.
  it('compares every credit of a TAN that has two party rows in Part I', () => {
    const statement = (firstAmount: number) => {
      const first = credit({ amount: firstAmount, tax: firstAmount / 10, deposited: firstAmount / 10 });
      const second = credit({
        section: '194C',
        date: '2024-09-01',
        amount: 1_000_000,
        tax: 20_000,
        deposited: 20_000,
      });
      return [
        ...statementHeaderLines(EXAMPLE_STATEMENT_HEADER),
        PART_HEADINGS.I,
        partyHeaderLine('TDS'),
        partyLine(1, 'ALPHA LTD', 'PNEA00001A', {
          amount: firstAmount,
          tax: first.tax,
          deposited: first.deposited,
        }),
        transactionHeaderLine('TDS'),
        transactionLine(1, first),
        partyLine(2, 'ALPHA LIMITED', 'PNEA00001A', { amount: 1_000_000, tax: 20_000, deposited: 20_000 }),
        transactionHeaderLine('TDS'),
        transactionLine(1, second),
        '',
      ].join('\r\n');
    };
    const before = parse26asText(statement(5_000_000), 'before.txt');
    // the parser keeps both party rows and both credits
    expect(before.tds?.parties.map((p) => p.transactions.length)).toEqual([1, 1]);
    const diff = diffOf(statement(5_000_000), statement(6_000_000));
    // the first party's 194J credit went from 50,000.00 to 60,000.00
    expect(diff.counts.changed + diff.counts.added + diff.counts.removed).toBeGreaterThan(0);
    expect(diff.transactions.some((t) => t.section === '194J')).toBe(true);
  });

  it('compares the parts not modelled row by row: serial numbers aside, identical rows once each', async () => {
    const statement = (partFour: string[]) =>
      [
        ...statementHeaderLines(EXAMPLE_STATEMENT_HEADER),
        PART_HEADINGS.I,
        partyHeaderLine('TDS'),
        partyLine(1, 'ALPHA LTD', 'PNEA00001A', { amount: 5_000_000, tax: 500_000, deposited: 500_000 }),
        transactionHeaderLine('TDS'),
        transactionLine(1, credit()),
        PART_HEADINGS.IV,
        ...partFour,
        '',
      ].join('\r\n');
    const head =
      'Sr. No.^Acknowledgement Number^Name of Deductor^PAN of Deductor^Transaction Date^Amount^TDS';
    const ravi = 'AB1234567^RAVI KUMAR^ABCPK1234L^12-Jan-2025^5000000.00^50000.00';
    const sita = 'AB7654321^SITA DEVI^ABCPD4321M^02-Feb-2025^2500000.00^25000.00';
    const rows = async (text: string) =>
      otherPartRows(
        (async function* () {
          yield* text.split('\n');
        })(),
      );
    const before = await rows(statement(['No Transactions Present']));
    expect(before).toEqual([]);
    const after = await rows(statement([head, `1^${sita}`, `2^${ravi}`, `3^${ravi}`]));
    // Part I's rows are not the other parts'; the column header is a row like any other
    expect(after.map((r) => [r.part, r.cells[0]])).toEqual([
      ['IV', 'Sr. No.'],
      ['IV', '1'],
      ['IV', '2'],
      ['IV', '3'],
    ]);
    const diff = diffOtherParts(await rows(statement([head, `1^${ravi}`])), after);
    // RAVI's row was there (numbered 1, now 2): only SITA's and the second RAVI are new
    expect(diff.map((d) => [d.kind, d.cells[1], d.cells[0]])).toEqual([
      ['added', 'AB7654321', '1'],
      ['added', 'AB1234567', '3'],
    ]);
    expect(diffOtherParts(after, await rows(statement([head])))).toHaveLength(3);
  });
});
