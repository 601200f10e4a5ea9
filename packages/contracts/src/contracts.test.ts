import { formatRupees } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VendorSectionMapping, VendorSectionMappingInput } from './api/master-data.ts';
import { RupeesInPaise } from './api/reconciliation-schemas.ts';
import { apiRoutes } from './api/routes.ts';
import { PERMISSIONS } from './permissions.ts';
import { fillPath } from './route.ts';

const mapping = {
  vendorId: '6f1c2b6e-2a52-4c1e-9a57-0f7f2d3f3b11',
  sectionNumber: '194J',
  ltdcApplied: true,
  ltdcPercentage: 0.75,
  ltdcFromDate: '2024-04-01',
  ltdcToDate: '2025-03-31',
};
const issues = (input: unknown): string[] => {
  const r = VendorSectionMappingInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the route table', () => {
  const routes = Object.values(apiRoutes);

  it('has one route per method and path, every path below the API root', () => {
    expect(routes.length).toBeGreaterThan(50);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of routes) expect(r.path).toMatch(/^\/[A-Za-z0-9\-_/:.]*$/);
  });

  it('names only permissions that exist', () => {
    const guarded = routes.flatMap((r) => (r.access.kind === 'permission' ? [r.access.permission] : []));
    expect(guarded.length).toBeGreaterThan(0);
    for (const p of guarded) expect(PERMISSIONS).toContain(p);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/entity/:id/:subGroupId', { id: 'a b', subGroupId: 'c/d' })).toBe('/entity/a%20b/c%2Fd');
    expect(() => fillPath('/entity/:id', {})).toThrow(/missing path parameter id/);
  });
});

describe('money in the contracts: exact, from the text typed', () => {
  it('reads the LDC amount into paise from a JSON number or text', () => {
    expect(VendorSectionMappingInput.parse({ ...mapping, ltdcAmount: 1500000.5 }).ltdcAmount).toBe(150000050);
    expect(VendorSectionMappingInput.parse({ ...mapping, ltdcAmount: '0.29' }).ltdcAmount).toBe(29);
    expect(VendorSectionMappingInput.parse({ ...mapping, ltdcAmount: '' }).ltdcAmount).toBeNull();
  });

  it.each([
    [-5, 'LDC amount cannot be negative'],
    ['1.005', 'LDC amount has at most 2 decimals'],
    [1e15, 'LDC amount is too large'],
    ['ten', 'LDC amount must be a number'],
  ])('refuses LDC amount %j: %s', (ltdcAmount, message) => {
    expect(issues({ ...mapping, ltdcAmount })).toEqual([message]);
  });

  it('judges an LDC percentage of at most 4 decimals on its text, not by float error', () => {
    expect(issues({ ...mapping, ltdcPercentage: 0.0075 })).toEqual([]);
    expect(issues({ ...mapping, ltdcPercentage: 1.00001 })).toEqual([
      'LDC percentage has at most 4 decimals',
    ]);
  });

  it('takes any two-decimal rupee amount to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (p) => {
        return RupeesInPaise.parse(formatRupees(p)) === p;
      }),
    );
  });
});

describe('a schema round trip', () => {
  it('a mapping answer survives JSON unchanged', () => {
    const answer = {
      id: 'm-1',
      vendorId: mapping.vendorId,
      vendorCode: 'V-200',
      sectionNumber: '194J',
      subSection: null,
      tdsExempted: false,
      tdsExemptedFromDate: null,
      tdsExemptedToDate: null,
      tdsExemptionReason: null,
      ltdcApplied: true,
      ltdcPercentage: 0.75,
      ltdcAmount: '1500000.50',
      ltdcFromDate: '2024-04-01',
      ltdcToDate: '2025-03-31',
    };
    expect(
      VendorSectionMapping.parse(JSON.parse(JSON.stringify(VendorSectionMapping.parse(answer)))),
    ).toEqual(answer);
  });

  it('a saved input read back as a request gives the same values', () => {
    const once = VendorSectionMappingInput.parse({
      ...mapping,
      ltdcAmount: '1500000.50',
      tdsExempted: false,
    });
    const request = { ...once, ltdcAmount: formatRupees(once.ltdcAmount!) };
    expect(VendorSectionMappingInput.parse(request)).toEqual(once);
  });
});
