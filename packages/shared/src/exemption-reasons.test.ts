import { describe, expect, it } from 'vitest';
import { exemptionReasonProblem, sectionBase } from './exemption-reasons.ts';

describe('a reason for exemption on a vendor section mapping', () => {
  it('reads a section as typed without its sub-section', () => {
    expect(['194-I', '194I(a)', 'u/s 194C', '194I a', ' 194 DA ', '194IA'].map(sectionBase)).toEqual([
      '194I',
      '194I',
      '194C',
      '194I',
      '194DA',
      '194IA',
    ]);
  });

  it('stands only on an exempt mapping, T under 194C, B under the sections a 15G/15H covers, Z anywhere', () => {
    expect(exemptionReasonProblem(null, false, '194J(b)')).toBeNull();
    expect(exemptionReasonProblem('T', true, '194C')).toBeNull();
    expect(exemptionReasonProblem('T', false, '194C')).toMatch(/needs TDS exempted/);
    expect(exemptionReasonProblem('T', true, '194J(b)')).toMatch(/for section 194C only, not 194J\(b\)/);
    for (const s of ['192A', '193', '194', '194A', '194D', '194DA', '194EE', '194-I(b)', '194K'])
      expect(exemptionReasonProblem('B', true, s)).toBeNull();
    for (const s of ['194C', '194IA', '194J(b)', '194H'])
      expect(exemptionReasonProblem('B', true, s)).toMatch(/^B \(declaration under section 197A/);
    expect(exemptionReasonProblem('Z', true, '194J(b)')).toBeNull();
    expect(exemptionReasonProblem('Y', true, '194C')).toMatch(/is not a reason for exemption/);
    // a payment code of the 2025 Act: judged by the caller that maps it
    expect(exemptionReasonProblem('T', true, '1023')).toBeNull();
  });
});
