import { guessMapping } from '../registers/guess-mapping.ts';
import { type MapRowsResult, mapRows } from '../registers/map-rows.ts';
import { readTable } from '../registers/read-table.ts';
import type { RowOf, TargetField } from '../registers/targets.ts';

// The customer mapping file ties the legal name (as in 26AS) to the name the
// sales or purchase book uses, with the identifiers that resolve them.
export const CUSTOMER_MAPPING_FIELDS = [
  {
    key: 'legalName',
    label: 'Legal Name of Customer/Vendor',
    kind: 'text',
    required: true,
    synonyms: [
      'Legal Name',
      'Legal Name of Customer',
      'Legal Name of Vendor',
      'Name as per 26AS',
      'Name in 26AS',
    ],
  },
  {
    key: 'bookName',
    label: 'Name per Sales/Purchase Book',
    kind: 'text',
    required: false,
    synonyms: [
      'Name per Sales Book',
      'Name per Purchase Book',
      'Name as per Books',
      'Name in Books',
      'Book Name',
      'Customer Name',
      'Vendor Name',
    ],
  },
  { key: 'tan', label: 'TAN No.', kind: 'tan', required: false, synonyms: ['TAN', 'TAN Number'] },
  { key: 'pan', label: 'PAN No.', kind: 'pan', required: false, synonyms: ['PAN', 'PAN Number'] },
  {
    key: 'gstin',
    label: 'GST No.',
    kind: 'gstin',
    required: false,
    synonyms: ['GSTIN', 'GSTIN/UIN', 'GST Number'],
  },
] as const satisfies readonly TargetField[];

export type CustomerMappingRow = RowOf<typeof CUSTOMER_MAPPING_FIELDS>;

export const readCustomerMapping = async (
  bytes: Uint8Array,
  file: string,
): Promise<MapRowsResult<CustomerMappingRow>> => {
  const table = await readTable(bytes, file, { format: 'txt', delimiter: '\t' });
  const { mapping } = guessMapping(table.headers, CUSTOMER_MAPPING_FIELDS);
  const result = mapRows(table, mapping, CUSTOMER_MAPPING_FIELDS);
  return { ...result, errors: [...table.errors, ...result.errors] };
};

const cell = (v: string | null): string => (v === null ? '' : v.replace(/[\t\r\n]+/g, ' '));

export const writeCustomerMapping = (rows: readonly Omit<CustomerMappingRow, 'file' | 'line'>[]): string => {
  const lines = [
    CUSTOMER_MAPPING_FIELDS.map((f) => f.label).join('\t'),
    ...rows.map((r) => [r.legalName, r.bookName, r.tan, r.pan, r.gstin].map(cell).join('\t')),
  ];
  return `${lines.join('\r\n')}\r\n`;
};

// The sample users download from the upload screen.
export const customerMappingTemplate = (): string => writeCustomerMapping([]);
