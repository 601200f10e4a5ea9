import {
  createRowMapper,
  type FileIssue,
  guessMapping,
  mappingByHeaderName,
  PURCHASE_FIELDS,
  type PurchaseRow,
  readCustomerMapping,
  SALES_FIELDS,
  type SalesRow,
} from '@taxrecon/formats';
import { append, type FinancialYear, financialYearOf, formatRupees } from '@taxrecon/shared';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { openRecords } from './open-records.ts';
import { emptyBatch, openTable, type ParsedBatch, rejectedLines, type TableRows } from './parsed-batch.ts';

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
  // where the COPY spool files go
  tempPath: () => string;
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

interface Encoded {
  line: string;
  amount: number;
  tax: number;
}

// Maps each file's headers (the person's mapping first, then the closest
// names), keeps the rows of the chosen financial year and spools them as COPY
// lines; counts, sums and problems go to the batch.
const loadRegister = async <
  Fs extends typeof SALES_FIELDS | typeof PURCHASE_FIELDS,
  R extends { file: string; line: number; date: string },
>(
  files: SourceFile[],
  options: RegisterOptions,
  fields: Fs,
  encode: (row: R) => Encoded,
  target: TableRows,
  batch: ParsedBatch,
): Promise<void> => {
  const years = new Set<string>();
  const rejected = new Set<string>();
  const reject = (issue: FileIssue) => {
    batch.errors.push(issue);
    rejected.add(`${issue.file}:${issue.line}`);
  };
  for (const file of files) {
    const source = await openRecords(file, options.headers);
    append(batch.errors, source.errors);
    const guessed: Partial<Record<string, number>> = guessMapping(source.headers, fields).mapping;
    const chosen: Partial<Record<string, number>> = options.mapping
      ? mappingByHeaderName(source.headers, options.mapping)
      : {};
    const missing = fields.filter(
      (f) => f.required && chosen[f.key] === undefined && guessed[f.key] === undefined,
    );
    if (missing.length) {
      batch.errors.push({
        file: file.fileName,
        line: source.headerLine || 1,
        expected: missing.map((f) => f.label).join(', '),
        code: 'UNMAPPED_COLUMNS',
        message: `${file.fileName}: no column could be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')}. Map the header row on the upload screen.`,
      });
      continue;
    }
    const shape = { file: file.fileName, headers: source.headers, headerLine: source.headerLine };
    const mapping = { ...guessed, ...chosen } as Parameters<typeof createRowMapper<Fs>>[1];
    const mapRow = createRowMapper(shape, mapping, fields, batch.warnings);
    for await (const record of source.rows) {
      const mapped = mapRow(record);
      if (mapped.kind === 'skip') {
        batch.rowsSkipped += 1;
        continue;
      }
      if (mapped.kind === 'error') {
        for (const e of mapped.errors) reject(e);
        continue;
      }
      const row = mapped.row as unknown as R;
      if (options.financialYear && financialYearOf(row.date) !== options.financialYear) {
        reject(outsideYear(row.file, row.line, row.date, options.financialYear));
        continue;
      }
      const encoded = encode(row);
      await target.spool.write(encoded.line);
      batch.amountRead += encoded.amount;
      batch.taxRead += encoded.tax;
      batch.rowsValid += 1;
      years.add(financialYearOf(row.date));
    }
  }
  await target.spool.close();
  batch.rowsRejected = rejected.size;
  batch.financialYears = [...years].sort();
};

export const parseSalesRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('sales_entries', 'sale_amount', 'tds_amount', options.jobId);
  const target = openTable('sales_entries', SALES_COLUMNS, options.tempPath);
  batch.tables.push(target);
  await loadRegister<typeof SALES_FIELDS, SalesRow>(
    files,
    options,
    SALES_FIELDS,
    (r) => ({
      amount: r.saleAmount ?? 0,
      tax: r.tdsAmount ?? 0,
      line: copyLine([
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
      ]),
    }),
    target,
    batch,
  );
  return batch;
};

export const parsePurchaseRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('purchase_entries', 'purchase_value', 'tcs_amount', options.jobId);
  const target = openTable('purchase_entries', PURCHASE_COLUMNS, options.tempPath);
  batch.tables.push(target);
  await loadRegister<typeof PURCHASE_FIELDS, PurchaseRow>(
    files,
    options,
    PURCHASE_FIELDS,
    (r) => ({
      amount: r.purchaseValue ?? 0,
      tax: r.tcsAmount ?? 0,
      line: copyLine([
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
      ]),
    }),
    target,
    batch,
  );
  return batch;
};

export const parseCustomerMapping = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('customer_mappings', null, null, options.jobId);
  const target = openTable('customer_mappings', MAPPING_COLUMNS, options.tempPath);
  batch.tables.push(target);
  for (const file of files) {
    const result = await readCustomerMapping(file.bytes, file.fileName);
    append(batch.errors, result.errors);
    append(batch.warnings, result.warnings);
    batch.rowsSkipped += result.skippedLines.length;
    for (const r of result.rows) {
      await target.spool.write(
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
      batch.rowsValid += 1;
    }
  }
  await target.spool.close();
  batch.rowsRejected = rejectedLines(batch.errors);
  return batch;
};
