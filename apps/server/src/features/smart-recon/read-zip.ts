import fs from 'node:fs';
import type { SmartReconMode } from '@taxrecon/contracts';
import type { BookRow, TaxBookRow } from '@taxrecon/engine';
import {
  form26asTransactions,
  formatIssue,
  guessMapping,
  mapSalesRows,
  parse26asText,
  readTable,
  readZipEntryCapped,
  SALES_FIELDS,
  ZipLimitError,
  zipEntriesRefusal,
} from '@taxrecon/formats';
import { type FinancialYear, financialYearOf } from '@taxrecon/shared';
import { BlobReader, type Entry, ZipReader } from '@zip.js/zip.js';
import { badRequest } from '../../platform/http/errors.ts';

// What a smart recon zip holds: one sales csv and one or more 26AS text
// files, anywhere in the zip. Everything a person can get wrong (no csv,
// two csvs, no 26AS, unreadable rows) is a 400 naming the file and line.

export interface SmartReconInput {
  financialYear: FinancialYear;
  book: BookRow[];
  taxBook: TaxBookRow[];
  // 26AS deductors, offered to the engine as the party master so a sales
  // row without a TAN can still be resolved by its customer's name
  deductors: { tan: string; name: string }[];
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const extensionOf = (name: string): string =>
  (name.includes('.') ? (name.split('.').pop() ?? '') : '').toLowerCase();
const MAX_ISSUES = 5;

const fail = (what: string): never => {
  throw badRequest(what, 'SMART_RECON_BAD_ZIP');
};

const issuesText = (issues: readonly Parameters<typeof formatIssue>[0][]): string =>
  issues.slice(0, MAX_ISSUES).map(formatIssue).join('; ') +
  (issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : '');

const entriesOf = async (
  zipPath: string,
  zipName: string,
): Promise<{ reader: ZipReader<unknown>; entries: Entry[] }> => {
  const reader = new ZipReader(new BlobReader(await fs.openAsBlob(zipPath)));
  try {
    const entries = await reader.getEntries();
    return { reader, entries };
  } catch {
    await reader.close();
    return fail(`${zipName} is not a readable zip file.`);
  }
};

const salesRowsOf = async (bytes: Uint8Array, name: string, mode: SmartReconMode): Promise<BookRow[]> => {
  const table = await readTable(bytes, name);
  if (table.errors.length > 0) fail(issuesText(table.errors));
  if (table.rows.length === 0) fail(`${name} has no sales rows below its header.`);
  const { mapping } = guessMapping(table.headers, SALES_FIELDS);
  // The column the mode compares must be found: read as 0 on every row, it
  // would answer "no matches" for a file that has them.
  if (mode === 'tds' && mapping.tdsAmount === undefined)
    fail(
      `${name}, line 1: no column holds the TDS on sales (a header such as "TDS" or "TDS Amount" was expected; the columns are ${table.headers.join(', ')}).`,
    );
  if (mode === 'sales' && mapping.saleAmount === undefined && mapping.invoiceValue === undefined)
    fail(
      `${name}, line 1: no column holds the sale amount (a header such as "Sale Amount" or "Invoice Value" was expected; the columns are ${table.headers.join(', ')}).`,
    );
  const mapped = mapSalesRows(table, mapping);
  if (mapped.errors.length > 0) fail(issuesText(mapped.errors));
  return mapped.rows.map((r) => ({
    voucherNo: r.voucherNumber ?? '',
    date: r.date,
    partyName: r.customerName,
    customerCode: r.customerCode,
    tan: r.tan,
    pan: r.pan,
    gstin: r.gstin,
    amount: r.saleAmount ?? r.invoiceValue ?? (0 as BookRow['amount']),
    tax: r.tdsAmount ?? (0 as BookRow['tax']),
    section: r.section,
  }));
};

export const readSmartReconZip = async (
  zipPath: string,
  zipName: string,
  mode: SmartReconMode,
): Promise<SmartReconInput> => {
  const { reader, entries } = await entriesOf(zipPath, zipName);
  try {
    const files = entries.filter((e) => !e.directory && !baseName(e.filename).startsWith('.'));
    const refusal = zipEntriesRefusal(zipName, files);
    if (refusal) fail(refusal);
    const csvs = files.filter((e) => extensionOf(e.filename) === 'csv');
    const texts = files.filter((e) => extensionOf(e.filename) === 'txt');
    if (csvs.length !== 1) {
      fail(`${zipName} must hold exactly one sales .csv file; it holds ${csvs.length}.`);
    }
    if (texts.length === 0) fail(`${zipName} holds no 26AS .txt file.`);
    let before = 0;
    const read = async (entry: Entry): Promise<Uint8Array> => {
      const bytes = await readZipEntryCapped(zipName, entry, before);
      before += bytes.length;
      return bytes;
    };
    const csv = csvs[0] as Entry;
    const book = await salesRowsOf(await read(csv), baseName(csv.filename), mode);
    const taxBook: TaxBookRow[] = [];
    const deductors = new Map<string, string>();
    let financialYear: FinancialYear | null = null;
    for (const entry of texts) {
      const name = baseName(entry.filename);
      const statement = parse26asText(await read(entry), name);
      if (!statement.header)
        fail(`${name} is not a 26AS statement (no header with the PAN and year was found).`);
      if (statement.errors.length > 0) fail(issuesText(statement.errors));
      financialYear ??= statement.header?.financialYear ?? null;
      for (const t of form26asTransactions(statement)) {
        if (t.part !== 'TDS') continue;
        deductors.set(t.tan, t.name);
        taxBook.push({
          ref: `${name}:${t.line}`,
          tan: t.tan,
          name: t.name,
          section: t.section,
          transactionDate: t.transactionDate,
          status: t.status,
          bookingDate: t.bookingDate,
          remarks: t.remarks,
          amount: t.amount,
          tax: t.tax,
          deposited: t.deposited,
        });
      }
    }
    if (book.length === 0) fail(`${baseName(csv.filename)} has no sales rows.`);
    return {
      financialYear: financialYear ?? financialYearOf(book[0]?.date ?? new Date().toISOString().slice(0, 10)),
      book,
      taxBook,
      deductors: [...deductors].map(([tan, name]) => ({ tan, name })),
    };
  } catch (error) {
    if (error instanceof ZipLimitError) fail(error.message);
    throw error;
  } finally {
    await reader.close();
  }
};
