import {
  PAYABLE_ONE_OF_FIELDS,
  PAYABLE_REQUIRED_FIELDS,
  PAYABLE_TARGET_FIELDS,
  type PayableTargetField,
} from '@taxrecon/contracts';

// Spec part 3 section 3 "Expense ledger target fields for 34A", with the
// names ledgers exported from SAP and Tally give them, for the closest-name guess.
const LABELS: Record<PayableTargetField, [label: string, ...synonyms: string[]]> = {
  glCode: ['GL Code', 'GL Account', 'G/L Account', 'Ledger Code', 'Account Code'],
  primaryExpenseKey: ['Primary Expense Key', 'Expense Key', 'Cost Element'],
  secondaryExpenseKey: ['Secondary Expense Key', 'Sub Expense Key'],
  documentNumber: ['Document Number', 'Doc No', 'Document No', 'Bill No'],
  documentType: ['Document Type', 'Doc Type'],
  documentDate: ['Document Date', 'Doc Date', 'Bill Date', 'Date'],
  postingDate: ['Posting Date', 'Post Date'],
  deductionDate: ['Deduction Date', 'TDS Date', 'Date of Deduction'],
  documentDescription: ['Document Description', 'Description', 'Narration', 'Particulars', 'Text'],
  baseAmount: ['Base Amount', 'Taxable Amount', 'Amount', 'Expense Amount'],
  purchaseAmount: ['Purchase Amount'],
  invoiceAmount: ['Invoice Amount', 'Bill Amount', 'Gross Amount'],
  tdsAmount: ['TDS Amount', 'TDS', 'Tax Deducted', 'WHT Amount'],
  tdsRate: ['TDS Rate', 'Rate', 'TDS Percent', 'WHT Rate'],
  tdsApplicable: ['TDS Applicable'],
  tdsApplicabilityReason: ['TDS Applicability Reason', 'Reason'],
  tdsSection: ['TDS Section', 'Section', 'WHT Section'],
  vendorCode: ['Vendor Code', 'Vendor', 'Supplier Code', 'Party Code', 'Vendor No'],
  panNo: ['PAN No', 'PAN', 'PAN Number', 'Vendor PAN'],
  vendorName: ['Vendor Name', 'Supplier Name', 'Party Name', 'Name'],
  surcharge: ['Surcharge'],
  penalty: ['Penalty'],
  cess: ['Cess', 'Education Cess'],
  branch: ['Branch', 'Business Place', 'Plant'],
  invoiceNumber: ['Invoice Number', 'Invoice No', 'Reference'],
  tanNumber: ['TAN Number', 'TAN', 'Deductor TAN'],
  tdsDepositDate: ['TDS Deposit Date', 'Deposit Date', 'Challan Date'],
  bsrCode: ['BSR Code', 'BSR'],
  challanNumber: ['Challan Number', 'Challan No', 'Challan Serial Number'],
  voucherNumber: ['Voucher Number', 'Voucher No', 'Vch No'],
  contraEntry: ['Contra Entry', 'Contra', 'Reversal'],
};

export interface PayableField {
  key: PayableTargetField;
  label: string;
  required: boolean;
}

export const PAYABLE_FIELDS: PayableField[] = PAYABLE_TARGET_FIELDS.map((key) => ({
  key,
  label: LABELS[key][0],
  required: (PAYABLE_REQUIRED_FIELDS as readonly string[]).includes(key),
}));

const tokens = (text: string): string[] =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '' && t !== 'of' && t !== 'the')
    .map((t) => (t === 'number' || t === 'num' ? 'no' : t === 'amt' ? 'amount' : t === 'dt' ? 'date' : t));

// Dice overlap of the words; run-together names ('VendorCode', 'vendor_code') match their spaced form.
export const similarity = (header: string, candidate: string): number => {
  const a = tokens(header);
  const b = tokens(candidate);
  if (a.length === 0 || b.length === 0) return 0;
  if (a.join('') === b.join('')) return 1;
  const shared = a.filter((t) => b.includes(t)).length;
  return (2 * shared) / (a.length + b.length);
};

const MIN_SCORE = 0.6;

// Each target field takes the header most like its name or a synonym; the
// best pairs are settled first so one header feeds one field.
export const guessPayableMapping = (headers: readonly string[]): Record<string, string | null> => {
  const pairs: { field: PayableTargetField; header: string; score: number }[] = [];
  for (const key of PAYABLE_TARGET_FIELDS) {
    const names = [key, ...LABELS[key]];
    for (const header of headers) {
      const score = Math.max(...names.map((n) => similarity(header, n)));
      if (score >= MIN_SCORE) pairs.push({ field: key, header, score });
    }
  }
  pairs.sort((x, y) => y.score - x.score);
  const result: Record<string, string | null> = Object.fromEntries(
    PAYABLE_TARGET_FIELDS.map((k) => [k, null]),
  );
  const used = new Set<string>();
  for (const p of pairs) {
    if (result[p.field] || used.has(p.header)) continue;
    result[p.field] = p.header;
    used.add(p.header);
  }
  return result;
};

// What the mapping still lacks before a job can run.
export const missingFields = (mapping: Record<string, string | null>): string[] => {
  const missing = PAYABLE_FIELDS.filter((f) => f.required && !mapping[f.key]).map((f) => f.label);
  if (!PAYABLE_ONE_OF_FIELDS.some((k) => mapping[k]))
    missing.push(PAYABLE_ONE_OF_FIELDS.map((k) => LABELS[k][0]).join(' or '));
  return missing;
};

// The screen keeps target -> header; the call wants header -> target.
export const toMappingDefinitions = (
  mapping: Record<string, string | null>,
): Record<string, PayableTargetField> => {
  const out: Record<string, PayableTargetField> = {};
  for (const key of PAYABLE_TARGET_FIELDS) {
    const header = mapping[key];
    if (header) out[header] = key;
  }
  return out;
};
