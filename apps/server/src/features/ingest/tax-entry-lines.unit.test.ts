import {
  EXAMPLE_STATEMENT_HEADER,
  parse26asText,
  type StatementParty,
  write26asText,
} from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import {
  entryTailsOf,
  statementPrefix,
  taxEntryLine,
  withoutParties,
  withPrefix,
} from './tax-entry-lines.ts';

// A parsing thread writes each entry's tail and the job puts the statement's
// prefix before every tail: the lines must be the ones written whole.
const ids = {
  entityId: '6f1c2a4e-0000-4000-8000-000000000001',
  statementId: '6f1c2a4e-0000-4000-8000-000000000002',
  jobId: '6f1c2a4e-0000-4000-8000-000000000003',
};

const parties: StatementParty[] = Array.from({ length: 5 }, (_, i) => ({
  // a backslash must reach COPY escaped
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

describe('tax_entries lines from tails', () => {
  for (const part of ['TDS', 'TCS'] as const) {
    it(`gives each ${part} entry the line written whole, in file order`, () => {
      const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, part, parties), 'as.txt');
      const fy = result.header?.financialYear ?? '';
      const whole = (part === 'TDS' ? result.tds : result.tcs)?.parties.flatMap((p) =>
        p.transactions.map((t) => taxEntryLine(ids, fy, part, p, t)),
      );
      const tails = entryTailsOf(result);
      expect(whole).toHaveLength(15);
      expect(tails.rows).toBe(15);
      expect(withPrefix(statementPrefix(ids, fy), tails.text)).toBe((whole ?? []).join(''));
      expect(tails.text).toContain('A\\\\B TRADERS');
      expect(tails.amount).toBe(
        parties.reduce((sum, p) => sum + p.transactions.reduce((s, t) => s + t.amount, 0), 0),
      );
      expect(tails.tax).toBe(parties.reduce((sum, p, i) => sum + p.transactions.length * (1_000_00 + i), 0));
    });
  }

  it('writes nothing for a statement without entries', () => {
    const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', []), 'none.txt');
    expect(entryTailsOf(result)).toEqual({ text: '', rows: 0, amount: 0, tax: 0 });
    expect(withPrefix(statementPrefix(ids, '2024-25'), '')).toBe('');
  });

  it('sends the parts back without their parties', () => {
    const result = parse26asText(write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', parties), 'as.txt');
    const shell = withoutParties(result);
    expect(shell.tds?.parties).toEqual([]);
    expect(shell.tds?.part).toBe(result.tds?.part);
    expect(shell.transactionCount).toBe(result.transactionCount);
  });
});
