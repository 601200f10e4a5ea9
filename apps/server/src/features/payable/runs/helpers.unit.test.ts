import type { FinancialYear } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { chosenMapping } from '../ledger-read.ts';
import { financialYearOfMonth, monthEnd, monthLabel, monthsOfYear, quarterOfMonth } from './months.ts';
import { sectionParts } from './section-parts.ts';
import { keptRules } from './submit.ts';

describe('months of a financial year', () => {
  it('run April to March, with their ends, quarters and year', () => {
    const months = monthsOfYear('2024-25' as FinancialYear);
    expect(months[0]).toBe('2024-04');
    expect(months[8]).toBe('2024-12');
    expect(months[11]).toBe('2025-03');
    expect(months.map(financialYearOfMonth).every((fy) => fy === '2024-25')).toBe(true);
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2025-02')).toBe('2025-02-28');
    expect(monthEnd('2025-03')).toBe('2025-03-31');
    expect(months.map(quarterOfMonth)).toEqual([
      'Q1',
      'Q1',
      'Q1',
      'Q2',
      'Q2',
      'Q2',
      'Q3',
      'Q3',
      'Q3',
      'Q4',
      'Q4',
      'Q4',
    ]);
    expect(monthLabel('2025-01')).toBe('January 2025');
  });
});

describe('sections on screens', () => {
  it('split a clause into the subsection and join it back', () => {
    expect(sectionParts('194J(b)')).toEqual({ number: '194J', sub: 'b' });
    expect(sectionParts('194C')).toEqual({ number: '194C', sub: '' });
    expect(sectionParts(null)).toEqual({ number: null, sub: '' });
  });
});

describe('the custom calculation grid', () => {
  it('keeps a row only when its force column is filled; blanks mean ALL', () => {
    expect(
      keptRules([
        { glCode: '', section: '', vendorCode: '', forceApplyTds: '' },
        { glCode: '410100', section: '', vendorCode: 'V1', forceApplyTds: 'Y' },
        { glCode: 'ALL', section: '194C', vendorCode: 'ALL', forceApplyTds: 'N' },
      ]),
    ).toEqual([
      { glCode: '410100', section: 'ALL', vendorCode: 'V1', forceApplyTds: true },
      { glCode: 'ALL', section: '194C', vendorCode: 'ALL', forceApplyTds: false },
    ]);
  });
});

describe("the user's header mapping", () => {
  it('maps the headers a file has, whatever their case, to known fields only', () => {
    const headers = ['Doc Date', 'Amount', 'Vendor', 'Extra'];
    expect(
      chosenMapping(headers, {
        'doc date': 'documentDate',
        AMOUNT: 'baseAmount',
        Vendor: 'vendorCode',
        Missing: 'panNo',
        Extra: 'nonsense',
      }),
    ).toEqual({ documentDate: 0, baseAmount: 1, vendorCode: 2 });
  });
});
