import { type FinancialYear, financialYearOf } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { computePayable } from './compute.ts';
import { normaliseSection, splitSection } from './sections.ts';
import { entry, glMapping, payableInput, vendor } from './test-helpers.ts';

// Known cases of the shipped section expense types: section, deductee (PAN
// 4th letter), document date, base in rupees -> rate and due (DOMAIN.md 5,
// reference notes section 2).
const PAN = {
  company: 'AAACA1234A',
  individual: 'AAAPA1234A',
  huf: 'AAAHA1234A',
  firm: 'AAAFA1234A',
} as const;

describe.each([
  // section, payee, date, base, rate, due
  ['194C', 'individual', '2024-06-01', 50_000, 1, 500],
  ['194C', 'huf', '2024-06-01', 50_000, 1, 500],
  ['194C', 'company', '2024-06-01', 50_000, 2, 1_000],
  ['194C', 'firm', '2025-06-01', 50_000, 2, 1_000],
  ['194C', 'company', '2026-06-01', 50_000, 2, 1_000],
  ['194H', 'company', '2024-09-30', 20_000, 5, 1_000],
  ['194H', 'company', '2024-10-01', 20_000, 2, 400],
  ['194H', 'individual', '2025-05-01', 20_000, 2, 400],
  ['194J(a)', 'company', '2024-06-01', 50_000, 2, 1_000],
  ['194J(b)', 'company', '2024-06-01', 50_000, 10, 5_000],
  ['194J(b)', 'individual', '2025-06-01', 50_000, 10, 5_000],
  ['194J(b)', 'firm', '2026-06-01', 50_000, 10, 5_000],
  ['194I(a)', 'company', '2024-06-01', 2_40_000, 2, 4_800],
  ['194I(b)', 'company', '2024-06-01', 2_40_000, 10, 24_000],
  ['194I(b)', 'individual', '2025-06-01', 50_000, 10, 5_000],
  ['194A', 'individual', '2024-06-01', 5_000, 10, 500],
  ['194A', 'individual', '2025-06-01', 10_000, 10, 1_000],
  ['194D', 'individual', '2024-06-01', 15_000, 5, 750],
  ['194D', 'company', '2024-06-01', 15_000, 10, 1_500],
  ['194D', 'individual', '2025-06-01', 20_000, 2, 400],
  ['194O', 'individual', '2024-09-30', 5_00_000, 1, 5_000],
  ['194O', 'individual', '2024-10-01', 5_00_000, 0.1, 500],
  ['194R', 'company', '2024-06-01', 20_000, 10, 2_000],
  ['194T', 'individual', '2025-06-01', 20_000, 10, 2_000],
  ['194LBC', 'individual', '2023-06-01', 10_000, 25, 2_500],
  ['194LBC', 'individual', '2024-06-01', 10_000, 10, 1_000],
  ['194DA', 'individual', '2024-10-01', 10_000, 2, 200],
  ['194G', 'individual', '2024-06-01', 15_000, 5, 750],
  ['194K', 'individual', '2025-06-01', 10_000, 10, 1_000],
] as const)('%s for %s on %s, base %d', (section, payee, date, base, rate, due) => {
  it(`is ${rate}% and Rs ${due}`, () => {
    const r = computePayable(
      payableInput({
        financialYear: financialYearOf(date) as FinancialYear,
        vendors: [vendor({ vendorCode: 'V1', pan: PAN[payee] })],
        expenseSections: [glMapping('GL', section)],
        entries: [entry({ base, glCode: 'GL', documentDate: date })],
      }),
    );
    const e = r.entries[0]!;
    expect(e.section).toBe(section);
    expect(e.rate).toBe(rate);
    expect(e.due / 100).toBe(due);
  });
});

describe.each([
  // section, date, base just below the threshold, base at it
  ['194C', '2024-06-01', 29_999, 30_000],
  ['194J(b)', '2024-06-01', 29_999, 30_000],
  ['194J(b)', '2025-06-01', 49_999, 50_000],
  ['194H', '2024-06-01', 14_999, 15_000],
  ['194H', '2025-06-01', 19_999, 20_000],
  ['194I(b)', '2024-06-01', 2_39_999, 2_40_000],
  ['194I(b)', '2025-06-01', 49_999, 50_000],
  ['194A', '2024-06-01', 4_999, 5_000],
  ['194A', '2025-06-01', 9_999, 10_000],
] as const)('threshold of %s on %s', (section, date, below, at) => {
  it(`is not reached at Rs ${below} and reached at Rs ${at}`, () => {
    const run = (base: number) =>
      computePayable(
        payableInput({
          financialYear: financialYearOf(date) as FinancialYear,
          expenseSections: [glMapping('GL', section)],
          entries: [entry({ base, glCode: 'GL', documentDate: date })],
        }),
      ).entries[0]!.status;
    expect(run(below)).toBe('belowThreshold');
    expect(run(at)).toBe('notDeducted');
  });
});

describe('section names', () => {
  it.each([
    ['194C', null, '194C'],
    ['194 C', null, '194C'],
    ['Sec. 194C', null, '194C'],
    ['194J(b)', null, '194J(b)'],
    ['194JB', null, '194J(b)'],
    ['194-J(B)', null, '194J(b)'],
    ['194J', 'b', '194J(b)'],
    ['194J', '(a)', '194J(a)'],
    ['194I a', null, '194I(a)'],
    ['194IA', null, '194IA'],
    ['194ia', null, '194IA'],
    ['206C(1h)', null, '206C(1H)'],
    ['1027', null, '194J(b)'],
    ['1024', null, '194C'],
    ['1031', null, '194Q'],
    ['salary', null, null],
    ['', null, null],
  ])('%s with sub-section %s is %s', (raw, sub, expected) => {
    expect(normaliseSection(raw, sub)).toBe(expected);
  });

  it.each([
    ['194J(b)', ['194J', 'b']],
    ['194C', ['194C', null]],
    ['206C(1H)', ['206C', '1H']],
    ['194IA', ['194IA', null]],
  ])('%s splits into section and sub-section', (canonical, split) => {
    expect(splitSection(canonical)).toEqual(split);
  });
});
