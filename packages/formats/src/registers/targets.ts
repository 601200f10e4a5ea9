import type { Paise } from '@taxrecon/shared';

// The target columns a register upload maps its headers onto (spec part 2,
// section 3: "Sales upload target columns" and "Purchase upload target columns").

export type FieldKind = 'text' | 'date' | 'amount' | 'rate' | 'pan' | 'tan' | 'gstin';

export interface TargetField<K extends string = string> {
  key: K;
  // Column name as the upload screen shows it.
  label: string;
  kind: FieldKind;
  required: boolean;
  // Other headers seen in Tally, SAP and hand-made registers for the same column.
  synonyms: readonly string[];
}

type ValueOfKind<T extends FieldKind> = T extends 'amount' ? Paise : T extends 'rate' ? number : string;

export type RowOf<Fs extends readonly TargetField[]> = {
  [F in Fs[number] as F['key']]: F['required'] extends true
    ? ValueOfKind<F['kind']>
    : ValueOfKind<F['kind']> | null;
} & { file: string; line: number };

export type FieldKey<Fs extends readonly TargetField[]> = Fs[number]['key'];

const GSTIN_SYNONYMS = ['GSTIN', 'GST No', 'GST Number', 'GSTIN No', 'GST Registration No', 'Party GSTIN'];
const PAN_SYNONYMS = ['PAN', 'PAN Number', 'PAN/IT No', 'Income Tax PAN', 'Party PAN'];
const TAN_SYNONYMS = ['TAN', 'TAN Number', 'Party TAN'];

export const SALES_FIELDS = [
  {
    key: 'date',
    label: 'Date',
    kind: 'date',
    required: true,
    synonyms: [
      'Invoice Date',
      'Voucher Date',
      'Bill Date',
      'Transaction Date',
      'Inv Date',
      'Document Date',
      'Posting Date',
    ],
  },
  {
    key: 'customerName',
    label: 'Name of customer (Client)',
    kind: 'text',
    required: true,
    synonyms: [
      'Customer Name',
      'Name of Customer',
      'Client Name',
      'Party Name',
      'Particulars',
      'Buyer Name',
      'Customer',
      'Party',
      'Ledger Name',
    ],
  },
  {
    key: 'voucherType',
    label: 'Voucher Type',
    kind: 'text',
    required: false,
    synonyms: ['Vch Type', 'Document Type'],
  },
  {
    key: 'voucherNumber',
    label: 'Voucher No.',
    kind: 'text',
    required: false,
    synonyms: [
      'Invoice No',
      'Invoice Number',
      'Vch No',
      'Voucher Number',
      'Bill No',
      'Document No',
      'Inv No',
    ],
  },
  {
    key: 'voucherRef',
    label: 'Voucher Ref.',
    kind: 'text',
    required: false,
    synonyms: ['Reference', 'Reference No', 'Ref No', 'Voucher Ref No'],
  },
  {
    key: 'gstin',
    label: 'GSTIN/UIN',
    kind: 'gstin',
    required: false,
    synonyms: [...GSTIN_SYNONYMS, 'Customer GSTIN'],
  },
  { key: 'pan', label: 'PAN No.', kind: 'pan', required: false, synonyms: [...PAN_SYNONYMS, 'Customer PAN'] },
  {
    key: 'tan',
    label: 'TAN No.',
    kind: 'tan',
    required: false,
    synonyms: [...TAN_SYNONYMS, 'Customer TAN', 'Deductor TAN'],
  },
  {
    key: 'invoiceValue',
    label: 'Invoice value',
    kind: 'amount',
    required: false,
    synonyms: [
      'Gross Total',
      'Invoice Amount',
      'Invoice Total',
      'Total Invoice Value',
      'Bill Amount',
      'Total Amount',
    ],
  },
  {
    key: 'saleAmount',
    label: 'Professional Services (Sales)',
    kind: 'amount',
    required: false,
    synonyms: [
      'Sales',
      'Sale Amount',
      'Sales Amount',
      'Professional Services',
      'Taxable Value',
      'Taxable Amount',
      'Assessable Value',
      'Service Income',
      'Sales Account',
    ],
  },
  {
    key: 'others',
    label: 'Others',
    kind: 'amount',
    required: false,
    synonyms: ['Other Income', 'Other Charges', 'Other Amount'],
  },
  {
    key: 'cgst',
    label: 'CGST (9%)',
    kind: 'amount',
    required: false,
    synonyms: ['CGST', 'CGST Amount', 'Central Tax', 'Output CGST'],
  },
  {
    key: 'sgst',
    label: 'SGST (9%)',
    kind: 'amount',
    required: false,
    synonyms: ['SGST', 'SGST Amount', 'State Tax', 'SGST/UTGST', 'Output SGST', 'UTGST'],
  },
  {
    key: 'igst',
    label: 'IGST (18%)',
    kind: 'amount',
    required: false,
    synonyms: ['IGST', 'IGST Amount', 'Integrated Tax', 'Output IGST'],
  },
  {
    key: 'tdsRate',
    label: 'TDS rate',
    kind: 'rate',
    required: false,
    synonyms: ['TDS %', 'TDS Rate %', 'Rate of TDS', 'TDS Percentage'],
  },
  {
    key: 'tdsAmount',
    label: 'TDS on sales',
    kind: 'amount',
    required: false,
    synonyms: [
      'TDS',
      'TDS Amount',
      'TDS Deducted',
      'TDS Receivable',
      'Tax Deducted',
      'TDS Deducted by Customer',
    ],
  },
  {
    key: 'section',
    label: 'Section',
    kind: 'text',
    required: false,
    synonyms: ['TDS Section', 'Section Code', 'Nature of Payment', 'Payment Code'],
  },
  {
    key: 'customerCode',
    label: 'Customer Code',
    kind: 'text',
    required: false,
    synonyms: ['Client Code', 'Party Code', 'Customer ID', 'Ledger Code'],
  },
  {
    key: 'customerLocation',
    label: 'Customer Location',
    kind: 'text',
    required: false,
    synonyms: ['Location', 'City', 'Branch'],
  },
  {
    key: 'customerRegion',
    label: 'Customer Region',
    kind: 'text',
    required: false,
    synonyms: ['Region', 'Zone'],
  },
] as const satisfies readonly TargetField[];

