import { formatRupees } from '@taxrecon/shared';
import { DEMO_DEDUCTOR_TAN, type ExpenseVendor, GLS, type LedgerLine } from './expense-model.ts';

// The demo's expense ledger and vendor payment files, as an ERP exports them.

const LEDGER_HEADER = [
  'documentNumber',
  'documentType',
  'documentDate',
  'postingDate',
  'deductionDate',
  'glCode',
  'documentDescription',
  'vendorCode',
  'baseAmount',
  'tdsAmount',
  'tanNumber',
  'tdsDepositDate',
];

export const ledgerText = (lines: readonly LedgerLine[]): string =>
  `${[
    LEDGER_HEADER.join('\t'),
    ...lines.map((l) =>
      [
        l.documentNumber,
        'KR',
        l.documentDate,
        l.postingDate,
        l.deductionDate,
        l.glCode,
        l.description,
        l.vendorCode,
        formatRupees(l.base),
        formatRupees(l.tds),
        DEMO_DEDUCTOR_TAN,
        l.tdsDepositDate ?? '',
      ].join('\t'),
    ),
  ].join('\r\n')}\r\n`;

// The vendor payment ledger of a month: each bill of the month paid ten days
// after its date (within the month), with its vendor's PAN and name and the
// section of its GL, as an ERP's payment register prints them.
export const paymentText = (
  lines: readonly LedgerLine[],
  vendors: readonly ExpenseVendor[],
  month: string,
): string => {
  const byCode = new Map(vendors.map((v) => [v.code, v]));
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${[
    'paymentDate\tpaymentNumber\tpaymentDescription\tvendorCode\tpanNumber\tvendorName\tbaseAmount\tsectionNumber\tsubSection\ttdsRate\ttdsAmount',
    ...lines.map((l, i) => {
      const vendor = byCode.get(l.vendorCode);
      const gl = GLS.find((g) => g.code === l.glCode);
      const [, number, sub] = /^(\d{3}[A-Z]*)(?:\((\w)\))?$/.exec(gl?.section ?? '') ?? [];
      const day = Math.min(Number(l.documentDate.slice(8, 10)) + 10, lastDay);
      const rate = l.base > 0 ? Math.round((l.tds * 10_000) / l.base) / 100 : 0;
      return [
        `${month}-${String(day).padStart(2, '0')}`,
        `PAY/${month}/${String(i + 1).padStart(4, '0')}`,
        `Against bill ${l.documentNumber}`,
        l.vendorCode,
        vendor?.pan ?? '',
        vendor?.name ?? '',
        formatRupees(l.base),
        number ?? '',
        sub ?? '',
        l.tds > 0 ? String(rate) : '',
        formatRupees(l.tds),
      ].join('\t');
    }),
  ].join('\r\n')}\r\n`;
};
