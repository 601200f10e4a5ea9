import {
  type FileIssue,
  guessMapping,
  mapPurchaseRows,
  mappingByHeaderName,
  mapSalesRows,
  PURCHASE_FIELDS,
  type PurchaseRow,
  readCustomerMapping,
  readTable,
  SALES_FIELDS,
  type SalesRow,
} from '@taxrecon/formats';
import { append, type FinancialYear, financialYearOf, formatRupees } from '@taxrecon/shared';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { emptyBatch, type ParsedBatch, rejectedLines } from './parsed-batch.ts';

const SALES_COLUMNS = [
  'entity_id',
  'job_id',
  'financial_year',
  'transaction_date',
  'original_transaction_date',
  'customer_name',
  'customer_code',
  'voucher_type',
  'voucher_number',
  'voucher_ref',
  'gstin',
  'pan',
  'tan',
  'invoice_value',
  'sale_amount',
  'others',
  'cgst',
  'sgst',
  'igst',
  'tds_rate',
  'tds_amount',
  'section',
  'customer_location',
  'customer_region',
  'file_name',
  'line',
] as const;

const PURCHASE_COLUMNS = [
  'entity_id',
  'job_id',
  'financial_year',
  'transaction_date',
  'supplier_name',
  'bill_number',
  'gstin',
  'pan',
  'tan',
  'purchase_value',
  'invoice_value',
  'round_off',
  'cgst',
  'sgst',
  'igst',
  'tcs_rate',
  'tcs_amount',
  'section',
  'file_name',
  'line',
] as const;

const MAPPING_COLUMNS = [
  'entity_id',
  'job_id',
  'legal_name',
  'book_name',
  'tan',
  'pan',
  'gstin',
  'file_name',
  'line',
] as const;

const rupees = (p: number | null) => (p === null ? null : formatRupees(p));

export interface RegisterOptions {
  entityId: string;
  jobId: string;
  financialYear?: FinancialYear;
  // target field key -> header name, as the upload screen maps them
  mapping?: Record<string, string>;
  headers?: string;
}

const outsideYear = (file: string, line: number, date: string, fy: FinancialYear): FileIssue => ({
  file,
  line,
  column: 'Date',
  value: date,
  expected: `a date in FY ${fy}`,
  code: 'DATE_OUTSIDE_YEAR',
  message: `${file} line ${line}: ${date} is outside the financial year ${fy} chosen for this upload.`,
});

// Reads every file as a table, maps its headers (the person's mapping first,
// then the closest names) and keeps the rows of the chosen financial year.
const mapRegister = async <R extends { file: string; line: number; date: string }>(
  files: SourceFile[],
  options: RegisterOptions,
  fields: typeof SALES_FIELDS | typeof PURCHASE_FIELDS,
  map: (
    table: Awaited<ReturnType<typeof readTable>>,
    mapping: Partial<Record<string, number>>,
  ) => {
    rows: R[];
    errors: FileIssue[];
    warnings: FileIssue[];
    skippedLines: number[];
  },
  batch: ParsedBatch,
): Promise<R[]> => {
  const kept: R[] = [];
  for (const file of files) {
    const table = await readTable(
      file.bytes,
      file.fileName,
      options.headers ? { header: options.headers } : {},
    );
    append(batch.errors, table.errors);
    const guessed: Partial<Record<string, number>> = guessMapping(table.headers, fields).mapping;
    const chosen: Partial<Record<string, number>> = options.mapping
      ? mappingByHeaderName(table.headers, options.mapping)
      : {};
    const missing = fields.filter(
      (f) => f.required && chosen[f.key] === undefined && guessed[f.key] === undefined,
    );
    if (missing.length) {
      batch.errors.push({
        file: file.fileName,
        line: table.headerLine || 1,
        expected: missing.map((f) => f.label).join(', '),
        code: 'UNMAPPED_COLUMNS',
        message: `${file.fileName}: no column could be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')}. Map the header row on the upload screen.`,
      });
      continue;
    }
    const result = map(table, { ...guessed, ...chosen });
    append(batch.errors, result.errors);
    append(batch.warnings, result.warnings);
    batch.rowsSkipped += result.skippedLines.length;
    for (const row of result.rows) {
      if (options.financialYear && financialYearOf(row.date) !== options.financialYear) {
        batch.errors.push(outsideYear(row.file, row.line, row.date, options.financialYear));
        continue;
      }
      kept.push(row);
    }
  }
  batch.rowsRejected = rejectedLines(batch.errors.filter((e) => e.code !== 'UNMAPPED_COLUMNS'));
  batch.rowsValid = kept.length;
  batch.financialYears = [...new Set(kept.map((r) => financialYearOf(r.date)))].sort();
  return kept;
};