export const PURCHASE_FIELDS = [
  {
    key: 'date',
    label: 'Date',
    kind: 'date',
    required: true,
    synonyms: [
      'Bill Date',
      'Invoice Date',
      'Voucher Date',
      'Purchase Date',
      'Supplier Invoice Date',
      'Posting Date',
    ],
  },
  {
    key: 'supplierName',
    label: 'Name of Supplier',
    kind: 'text',
    required: true,
    synonyms: [
      'Supplier Name',
      'Vendor Name',
      'Name of Vendor',
      'Party Name',
      'Particulars',
      'Seller Name',
      'Supplier',
      'Vendor',
      'Party',
    ],
  },
  {
    key: 'billNumber',
    label: 'Bill number',
    kind: 'text',
    required: false,
    synonyms: [
      'Bill No',
      'Invoice No',
      'Invoice Number',
      'Supplier Invoice No',
      'Voucher No',
      'Vch No',
      'Document No',
    ],
  },
  {
    key: 'gstin',
    label: 'GSTIN/UIN',
    kind: 'gstin',
    required: false,
    synonyms: [...GSTIN_SYNONYMS, 'Supplier GSTIN', 'Vendor GSTIN'],
  },
  {
    key: 'pan',
    label: 'PAN No.',
    kind: 'pan',
    required: false,
    synonyms: [...PAN_SYNONYMS, 'Supplier PAN', 'Vendor PAN'],
  },
  {
    key: 'tan',
    label: 'TAN No.',
    kind: 'tan',
    required: false,
    synonyms: [...TAN_SYNONYMS, 'Supplier TAN', 'Collector TAN'],
  },
  {
    key: 'purchaseValue',
    label: 'Purchase value',
    kind: 'amount',
    required: false,
    synonyms: [
      'Purchase',
      'Purchases',
      'Purchase Amount',
      'Taxable Value',
      'Taxable Amount',
      'Assessable Value',
      'Purchase Account',
    ],
  },
  {
    key: 'invoiceValue',
    label: 'Invoice value',
    kind: 'amount',
    required: false,
    synonyms: ['Gross Total', 'Invoice Amount', 'Invoice Total', 'Bill Amount', 'Total Amount'],
  },
  {
    key: 'roundOff',
    label: 'Round off',
    kind: 'amount',
    required: false,
    synonyms: ['Rounding Off', 'Round Off Amount', 'Rounded Off'],
  },
  {
    key: 'cgst',
    label: 'CGST',
    kind: 'amount',
    required: false,
    synonyms: ['CGST Amount', 'Central Tax', 'Input CGST'],
  },
  {
    key: 'sgst',
    label: 'SGST',
    kind: 'amount',
    required: false,
    synonyms: ['SGST Amount', 'State Tax', 'SGST/UTGST', 'Input SGST', 'UTGST'],
  },
  {
    key: 'igst',
    label: 'IGST',
    kind: 'amount',
    required: false,
    synonyms: ['IGST Amount', 'Integrated Tax', 'Input IGST'],
  },
  {
    key: 'tcsRate',
    label: 'TCS Rate',
    kind: 'rate',
    required: false,
    synonyms: ['TCS %', 'TCS Rate %', 'Rate of TCS', 'TCS Percentage'],
  },
  {
    key: 'tcsAmount',
    label: 'TCS on Purchase',
    kind: 'amount',
    required: false,
    synonyms: ['TCS', 'TCS Amount', 'TCS Collected', 'TCS Receivable', 'Tax Collected'],
  },
  {
    key: 'section',
    label: 'Section',
    kind: 'text',
    required: false,
    synonyms: ['TCS Section', 'Section Code', 'Collection Code'],
  },
] as const satisfies readonly TargetField[];

export type SalesField = FieldKey<typeof SALES_FIELDS>;
export type PurchaseField = FieldKey<typeof PURCHASE_FIELDS>;
export type SalesRow = RowOf<typeof SALES_FIELDS>;
export type PurchaseRow = RowOf<typeof PURCHASE_FIELDS>;
