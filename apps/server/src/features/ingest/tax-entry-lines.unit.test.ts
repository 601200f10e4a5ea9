import {
  EXAMPLE_STATEMENT_HEADER,
  parse26asText,
  type StatementParty,
  write26asText,
} from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import { TupleWriter } from '../../platform/db/binary-copy.ts';
import { entryTailsOf, fillYear, taxEntryWriter, withoutParties } from './tax-entry-lines.ts';

// A parsing thread writes each entry's tuple with the year left blank and the
// job fills the statement's year in: the tuples must be the ones written
// with the year known.
const ids = {
  entityId: '6f1c2a4e-0000-4000-8000-000000000001',
  statementId: '6f1c2a4e-0000-4000-8000-000000000002',
  jobId: '6f1c2a4e-0000-4000-8000-000000000003',
};

const parties: StatementParty[] = Array.from({ length: 5 }, (_, i) => ({
  // a backslash goes in as it is (binary COPY escapes nothing)
  name: i === 2 ? 'A\\B TRADERS' : `DEDUCTOR ${i} LIMITED`,
  tan: `MUMD${String(10000 + i)}E`,
  transactions: Array.from({ length: 1 + i }, (_, k) => ({
    section: k % 2 ? '194J' : '194C',
    date: `2024-0${4 + k}-15`,
    status: k === 1 ? 'U' : 'F',
    bookingDate: k === 1 ? null : `2024-0${5 + k}-02`,
    remarks: k === 2 ? 'B' : null,
    amount: 1_00_000_00 + i * 101 + k,
    tax: 1_000_00 + i,
    deposited: 1_000_00 + i,
  })),
}));

describe('tax_entries tuples with the year filled in', () => {
  for (const part of ['TDS', 'TCS'] as const) {
    it(`gives each ${part} entry the tuple written with the year known, in file order`, () => {
      const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, part, parties), 'as.txt');
      const fy = result.header?.financialYear ?? '';
      const whole = new TupleWriter();
      const write = taxEntryWriter(whole);
      for (const p of (part === 'TDS' ? result.tds : result.tcs)?.parties ?? [])
        for (const t of p.transactions) write(ids, fy, part, p, t);
      expect(whole.rows).toBe(15);
      const tails = entryTailsOf(result, ids);
      expect(tails.rows).toBe(15);
      expect(tails.starts).toHaveLength(15);
      expect(Buffer.from(tails.tuples).toString('latin1')).not.toContain(fy);
      expect(Buffer.from(fillYear(tails, fy))).toEqual(Buffer.from(whole.take()));
      expect(Buffer.from(tails.tuples).toString('latin1')).toContain('A\\B TRADERS');
      expect(tails.amount).toBe(
        parties.reduce((sum, p) => sum + p.transactions.reduce((s, t) => s + t.amount, 0), 0),
      );
      expect(tails.tax).toBe(parties.reduce((sum, p, i) => sum + p.transactions.length * (1_000_00 + i), 0));
    });
  }

  it('writes nothing for a statement without entries', () => {
    const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', []), 'none.txt');
    const tails = entryTailsOf(result, ids);
    expect(tails).toMatchObject({ rows: 0, amount: 0, tax: 0 });
    expect(fillYear(tails, '2024-25')).toHaveLength(0);
  });

  it('fills in only a financial year', () => {
    const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', parties), 'as.txt');
    expect(() => fillYear(entryTailsOf(result, ids), '2024-2025')).toThrow('not a financial year');
  });

  it('sends the parts back without their parties', () => {
    const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', parties), 'as.txt');
    const shell = withoutParties(result);
    expect(shell.tds?.parties).toEqual([]);
    expect(shell.tds?.part).toBe(result.tds?.part);
    expect(shell.transactionCount).toBe(result.transactionCount);
  });
});
