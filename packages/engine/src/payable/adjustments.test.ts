import { describe, expect, it } from 'vitest';
import { computePayable } from './compute.ts';
import { entry, payableInput, rule, rupees } from './test-helpers.ts';

// A section or rate set on one ledger line by an adjustment against the
// challans (the uploaded adjustment workbook). Vendor V1's PAN AAAPA1234A is a
// person's: 194J(b) at 10%, 194C at 1%; 1,00,000 is above every threshold.

const one = (e: Parameters<typeof entry>[0], extra: Partial<Parameters<typeof payableInput>[0]> = {}) =>
  computePayable(payableInput({ entries: [entry(e)], ...extra })).entries[0]!;

describe('an adjusted line', () => {
  it('is computed as the ledger and masters give it without an adjustment', () => {
    const e = one({ base: 100_000 });
    expect([e.section, e.sectionSource, e.rate, rupees(e.due)]).toEqual(['194J(b)', 'glCode', 10, 10_000]);
  });

  it('takes the adjusted section over the expense mapping, at that section rate', () => {
    const e = one({ base: 100_000, adjustedSection: '194C' });
    expect([e.section, e.sectionSource, e.rate, rupees(e.due)]).toEqual(['194C', 'adjustment', 1, 1_000]);
    expect(e.reason).toContain('194C from the adjustment uploaded for this line');
  });

  it('takes the adjusted rate over the rate of the section', () => {
    const e = one({ base: 100_000, adjustedRate: 2, tds: 2_000 });
    expect([e.section, e.rate, rupees(e.due), rupees(e.deducted), e.status]).toEqual([
      '194J(b)',
      2,
      2_000,
      2_000,
      'ok',
    ]);
    expect(e.reason).toContain('rate 2% as adjusted for this line');
  });

  it("outranks a custom rule's force N on its GL code", () => {
    const ruled = one({ base: 100_000 }, { customRules: [rule('GL-PROF', 'ALL', 'ALL', 'N')] });
    expect(ruled.status).toBe('notApplicable');
    const adjusted = one(
      { base: 100_000, adjustedSection: '194C' },
      { customRules: [rule('GL-PROF', 'ALL', 'ALL', 'N')] },
    );
    expect([adjusted.section, adjusted.status, rupees(adjusted.due)]).toEqual(['194C', 'notDeducted', 1_000]);
  });
});
