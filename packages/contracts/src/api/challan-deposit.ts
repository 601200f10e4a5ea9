import { DEDUCTOR_TYPES, GOVERNMENT_DEDUCTOR_TYPES, isDeductorType } from '@taxrecon/shared';
import { z } from 'zod';

// How the tax was paid (docs/decisions.md session 41): by bank challan, or by
// a government office by book entry, a transfer voucher the PAO / DDO reports
// on Form 24G (rule 30 of the Income-tax Rules, 1962: an office of the
// Government pays tax "without production of an income-tax challan" on the
// day it deducts it, rule 30(1)(a)). The
// 26Q challan record carries both in the same fields: CD 16 "Bank-Branch Code
// / Form 24G Receipt Number" (seven digits either way) and, in place of the
// bank challan's five-digit serial (CD 12), the "five digit DDO serial number
// provided by Accounts Officer" (CD 14). So a voucher travels in the
// challan's bsrCode and challanSerialNumber, and its identity (receipt number
// + DDO serial + voucher date) has the CIN's shape; depositMode tells them
// apart.
export const DEPOSIT_MODES = ['challan', 'book_entry'] as const;
export const DepositMode = z.enum(
  DEPOSIT_MODES,
  "depositMode must be 'challan' (bank challan) or 'book_entry' (transfer voucher)",
);
export type DepositMode = z.infer<typeof DepositMode>;

export const DEPOSIT_MODE_LABELS: Record<DepositMode, string> = {
  challan: 'Bank challan',
  book_entry: 'Book entry (transfer voucher)',
};

export const FORM_24G_RECEIPT_PATTERN = /^\d{7}$/;
export const DDO_SERIAL_PATTERN = /^\d{1,5}$/;

// The names a government accountant knows the voucher's numbers by, in the
// places a bank challan has its BSR code, serial number and deposit date.
type IdentityField = 'bsrCode' | 'challanSerialNumber' | 'dateOfDeposit';
export const DEPOSIT_FIELD_LABELS: Record<DepositMode, Record<IdentityField, string>> = {
  challan: {
    bsrCode: 'BSR code',
    challanSerialNumber: 'Challan serial number',
    dateOfDeposit: 'Date of deposit',
  },
  book_entry: {
    bsrCode: 'Form 24G receipt number',
    challanSerialNumber: 'DDO serial number (Form 24G)',
    dateOfDeposit: 'Transfer voucher date',
  },
};

// The voucher's rules, as [field, message], in the style of challanProblems.
export const voucherNumberProblems = (v: {
  bsrCode: string;
  challanSerialNumber: string;
}): [IdentityField, string][] => {
  const label = DEPOSIT_FIELD_LABELS.book_entry;
  const out: [IdentityField, string][] = [];
  if (!v.challanSerialNumber) out.push(['challanSerialNumber', `${label.challanSerialNumber} is required`]);
  else if (!DDO_SERIAL_PATTERN.test(v.challanSerialNumber))
    out.push([
      'challanSerialNumber',
      `${label.challanSerialNumber} must be 1 to 5 digits, the DDO serial number the Accounts Officer gave on Form 24G`,
    ]);
  if (!v.bsrCode) out.push(['bsrCode', `${label.bsrCode} is required`]);
  else if (!FORM_24G_RECEIPT_PATTERN.test(v.bsrCode))
    out.push([
      'bsrCode',
      `${label.bsrCode} must be exactly 7 digits, the receipt number the Accounts Officer gave for Form 24G`,
    ]);
  return out;
};

// Why a deductor may not deposit by book entry, or null: only the government
// categories of Annexure 4 (the 24Q/26Q notes on CD 14: "Applicable only in
// case of a Government deductor").
export const bookEntryRefusal = (deductorType: string | null): string | null => {
  if (deductorType !== null && (GOVERNMENT_DEDUCTOR_TYPES as readonly string[]).includes(deductorType))
    return null;
  const who =
    deductorType === null
      ? 'no deductor type is given in Deductor details'
      : `the deductor is type ${deductorType}${isDeductorType(deductorType) ? ` (${DEDUCTOR_TYPES[deductorType]})` : ''}`;
  return `Deposit by book entry (transfer voucher) is only for a government deductor (deductor type ${GOVERNMENT_DEDUCTOR_TYPES.join(', ')}); ${who}. Enter a bank challan, or correct the deductor type in Deductor details.`;
};

// How a table names a deposit: "Book entry · 24G 1234567 / DDO 123".
export const depositName = (c: {
  depositMode: DepositMode;
  bsrCode: string;
  challanSerialNumber: string;
}): string =>
  c.depositMode === 'book_entry'
    ? `Book entry · 24G ${c.bsrCode} / DDO ${c.challanSerialNumber}`
    : `Challan ${c.bsrCode}/${c.challanSerialNumber}`;
