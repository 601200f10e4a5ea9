import fs from 'node:fs';
import {
  form26asTransactions,
  formatIssue,
  guessMapping,
  mapPurchaseRows,
  mappingByHeaderName,
  mapSalesRows,
  PURCHASE_FIELDS,
  parse26asText,
  readTable,
  readZipEntryCapped,
  SALES_FIELDS,
  ZipLimitError,
  zipEntriesRefusal,
} from '@taxrecon/formats';
import { BlobReader, type Entry, ZipReader } from '@zip.js/zip.js';
import { badRequest } from '../../platform/http/errors.ts';

export type TemplateKind = 'customer' | 'vendor';

// One party as the book names it, with the identifiers its rows carry.
export interface BookParty {
  name: string;
  code: string | null;
  tan: string | null;
  pan: string | null;
  gstin: string | null;
  rows: number;
}

export interface TemplateInput {
  book: BookParty[];
  // 26AS deductors (customers: Part I, TDS) or collectors (vendors: Part VI, TCS)
  deductors: { tan: string; name: string }[];
}

const BOOK = { customer: 'sales', vendor: 'purchase' } as const;
const PART = { customer: 'TDS', vendor: 'TCS' } as const;
const MAX_ISSUES = 5;

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const extensionOf = (name: string): string =>
  (name.includes('.') ? (name.split('.').pop() ?? '') : '').toLowerCase();

const fail = (what: string): never => {
  throw badRequest(what, 'TEMPLATE_BAD_ZIP');
};

const issuesText = (issues: readonly Parameters<typeof formatIssue>[0][]): string =>
  issues.slice(0, MAX_ISSUES).map(formatIssue).join('; ') +
  (issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : '');

type BookRowLike = {
  name: string;
  code: string | null;
  tan: string | null;
  pan: string | null;
  gstin: string | null;
};

// Rows of one party by its name as written (case and spacing aside); the
// first TAN, PAN and GSTIN its rows carry are kept.
const groupParties = (rows: readonly BookRowLike[]): BookParty[] => {
  const byKey = new Map<string, BookParty>();
  for (const r of rows) {
    const key = r.name.trim().replace(/\s+/g, ' ').toUpperCase();
    const party = byKey.get(key);
    if (!party) {
      byKey.set(key, { name: r.name.trim(), code: r.code, tan: r.tan, pan: r.pan, gstin: r.gstin, rows: 1 });
      continue;
    }
    party.rows += 1;
    party.code ??= r.code;
    party.tan ??= r.tan;
    party.pan ??= r.pan;
    party.gstin ??= r.gstin;
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
};

const bookOf = async (
  kind: TemplateKind,
  bytes: Uint8Array,
  name: string,
  byName: Record<string, string> | undefined,
): Promise<BookParty[]> => {
  const table = await readTable(bytes, name);
  if (table.errors.length > 0) fail(issuesText(table.errors));
  if (table.rows.length === 0) fail(`${name} has no ${BOOK[kind]} rows below its header.`);
  if (kind === 'customer') {
    const mapping = {
      ...guessMapping(table.headers, SALES_FIELDS).mapping,
      ...mappingByHeaderName(table.headers, byName ?? {}),
    };
    const mapped = mapSalesRows(table, mapping);
    if (mapped.errors.length > 0) fail(issuesText(mapped.errors));
    return groupParties(
      mapped.rows.map((r) => ({
        name: r.customerName,
        code: r.customerCode,
        tan: r.tan,
        pan: r.pan,
        gstin: r.gstin,
      })),
    );
  }
  const mapping = {
    ...guessMapping(table.headers, PURCHASE_FIELDS).mapping,
    ...mappingByHeaderName(table.headers, byName ?? {}),
  };
  const mapped = mapPurchaseRows(table, mapping);
  if (mapped.errors.length > 0) fail(issuesText(mapped.errors));
  return groupParties(
    mapped.rows.map((r) => ({ name: r.supplierName, code: null, tan: r.tan, pan: r.pan, gstin: r.gstin })),
  );
};

// A template zip: exactly one book csv and one or more 26AS text files,
// anywhere in the zip. What a person can get wrong is a 400 naming the file
// (and line, for bad rows).
export const readTemplateZip = async (
  kind: TemplateKind,
  zipPath: string,
  zipName: string,
  mapping?: Record<string, string>,
): Promise<TemplateInput> => {
  const reader = new ZipReader(new BlobReader(await fs.openAsBlob(zipPath)));
  try {
    let entries: Entry[] = [];
    try {
      entries = await reader.getEntries();
    } catch {
      fail(`${zipName} is not a readable zip file.`);
    }
    const files = entries.filter((e) => !e.directory && !baseName(e.filename).startsWith('.'));
    const refusal = zipEntriesRefusal(zipName, files);
    if (refusal) fail(refusal);
    const csvs = files.filter((e) => extensionOf(e.filename) === 'csv');
    const texts = files.filter((e) => extensionOf(e.filename) === 'txt');
    if (csvs.length !== 1)
      fail(`${zipName} must hold exactly one ${BOOK[kind]} .csv file; it holds ${csvs.length}.`);
    if (texts.length === 0) fail(`${zipName} holds no 26AS .txt file.`);
    let before = 0;
    const read = async (entry: Entry): Promise<Uint8Array> => {
      const bytes = await readZipEntryCapped(zipName, entry, before);
      before += bytes.length;
      return bytes;
    };
    const csv = csvs[0] as Entry;
    const book = await bookOf(kind, await read(csv), baseName(csv.filename), mapping);
    const deductors = new Map<string, string>();
    for (const entry of texts) {
      const name = baseName(entry.filename);
      const statement = parse26asText(await read(entry), name);
      if (!statement.header)
        fail(`${name} is not a 26AS statement (no header with the PAN and year was found).`);
      if (statement.errors.length > 0) fail(issuesText(statement.errors));
      for (const t of form26asTransactions(statement)) {
        if (t.part === PART[kind] && !deductors.has(t.tan)) deductors.set(t.tan, t.name);
      }
    }
    return { book, deductors: [...deductors].map(([tan, name]) => ({ tan, name })) };
  } catch (error) {
    if (error instanceof ZipLimitError) fail(error.message);
    throw error;
  } finally {
    await reader.close();
  }
};
