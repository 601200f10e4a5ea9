import {
  computePayable,
  type LedgerEntry,
  type PayableVendor,
  SHIPPED_SECTION_TYPES,
} from '@taxrecon/engine';
import { type FinancialYear, paise } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import type { Queryable } from './queryable.ts';
import { loadVendorSections } from './vendor-sections.ts';

// DOMAIN 7.3: a lower deduction certificate (section 197) is for the PAN and
// section, valid between its dates, up to its amount. The 34A loader merges
// the entity's certificates into the vendor section mappings; every
// certificate must reach the engine (a vendor's certificate is renewed
// mid-year, or next year's is loaded before this year is computed again),
// and one certificate's amount is spent once however many vendor codes
// share its PAN (docs/decisions.md, session 39).

const PAN = 'AAACV1234F'; // a company: 194C at 2%

interface Mapping {
  vendor_code: string;
  pan_number: string | null;
}
interface Certificate {
  certificate_number: string;
  vendor_code: string | null;
  valid_from: string;
  valid_to: string;
  rate: string;
  amount_limit: string | null;
}

// The loader's two queries answered from rows, as the database would.
const db = (mappings: Mapping[], certificates: Certificate[]): Queryable =>
  ({
    query: async (sql: string) => {
      if (sql.includes('FROM vendor_section_mappings'))
        return {
          rows: mappings.map((m) => ({
            ...m,
            section_number: '194C',
            sub_section: null,
            tds_exempted: false,
            tds_exempted_from: null,
            tds_exempted_to: null,
            ltdc_applied: false,
            ltdc_percentage: null,
            ltdc_amount: null,
            ltdc_from: null,
            ltdc_to: null,
          })),
        };
      if (sql.includes('FROM ldc_certificates'))
        return {
          rows: certificates.map((c) => ({
            pan_number: PAN,
            section_number: '194C',
            sub_section: null,
            ...c,
            vendor_code: c.vendor_code ?? mappings[0]!.vendor_code,
          })),
        };
      throw new Error(`unexpected query ${sql}`);
    },
  }) as unknown as Queryable;

const vendor = (vendorCode: string): PayableVendor => ({
  vendorCode,
  vendorName: `Vendor ${vendorCode}`,
  pan: PAN,
  vendorType: null,
  resident: true,
  compliance206AB: false,
  aadhaarPanLink: 'Operative',
});

let line = 0;
const entry = (vendorCode: string, documentDate: string, rupees: number): LedgerEntry => ({
  file: 'expenses.txt',
  line: ++line,
  documentNumber: `DOC-${line}`,
  documentDate,
  postingDate: null,
  deductionDate: null,
  tdsDepositDate: null,
  glCode: 'GL-CONTRACT',
  primaryExpenseKey: null,
  secondaryExpenseKey: null,
  documentDescription: null,
  vendorCode,
  panNo: null,
  vendorName: null,
  tanNumber: 'PNEA00001A',
  tdsSection: null,
  readError: null,
  baseAmount: paise(rupees * 100),
  tdsAmount: paise(0),
});

const dues = async (
  mappings: Mapping[],
  certificates: Certificate[],
  entries: LedgerEntry[],
): Promise<number[]> => {
  const result = computePayable({
    financialYear: '2024-25' as FinancialYear,
    entries,
    vendors: mappings.map((m) => vendor(m.vendor_code)),
    vendorSections: await loadVendorSections(db(mappings, certificates), 'entity'),
    expenseSections: [],
    sectionTypes: SHIPPED_SECTION_TYPES,
    customRules: [],
    ruleSets: [],
  });
  return result.entries.map((e) => e.due / 100);
};

describe('every lower deduction certificate of a vendor and section applies in its own period', () => {
  it('a certificate renewed mid-year: each half of the year at its certificate rate', async () => {
    const due = await dues(
      [{ vendor_code: 'V1', pan_number: PAN }],
      [
        {
          certificate_number: 'LDC-H1',
          vendor_code: 'V1',
          valid_from: '2024-04-01',
          valid_to: '2024-09-30',
          rate: '0.5',
          amount_limit: '1000000.00',
        },
        {
          certificate_number: 'LDC-H2',
          vendor_code: 'V1',
          valid_from: '2024-10-01',
          valid_to: '2025-03-31',
          rate: '0.5',
          amount_limit: '1000000.00',
        },
      ],
      [entry('V1', '2024-05-10', 1_00_000), entry('V1', '2024-11-10', 1_00_000)],
    );
    // 0.5% of 1,00,000 in both halves; before, only the later certificate
    // reached the engine and May was charged the full 2% (2,000).
    expect(due).toEqual([500, 500]);
  });

  it("next year's certificate loaded before this year is computed again leaves this year's in force", async () => {
    const due = await dues(
      [{ vendor_code: 'V1', pan_number: PAN }],
      [
        {
          certificate_number: 'LDC-2024',
          vendor_code: 'V1',
          valid_from: '2024-04-01',
          valid_to: '2025-03-31',
          rate: '1',
          amount_limit: null,
        },
        {
          certificate_number: 'LDC-2025',
          vendor_code: 'V1',
          valid_from: '2025-04-01',
          valid_to: '2026-03-31',
          rate: '0.5',
          amount_limit: null,
        },
      ],
      [entry('V1', '2024-06-01', 2_00_000)],
    );
    expect(due).toEqual([2_000]);
  });

  it("one certificate's amount is spent once over two vendor codes of its PAN", async () => {
    const due = await dues(
      [
        { vendor_code: 'V1', pan_number: PAN },
        { vendor_code: 'V2', pan_number: PAN },
      ],
      [
        {
          certificate_number: 'LDC-PAN',
          vendor_code: null,
          valid_from: '2024-04-01',
          valid_to: '2025-03-31',
          rate: '0.5',
          amount_limit: '100000.00',
        },
      ],
      [entry('V1', '2024-05-10', 1_00_000), entry('V2', '2024-06-10', 1_00_000)],
    );
    // The first 1,00,000 of the PAN at 0.5%; the limit is then used up and
    // the second payment takes 2%. Before, each vendor code had the whole limit.
    expect(due).toEqual([500, 2_000]);
  });
});
