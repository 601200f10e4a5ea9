import type { PayableEntry, PayableMonthlyRow, PayableQuarterlyRow } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { entryColumns, exemptReasonLabel } from '../explore/entry-columns.tsx';
import { monthlyColumns, quarterlyColumns } from './summary-columns.tsx';

// The 34A tables show why an entry is exempt and each summary line's errors
// (docs/decisions.md, session 39 "why exempt, and errors, in the 34A tables").

const zero = '0.00';
const monthly: PayableMonthlyRow = {
  tan: 'PNEA12345B',
  monthYear: '2024-04',
  section: '194T',
  subsection: '',
  deducteeType: 'individual',
  entries: 0,
  base: zero,
  tds: zero,
  deducted: zero,
  shortfall: zero,
  interest: zero,
  deposited: zero,
  challansCount: 0,
  errors: 2,
  verified: false,
};
const { tan: _tan, monthYear: _month, verified: _verified, ...rest } = monthly;
const quarterly: PayableQuarterlyRow = { ...rest, quarter: 'Q1' };

describe('the summary grids', () => {
  it('have an Errors column after Challans, in the export too', () => {
    const column = monthlyColumns(() => undefined).find((c) => c.accessor === 'errors')!;
    expect(column.title).toBe('Errors');
    expect(column.exportable).not.toBe(false);
    expect(column.value(monthly)).toBe(2);
    const titles = monthlyColumns(() => undefined).map((c) => c.title);
    expect(titles.indexOf('Errors')).toBe(titles.indexOf('Challans') + 1);
    expect(quarterlyColumns.find((c) => c.accessor === 'errors')!.value(quarterly)).toBe(2);
  });
});

describe("an entry's reason for exemption", () => {
  it('reads as its letter and label, blank without one', () => {
    expect(exemptReasonLabel('T')).toBe("T: transporter's declaration under 194C(6)");
    expect(exemptReasonLabel('B')).toBe('B: declaration under section 197A (Form 15G/15H)');
    expect(exemptReasonLabel('Z')).toBe('Z: payment notified under section 197A(1F)');
    expect(exemptReasonLabel(null)).toBe('');
  });

  it('is a column of the entries table, after the status', () => {
    const accessors = entryColumns.map((c) => c.accessor);
    expect(accessors.indexOf('exemptReason')).toBe(accessors.indexOf('status') + 1);
    expect(entryColumns.find((c) => c.accessor === 'exemptReason')!.title).toBe('Exempt because');
    const entry = { exemptReason: 'T' } as PayableEntry;
    expect(entry.exemptReason && exemptReasonLabel(entry.exemptReason)).toContain('194C(6)');
  });
});
