import { type FinancialYear, paise } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePayable } from './compute.ts';
import { glMapping, payableInput, vendor, vendorMapping } from './test-helpers.ts';
import type { LedgerEntry, PayableResult } from './types.ts';

// Properties of DOMAIN.md section 7 over generated ledgers: a few vendors
// (company, individual, no PAN, with an LDC), several sections with single,
// monthly, annual and excess-only thresholds, a year of dates.

const GLS = ['GL-CONTRACT', 'GL-PROF', 'GL-RENT', 'GL-COMM', 'GL-GOODS', 'GL-TECH'];
const VENDORS = ['V1', 'V2', 'V3', 'V4'];

const arbEntry = fc.record({
  gl: fc.constantFrom(...GLS),
  vendor: fc.constantFrom(...VENDORS),
  day: fc.integer({ min: 0, max: 364 }),
  base: fc.integer({ min: 1, max: 60_00_000_00 }),
  tds: fc.integer({ min: 0, max: 5_000_00 }),
});
type Arb = { gl: string; vendor: string; day: number; base: number; tds: number };

const dateOf = (fy: FinancialYear, day: number): string => {
  const d = new Date(Date.UTC(Number(fy.slice(0, 4)), 3, 1 + day));
  return d.toISOString().slice(0, 10);
};

const toEntries = (fy: FinancialYear, rows: Arb[]): LedgerEntry[] =>
  rows.map((r, i) => ({
    file: 'ledger.txt',
    line: i + 2,
    documentNumber: `D${i}`,
    documentDate: dateOf(fy, r.day),
    postingDate: null,
    deductionDate: null,
    tdsDepositDate: null,
    glCode: r.gl,
    primaryExpenseKey: null,
    secondaryExpenseKey: null,
    documentDescription: null,
    vendorCode: r.vendor,
    panNo: null,
    vendorName: null,
    tanNumber: 'PNEA00001A',
    baseAmount: paise(r.base),
    tdsAmount: paise(r.tds),
  }));

const run = (fy: FinancialYear, entries: LedgerEntry[]): PayableResult =>
  computePayable(
    payableInput({
      financialYear: fy,
      entries,
      vendors: [
        vendor({ vendorCode: 'V1', pan: 'AAACA1234A' }),
        vendor({ vendorCode: 'V2', pan: 'AAAPB1234B' }),
        vendor({ vendorCode: 'V3', pan: null }),
        vendor({ vendorCode: 'V4', pan: 'AAAFD1234D' }),
      ],
      vendorSections: [
        vendorMapping('V4', '194J(b)', {
          ltdcApplied: true,
          ltdcRate: 1,
          ltdcAmount: paise(2_00_000_00),
          ltdcFrom: null,
          ltdcTo: null,
        }),
      ],
      expenseSections: [
        glMapping('GL-PROF', '194J(b)'),
        glMapping('GL-CONTRACT', '194C'),
        glMapping('GL-RENT', '194I(b)'),
        glMapping('GL-COMM', '194H'),
        glMapping('GL-GOODS', '194Q'),
        glMapping('GL-TECH', '194J(a)'),
      ],
    }),
  );

const byLine = (r: PayableResult) =>
  [...r.entries]
    .sort((a, b) => a.line - b.line)
    .map((e) => [e.line, e.status, e.due, e.rate, e.liable, e.recognisedMonth]);
const yearDue = (r: PayableResult) => r.entries.reduce((s, e) => s + e.due, 0);
const fys = fc.constantFrom<FinancialYear>('2024-25', '2025-26', '2026-27');

describe('payable properties', () => {
  it('gives the same result whatever the order of the ledger lines', () => {
    fc.assert(
      fc.property(fys, fc.array(arbEntry, { maxLength: 60 }), fc.nat(), (fy, rows, seed) => {
        const entries = toEntries(fy, rows);
        const shuffled = fc.sample(
          fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
          {
            seed,
            numRuns: 1,
          },
        )[0]!;
        expect(byLine(run(fy, shuffled))).toEqual(byLine(run(fy, entries)));
      }),
      { numRuns: 150 },
    );
  });

  it('the due of a year does not depend on how its entries are split into months', () => {
    fc.assert(
      fc.property(fys, fc.array(arbEntry, { maxLength: 60 }), (fy, rows) => {
        const r = run(fy, toEntries(fy, rows));
        const monthly = r.months.reduce((s, m) => s + m.due, 0);
        expect(monthly).toBe(yearDue(r));
      }),
      { numRuns: 150 },
    );
  });

  it("adding an entry never lowers the year's due", () => {
    fc.assert(
      fc.property(fys, fc.array(arbEntry, { maxLength: 50 }), arbEntry, (fy, rows, extra) => {
        const before = yearDue(run(fy, toEntries(fy, rows)));
        const after = yearDue(run(fy, toEntries(fy, [...rows, extra])));
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('every entry states a reason, and only liable entries bear a due', () => {
    fc.assert(
      fc.property(fys, fc.array(arbEntry, { maxLength: 40 }), (fy, rows) => {
        for (const e of run(fy, toEntries(fy, rows)).entries) {
          expect(e.reason.length).toBeGreaterThan(10);
          if (!e.liable) expect(e.due).toBe(0);
        }
      }),
      { numRuns: 100 },
    );
  });
});
