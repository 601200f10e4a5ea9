import {
  type CustomerMappingRow,
  type CustomerMasterRow,
  type FileIssue,
  type Form26asResult,
  type Form26asTransaction,
  guessMapping,
  mapPurchaseRows,
  mapSalesRows,
  PURCHASE_FIELDS,
  type PurchaseRow,
  parse26asText,
  readCustomerMapping,
  readCustomerMaster,
  readTable,
  readVendorMaster,
  SALES_FIELDS,
  type SalesRow,
  type VendorMasterRow,
} from '@taxrecon/formats';
import type { DemoCompany, DemoFileKind } from './generate.ts';

// The demo files read back with @taxrecon/formats exactly as an upload
// would read them, for the tests.

export interface ParsedDemo {
  statements: Form26asResult[];
  sales: {
    headers: string[];
    mapping: Record<string, number | undefined>;
    rows: SalesRow[];
    skipped: number[];
  };
  purchases: {
    headers: string[];
    mapping: Record<string, number | undefined>;
    rows: PurchaseRow[];
    skipped: number[];
  };
  customers: CustomerMasterRow[];
  vendors: VendorMasterRow[];
  mapping: CustomerMappingRow[];
  // Every error and warning of every file; a clean demo has none.
  issues: FileIssue[];
  // 26AS transactions by "file:line".
  at: Map<string, Form26asTransaction & { tan: string }>;
}

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

export const fileOfKind = (demo: DemoCompany, kind: DemoFileKind) => {
  const file = demo.files.find((f) => f.kind === kind);
  if (file === undefined) throw new Error(`no ${kind} file`);
  return file;
};

export const parseDemo = async (demo: DemoCompany): Promise<ParsedDemo> => {
  const issues: FileIssue[] = [];
  const statements = demo.files
    .filter((f) => f.kind === 'form-26as')
    .map((f) => parse26asText(bytes(f.content), f.fileName));
  for (const s of statements) issues.push(...s.errors, ...s.warnings);

  const salesFile = fileOfKind(demo, 'sales-register');
  const salesTable = await readTable(bytes(salesFile.content), salesFile.fileName);
  const salesMapping = guessMapping(salesTable.headers, SALES_FIELDS).mapping;
  const sales = mapSalesRows(salesTable, salesMapping);
  issues.push(...salesTable.errors, ...sales.errors, ...sales.warnings);

  const purchaseFile = fileOfKind(demo, 'purchase-register');
  const purchaseTable = await readTable(bytes(purchaseFile.content), purchaseFile.fileName);
  const purchaseMapping = guessMapping(purchaseTable.headers, PURCHASE_FIELDS).mapping;
  const purchases = mapPurchaseRows(purchaseTable, purchaseMapping);
  issues.push(...purchaseTable.errors, ...purchases.errors, ...purchases.warnings);

  const customerFile = fileOfKind(demo, 'customer-master');
  const customers = await readCustomerMaster(bytes(customerFile.content), customerFile.fileName);
  const vendorFile = fileOfKind(demo, 'vendor-master');
  const vendors = await readVendorMaster(bytes(vendorFile.content), vendorFile.fileName);
  const mappingFile = fileOfKind(demo, 'customer-mapping');
  const mapping = await readCustomerMapping(bytes(mappingFile.content), mappingFile.fileName);
  for (const r of [customers, vendors, mapping]) issues.push(...r.errors, ...r.warnings);

  const at = new Map<string, Form26asTransaction & { tan: string }>();
  for (const s of statements) {
    for (const party of [...(s.tds?.parties ?? []), ...(s.tcs?.parties ?? [])]) {
      for (const t of party.transactions) at.set(`${t.file}:${t.line}`, { ...t, tan: party.tan });
    }
  }

  return {
    statements,
    sales: {
      headers: salesTable.headers,
      mapping: salesMapping,
      rows: sales.rows,
      skipped: sales.skippedLines,
    },
    purchases: {
      headers: purchaseTable.headers,
      mapping: purchaseMapping,
      rows: purchases.rows,
      skipped: purchases.skippedLines,
    },
    customers: customers.rows,
    vendors: vendors.rows,
    mapping: mapping.rows,
    issues,
    at,
  };
};

export const tdsParties = (p: ParsedDemo) => p.statements.flatMap((s) => s.tds?.parties ?? []);
export const tcsParties = (p: ParsedDemo) => p.statements.flatMap((s) => s.tcs?.parties ?? []);

export const sum = <T>(items: readonly T[], of: (item: T) => number | null): number =>
  items.reduce((s, item) => s + (of(item) ?? 0), 0);
