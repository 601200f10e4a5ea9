import {
  bookEntryRefusal,
  CHALLAN_DEFAULT_MINOR_HEAD,
  type ChallanFormValues,
  DEPOSIT_FIELD_LABELS,
  type DepositMode,
  depositName,
} from '@taxrecon/contracts';

// The challan dialog's choice of deposit (docs/decisions.md session 41): a
// government deductor may have paid by book entry (transfer voucher, Form
// 24G); any other deductor only by bank challan, so the dialog stays as it
// was. A voucher being edited keeps the choice even if the deductor type has
// changed since, so it can be turned into the bank challan it should be.
export const depositModesFor = (deductorType: string | null, editing: DepositMode | null): DepositMode[] =>
  bookEntryRefusal(deductorType) === null || editing === 'book_entry'
    ? ['challan', 'book_entry']
    : ['challan'];

type IdentityField = keyof (typeof DEPOSIT_FIELD_LABELS)['challan'];
const isIdentityField = (k: keyof ChallanFormValues): k is IdentityField =>
  k === 'bsrCode' || k === 'challanSerialNumber' || k === 'dateOfDeposit';

// A field's label: the voucher's own names in the bank challan's places.
export const depositFieldLabel = (
  k: keyof ChallanFormValues,
  mode: DepositMode,
  otherwise: string,
): string => (isIdentityField(k) ? DEPOSIT_FIELD_LABELS[mode][k] : otherwise);

// "No value to be quoted for ... transfer voucher" (26Q CD 40).
export const minorHeadShown = (mode: DepositMode, stored: string | undefined): string =>
  mode === 'book_entry' ? 'None (book entry)' : stored || CHALLAN_DEFAULT_MINOR_HEAD;

// How the challans table names how the tax was paid.
export const depositCell = (c: { depositMode: DepositMode; bsrCode: string; challanSerialNumber: string }) =>
  c.depositMode === 'book_entry' ? depositName(c) : 'Bank challan';

// The download of a deposit's rows: a voucher is named by ?mode=book_entry.
export const challanDetailsPath = (r: {
  depositMode: DepositMode;
  bsrCode: string;
  challanSerialNumber: string;
  challanDate: string;
}) =>
  `/tds-payable/download-challan-details/${r.bsrCode}/${encodeURIComponent(r.challanSerialNumber)}/${r.challanDate}${r.depositMode === 'book_entry' ? '?mode=book_entry' : ''}`;
