import type { SectionExpenseTypeView } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { inForce } from './in-force.ts';

const type = (from: string, to: string | null, detail: string): SectionExpenseTypeView => ({
  sectionexpensetypeid: null,
  sectionNumber: '194I',
  subSection: 'b',
  expenseType: 'Rent',
  expenseTypeDetail: detail,
  tdsExempted: false,
  tdsRateCompany: 10,
  tdsRateIndividual: 10,
  tdsRateOthers: 10,
  tdsForNoOrInvalidPAN: 20,
  applicableFromDate: from,
  applicableToDate: to,
  thresholdInvoice: null,
  thresholdMonthly: null,
  thresholdAnnually: 24_000_000,
});

describe('the section expense type in force', () => {
  const types = [
    type('2023-04-01', '2025-03-31', 'old'),
    type('2025-04-01', '2026-03-31', 'fy26'),
    type('2026-04-01', null, 'new act'),
  ];

  it.each([
    ['2024-06-30', 'old'],
    ['2025-04-01', 'fy26'],
    ['2027-01-15', 'new act'],
    // before every period: the latest one
    ['2020-01-01', 'new act'],
  ])('on %s is %s', (day, detail) => {
    expect(inForce(types, day)?.expenseTypeDetail).toBe(detail);
  });

  it('is nothing when the section has no types', () => {
    expect(inForce([], '2025-01-01')).toBeNull();
  });
});
