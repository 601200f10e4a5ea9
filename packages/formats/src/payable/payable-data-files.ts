import { issue } from '../errors.ts';
import { type RecordColumn, type RecordReadResult, readRecords } from '../masters/record-file.ts';
import { readTable } from '../registers/read-table.ts';

// The TDS payable data files of spec part 3: the vendor payment ledger, lower
// deduction certificates (LTDC) and the TAN-ITR (206AB) report. Each is a
// table headed by field names, matched without regard to case, spaces or
// underscores; a few headers the portals and ERPs print instead are accepted
// as aliases. Amounts come back in paise, rates in percent, dates ISO.

export const VENDOR_PAYMENT_COLUMNS = [
  { key: 'paymentDate', kind: 'date', required: true },
  { key: 'paymentNumber', kind: 'text' },
  { key: 'paymentDescription', kind: 'text' },
  { key: 'vendorCode', kind: 'text' },
  { key: 'panNumber', kind: 'text' },
  { key: 'vendorName', kind: 'text' },
  { key: 'baseAmount', kind: 'amount', required: true },
  { key: 'sectionNumber', kind: 'text' },
  { key: 'subSection', kind: 'text' },
  { key: 'tdsRate', kind: 'rate' },
  { key: 'tdsAmount', kind: 'amount' },
] as const satisfies readonly RecordColumn[];

export const LDC_COLUMNS = [
  { key: 'certificateNumber', kind: 'text', required: true },
  { key: 'panNumber', kind: 'pan', required: true },
  { key: 'vendorCode', kind: 'text' },
  { key: 'sectionNumber', kind: 'text', required: true },
  { key: 'subSection', kind: 'text' },
  { key: 'rate', kind: 'rate', required: true },
  { key: 'amountLimit', kind: 'amount' },
  { key: 'validFrom', kind: 'date', required: true },
  { key: 'validTo', kind: 'date', required: true },
] as const satisfies readonly RecordColumn[];

export const TAN_ITR_COLUMNS = [
  { key: 'panNumber', kind: 'pan', required: true },
  { key: 'name', kind: 'text' },
  { key: 'specifiedPerson', kind: 'boolean', required: true },
  { key: 'asOfDate', kind: 'date' },
  { key: 'financialYear', kind: 'text' },
] as const satisfies readonly RecordColumn[];

const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Headers as the income-tax portal's compliance check and common ERP exports
// print them, squashed, to the field they hold.
const ALIASES: Record<string, string> = {
  pan: 'panNumber',
  panno: 'panNumber',
  vendorpan: 'panNumber',
  nameofthepan: 'name',
  nameofpan: 'name',
  vendorname: 'vendorName',
  specifiedpersonus206ab: 'specifiedPerson',
  specifiedpersonus206aband206cca: 'specifiedPerson',
  specifiedpersonus206ab206cca: 'specifiedPerson',
  specifiedpersonyesno: 'specifiedPerson',
  specifiedperson206ab: 'specifiedPerson',
  asondate: 'asOfDate',
  asof: 'asOfDate',
  fy: 'financialYear',
  certificateno: 'certificateNumber',
  ldcnumber: 'certificateNumber',
  section: 'sectionNumber',
  ratepercent: 'rate',
  ldcrate: 'rate',
  amount: 'amountLimit',
  ldcamount: 'amountLimit',
  validfromdate: 'validFrom',
  validtodate: 'validTo',
  fromdate: 'validFrom',
  todate: 'validTo',
  paymentdocumentnumber: 'paymentNumber',
  paymentno: 'paymentNumber',
  description: 'paymentDescription',
  narration: 'paymentDescription',
};

type Row<C extends readonly RecordColumn[]> = {
  [K in C[number]['key']]: string | number | boolean | null;
} & { line: number };

const readDataFile = async <C extends readonly RecordColumn[]>(
  bytes: Uint8Array,
  file: string,
  columns: C,
): Promise<RecordReadResult<Row<C>>> => {
  const table = await readTable(bytes, file);
  if (table.headers.length === 0) {
    return {
      rows: [],
      warnings: [],
      errors: [
        ...table.errors,
        issue(
          file,
          1,
          'NO_HEADER',
          `a header row naming ${columns.map((c) => c.key).join(', ')}`,
          'The file has no header row.',
        ),
      ],
    };
  }
  const keys = new Set(columns.map((c) => squash(c.key)));
  const headers = table.headers.map((h) => {
    const s = squash(h);
    const alias = ALIASES[s];
    return keys.has(s) || alias === undefined || !keys.has(squash(alias)) ? h : alias;
  });
  const result = readRecords<Row<C>>({ ...table, headers }, columns);
  return { ...result, errors: [...table.errors, ...result.errors] };
};

export type VendorPaymentRecordRow = Row<typeof VENDOR_PAYMENT_COLUMNS>;
export type LdcRecordRow = Row<typeof LDC_COLUMNS>;
export type TanItrRecordRow = Row<typeof TAN_ITR_COLUMNS>;

export const readVendorPayments = (bytes: Uint8Array, file: string) =>
  readDataFile(bytes, file, VENDOR_PAYMENT_COLUMNS);
export const readLdcCertificates = (bytes: Uint8Array, file: string) =>
  readDataFile(bytes, file, LDC_COLUMNS);
export const readTanItrReport = (bytes: Uint8Array, file: string) =>
  readDataFile(bytes, file, TAN_ITR_COLUMNS);