export const parseSalesRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('sales_entries', 'sale_amount', 'tds_amount', options.jobId);
  const rows = await mapRegister<SalesRow>(files, options, SALES_FIELDS, (t, m) => mapSalesRows(t, m), batch);
  const lines = rows.map((r) => {
    batch.amountRead += r.saleAmount ?? 0;
    batch.taxRead += r.tdsAmount ?? 0;
    return copyLine([
      options.entityId,
      options.jobId,
      financialYearOf(r.date),
      r.date,
      r.date,
      r.customerName,
      r.customerCode,
      r.voucherType,
      r.voucherNumber,
      r.voucherRef,
      r.gstin,
      r.pan,
      r.tan,
      rupees(r.invoiceValue),
      rupees(r.saleAmount),
      rupees(r.others),
      rupees(r.cgst),
      rupees(r.sgst),
      rupees(r.igst),
      r.tdsRate,
      rupees(r.tdsAmount),
      r.section,
      r.customerLocation,
      r.customerRegion,
      r.file,
      r.line,
    ]);
  });
  batch.tables.push({ table: 'sales_entries', columns: SALES_COLUMNS, lines });
  return batch;
};

export const parsePurchaseRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('purchase_entries', 'purchase_value', 'tcs_amount', options.jobId);
  const rows = await mapRegister<PurchaseRow>(
    files,
    options,
    PURCHASE_FIELDS,
    (t, m) => mapPurchaseRows(t, m),
    batch,
  );
  const lines = rows.map((r) => {
    batch.amountRead += r.purchaseValue ?? 0;
    batch.taxRead += r.tcsAmount ?? 0;
    return copyLine([
      options.entityId,
      options.jobId,
      financialYearOf(r.date),
      r.date,
      r.supplierName,
      r.billNumber,
      r.gstin,
      r.pan,
      r.tan,
      rupees(r.purchaseValue),
      rupees(r.invoiceValue),
      rupees(r.roundOff),
      rupees(r.cgst),
      rupees(r.sgst),
      rupees(r.igst),
      r.tcsRate,
      rupees(r.tcsAmount),
      r.section,
      r.file,
      r.line,
    ]);
  });
  batch.tables.push({ table: 'purchase_entries', columns: PURCHASE_COLUMNS, lines });
  return batch;
};

export const parseCustomerMapping = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('customer_mappings', null, null, options.jobId);
  const lines: string[] = [];
  for (const file of files) {
    const result = await readCustomerMapping(file.bytes, file.fileName);
    append(batch.errors, result.errors);
    append(batch.warnings, result.warnings);
    batch.rowsSkipped += result.skippedLines.length;
    for (const r of result.rows) {
      lines.push(
        copyLine([
          options.entityId,
          options.jobId,
          r.legalName,
          r.bookName,
          r.tan,
          r.pan,
          r.gstin,
          r.file,
          r.line,
        ]),
      );
    }
  }
  batch.rowsValid = lines.length;
  batch.rowsRejected = rejectedLines(batch.errors);
  batch.tables.push({ table: 'customer_mappings', columns: MAPPING_COLUMNS, lines });
  return batch;
};
