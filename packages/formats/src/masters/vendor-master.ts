import { readTable } from '../registers/read-table.ts';
import { type RecordColumn, type RecordReadResult, readRecords, writeRecords } from './record-file.ts';

export const VENDOR_TYPES = ['Personal', 'Company', 'Government', 'Bank', 'Trust'] as const;
export const AADHAAR_PAN_LINK = ['Operative', 'Inoperative', 'NA'] as const;

// Vendor fields of spec part 1, section 3, in the order of the template.
export const VENDOR_MASTER_COLUMNS = [
  { key: 'vendorId', kind: 'text' },
  { key: 'vendorCode', kind: 'text', required: true, minLength: 3 },
  { key: 'vendorName', kind: 'text', required: true, minLength: 3 },
  { key: 'nameFromPurchaseBook', kind: 'text' },
  { key: 'nameFrom26AS', kind: 'text' },
  { key: 'website', kind: 'text' },
  { key: 'tanNumber', kind: 'tan' },
  { key: 'cstNumber', kind: 'text' },
  { key: 'panNumber', kind: 'pan' },
  { key: 'gstRegistrationType', kind: 'text' },
  { key: 'gstIn', kind: 'gstin' },
  { key: 'addressStreet', kind: 'text' },
  { key: 'addressCity', kind: 'text' },
  { key: 'addressState', kind: 'text' },
  { key: 'pinCode', kind: 'pin' },
  { key: 'country', kind: 'text' },
  { key: 'parentVendorId', kind: 'text' },
  { key: 'contactPersonTitle', kind: 'text' },
  { key: 'contactFirstName', kind: 'text' },
  { key: 'contactLastName', kind: 'text' },
  { key: 'contactEmail', kind: 'email' },
  { key: 'contactPhone', kind: 'phone' },
  { key: 'notes', kind: 'text' },
  { key: 'vendorType', kind: 'choice', choices: VENDOR_TYPES },
  // Specified person under sections 206AB and 206CCA (higher TDS/TCS rate).
  { key: 'compliance206AB', kind: 'boolean', defaultValue: false },
  { key: 'defaultContact', kind: 'boolean', defaultValue: true },
  { key: 'activeStatus', kind: 'boolean', defaultValue: true },
  { key: 'resident', kind: 'boolean', defaultValue: true },
  { key: 'aadhaarPanLink', kind: 'choice', choices: AADHAAR_PAN_LINK },
] as const satisfies readonly RecordColumn[];

type VendorKey = (typeof VENDOR_MASTER_COLUMNS)[number]['key'];
type BooleanKey = 'compliance206AB' | 'defaultContact' | 'activeStatus' | 'resident';

export type VendorMasterRecord = {
  [K in VendorKey]: K extends 'vendorCode' | 'vendorName'
    ? string
    : K extends BooleanKey
      ? boolean
      : K extends 'vendorType'
        ? (typeof VENDOR_TYPES)[number] | null
        : K extends 'aadhaarPanLink'
          ? (typeof AADHAAR_PAN_LINK)[number] | null
          : string | null;
};

export type VendorMasterRow = VendorMasterRecord & { line: number };

export const readVendorMaster = async (
  bytes: Uint8Array,
  file: string,
): Promise<RecordReadResult<VendorMasterRow>> => {
  const table = await readTable(bytes, file, { format: 'txt', delimiter: '\t' });
  const result = readRecords<VendorMasterRow>(table, VENDOR_MASTER_COLUMNS);
  return { ...result, errors: [...table.errors, ...result.errors] };
};

export const writeVendorMaster = (vendors: readonly Partial<VendorMasterRecord>[]): string =>
  writeRecords(VENDOR_MASTER_COLUMNS, vendors);

export const vendorMasterTemplate = (): string => writeRecords(VENDOR_MASTER_COLUMNS, []);

export interface VendorUpdateRow {
  line: number;
  vendorCode: string;
  // Only the fields with a value in the file; empty cells change nothing.
  changes: Partial<Omit<VendorMasterRecord, 'vendorCode'>>;
}

// The vendor Bulk Update CSV: vendorCode plus any vendor fields to change.
export const readVendorBulkUpdate = async (
  bytes: Uint8Array,
  file: string,
): Promise<RecordReadResult<VendorUpdateRow>> => {
  const table = await readTable(bytes, file, { format: 'csv' });
  const columns = VENDOR_MASTER_COLUMNS.map((c) => (c.key === 'vendorName' ? { ...c, required: false } : c));
  const result = readRecords<Partial<VendorMasterRecord> & { line: number }>(table, columns, {
    partial: true,
  });
  const rows = result.rows.map(
    ({ line, vendorCode, ...changes }): VendorUpdateRow => ({
      line,
      // vendorCode is a required column, so every row read has it.
      vendorCode: vendorCode!,
      changes,
    }),
  );
  return { rows, errors: [...table.errors, ...result.errors], warnings: result.warnings };
};
