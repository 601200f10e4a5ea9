import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse26asText } from '../form-26as/parse.ts';
import { readCustomerMapping } from '../masters/customer-mapping.ts';
import { readCustomerMaster } from '../masters/customer-master.ts';
import { readVendorBulkUpdate, readVendorMaster } from '../masters/vendor-master.ts';
import { guessMapping } from '../registers/guess-mapping.ts';
import { mapRows } from '../registers/map-rows.ts';
import { readTable } from '../registers/read-table.ts';
import { PURCHASE_FIELDS, SALES_FIELDS, type TargetField } from '../registers/targets.ts';

// Golden fixtures: each input file in fixtures/ with the exact output expected
// from it in <input>.expected.json. scripts/regenerate-fixtures.ts rewrites the
// expectations after a deliberate change; the tests only compare.
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export interface GoldenCase {
  input: string;
  run: (bytes: Uint8Array) => Promise<unknown>;
}

const golden26as = (input: string): GoldenCase => ({
  input,
  run: async (bytes) => parse26asText(bytes, input),
});

// A register goes through the whole upload path: read, guess the mapping, map.
const goldenRegister = (input: string, fields: readonly TargetField[]): GoldenCase => ({
  input,
  run: async (bytes) => {
    const table = await readTable(bytes, input);
    const guess = guessMapping(table.headers, fields);
    return { table, matches: guess.matches, mapped: mapRows(table, guess.mapping, fields) };
  },
});

export const goldenCases: GoldenCase[] = [
  golden26as('26as-current-layout.txt'),
  golden26as('26as-pre-2020-layout.txt'),
  golden26as('26as-form-168-layout.txt'),
  goldenRegister('sales-register.txt', SALES_FIELDS),
  goldenRegister('sales-register.csv', SALES_FIELDS),
  goldenRegister('purchase-register.txt', PURCHASE_FIELDS),
  { input: 'customer-master.txt', run: (bytes) => readCustomerMaster(bytes, 'customer-master.txt') },
  { input: 'vendor-master.txt', run: (bytes) => readVendorMaster(bytes, 'vendor-master.txt') },
  { input: 'customer-mapping.txt', run: (bytes) => readCustomerMapping(bytes, 'customer-mapping.txt') },
  { input: 'vendor-bulk-update.csv', run: (bytes) => readVendorBulkUpdate(bytes, 'vendor-bulk-update.csv') },
];

export const expectedPath = (input: string): string => `${FIXTURES_DIR}${input}.expected.json`;

// Round-trips through JSON so the comparison sees what the file holds.
export const runGolden = async (c: GoldenCase): Promise<unknown> => {
  const bytes = await readFile(`${FIXTURES_DIR}${c.input}`);
  return JSON.parse(JSON.stringify(await c.run(bytes)));
};
