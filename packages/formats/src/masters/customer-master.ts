import { readTable } from '../registers/read-table.ts';
import { type RecordColumn, type RecordReadResult, readRecords, writeRecords } from './record-file.ts';

// Customer fields of spec part 1, section 3, in the order of the template.
export const CUSTOMER_MASTER_COLUMNS = [
  { key: 'customerId', kind: 'text' },
  { key: 'customerCode', kind: 'text' },
  { key: 'customerName', kind: 'text', required: true, minLength: 3 },
  { key: 'nameFromSalesBook', kind: 'text' },
  { key: 'nameFrom26AS', kind: 'text' },
  { key: 'legalName', kind: 'text' },
  { key: 'tradeName', kind: 'text' },
  { key: 'entityType', kind: 'text' },
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
  { key: 'parentCustomerId', kind: 'text' },
  { key: 'contactPersonTitle', kind: 'text' },
  { key: 'contactFirstName', kind: 'text' },
  { key: 'contactLastName', kind: 'text' },
  { key: 'contactEmail', kind: 'email' },
  { key: 'contactPhone', kind: 'phone' },
  { key: 'notes', kind: 'text' },
] as const satisfies readonly RecordColumn[];

type CustomerKey = (typeof CUSTOMER_MASTER_COLUMNS)[number]['key'];

export type CustomerMasterRecord = { [K in CustomerKey]: K extends 'customerName' ? string : string | null };

export type CustomerMasterRow = CustomerMasterRecord & { line: number };

export const readCustomerMaster = async (
  bytes: Uint8Array,
  file: string,
): Promise<RecordReadResult<CustomerMasterRow>> => {
  const table = await readTable(bytes, file, { format: 'txt', delimiter: '\t' });
  const result = readRecords<CustomerMasterRow>(table, CUSTOMER_MASTER_COLUMNS);
  return { ...result, errors: [...table.errors, ...result.errors] };
};

export const writeCustomerMaster = (customers: readonly Partial<CustomerMasterRecord>[]): string =>
  writeRecords(CUSTOMER_MASTER_COLUMNS, customers);

// The Customer Master template users download: the header line only.
export const customerMasterTemplate = (): string => writeRecords(CUSTOMER_MASTER_COLUMNS, []);
