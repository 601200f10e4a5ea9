import type { FinancialYear } from '@taxrecon/shared';
import { drawForm16a, type Form16aCertificate, type Quarter } from './form16a-pdf.ts';

// A certificate the entity (deductor Acme, TAN MUMA12345B) issues to a vendor:
// for tests and the demo company. Amounts in paise.
export const sampleCertificate = (
  vendor: { pan: string; name: string },
  financialYear: FinancialYear,
  quarter: Quarter,
  options: { number?: string; amountPaise?: number; section?: string } = {},
): Form16aCertificate => {
  const amount = options.amountPaise ?? 12_345_600;
  const start = Number(financialYear.slice(0, 4));
  const month = { Q1: `${start}-05`, Q2: `${start}-08`, Q3: `${start}-11`, Q4: `${start + 1}-02` }[quarter];
  return {
    certificateNumber: options.number ?? `C${vendor.pan.slice(5, 9)}${quarter}${String(start).slice(2)}`,
    deductorName: 'Acme Industries Limited',
    deductorAddress: '12 Marine Drive, Mumbai 400020',
    deducteeName: vendor.name,
    deducteeAddress: 'Andheri East, Mumbai 400069',
    deductorPan: 'AAACA1234A',
    deductorTan: 'MUMA12345B',
    deducteePan: vendor.pan,
    financialYear,
    quarter,
    payments: [
      { amountPaise: amount, section: options.section ?? '194C', date: `${month}-15` },
      { amountPaise: 5_000_000, section: options.section ?? '194C', date: `${month}-28` },
    ],
    // 2% of the payments, to the paisa
    taxDeductedPaise: Math.round((amount + 5_000_000) / 50),
    receiptNumber: 'QQWERTYU',
  };
};

export const samplePdf = (...args: Parameters<typeof sampleCertificate>): Promise<Buffer> =>
  drawForm16a(sampleCertificate(...args));

// Vendors the Form 16A tests issue certificates to: two with a contact e-mail
// in the vendor master, one without.
export const SAMPLE_VENDORS = {
  BLUE: { pan: 'AAACB1234D', name: 'Blue Dart Express Ltd', code: 'V-BLUE', email: 'tds@bluedart.test' },
  GREEN: { pan: 'AAFCG5678K', name: 'Green Logistics LLP', code: 'V-GREEN', email: 'accounts@green.test' },
  GREY: { pan: 'ABCPG4321M', name: 'Grey Consulting', code: 'V-GREY', email: null },
} as const;
