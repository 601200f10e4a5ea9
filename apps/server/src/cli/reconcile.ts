import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BookRow,
  type MatchMode,
  type PartyMaster,
  type ReconcileOptions,
  reconcile,
  type TaxBookRow,
  toReport,
} from '@taxrecon/engine';
import {
  type FileIssue,
  formatIssue,
  guessMapping,
  mapPurchaseRows,
  mapSalesRows,
  openTracesZip,
  PURCHASE_FIELDS,
  parse26asText,
  readCustomerMapping,
  readCustomerMaster,
  readTable,
  readVendorMaster,
  SALES_FIELDS,
} from '@taxrecon/formats';
import {
  append,
  type FinancialYear,
  financialYearOf,
  formatRupees,
  isFinancialYear,
  parseRupees,
} from '@taxrecon/shared';
import {
  customerParties,
  mappingEntries,
  purchaseBookRows,
  salesBookRows,
  taxBookRows,
  vendorParties,
} from '../features/reconciliation/engine-input.ts';
import { buildReconReportXlsx } from '../features/reconciliation/report-xlsx.ts';

interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const USAGE = `usage: taxrecon reconcile tds|tcs --fy 2024-25 --book FILE [--book FILE...] --26as FILE [--26as FILE...]
    [--customers FILE] [--mapping FILE] [--password DDMMYYYY]
    [--mode TaxOrSaleAmount|TaxAndSaleAmount|TaxOnly|SaleAmountOnly]
    [--tolerance RUPEES] [--tolerance-total RUPEES] [--tolerance-amount-total RUPEES]
    --out result.json [--xlsx report.xlsx]
`;
const MODES: readonly MatchMode[] = ['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly'];

// A problem that stops the run: named file, what is wrong, exit code 1.
class Stop extends Error {}

const read = (file: string): Uint8Array => {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new Stop(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
};

const tolerance = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const value = parseRupees(text);
  if (value === null || value < 0)
    throw new Stop(`--${name} must be an amount in rupees, such as 10 or 0.50 (got ${text})`);
  return value;
};

// Amounts leave as JSON numbers written with two decimals (25000.00), as the contract shows.
const toJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `§${formatRupees(Number(v))}§` : v), 2).replace(
    /"§(-?\d+\.\d{2})§"/g,
    '$1',
  );
const money = (p: number) => BigInt(p);

export const reconcileCommand = async (args: string[], io: Io): Promise<number> => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { kind, values } = parsed;
  const warn = (issue: FileIssue) => io.stderr(`${formatIssue(issue)}\n`);
  const startedAt = performance.now();
  try {
    const fy = values.fy as FinancialYear;
    const rejected: { ref: string; reason: string }[] = [];

    // 26AS statements: Part I for TDS, Part VI for TCS; each must be for --fy.
    const taxBook: TaxBookRow[] = [];
    for (const file of values['26as'] ?? []) {
      const bytes = read(file);
      const texts: { name: string; data: Uint8Array }[] = [];
      if (file.toLowerCase().endsWith('.zip')) {
        const opened = await openTracesZip(bytes, values.password ?? '');
        if (!opened.ok) throw new Stop(`${file}: ${opened.message}`);
        texts.push(...opened.files);
      } else texts.push({ name: path.basename(file), data: bytes });
      for (const text of texts) {
        const statement = parse26asText(text.data, text.name);
        if (!statement.header?.financialYear)
          throw new Stop(`${file}: not a Form 26AS text file (no header with a financial year)`);
        if (statement.header.financialYear !== fy) {
          throw new Stop(`${file}: is the statement for ${statement.header.financialYear}, not ${fy}`);
        }
        for (const e of statement.errors) {
          warn(e);
          rejected.push({ ref: `${path.basename(e.file)}:${e.line}`, reason: e.message });
        }
        for (const w of statement.warnings) warn({ ...w, message: `warning: ${w.message}` });
        append(taxBook, taxBookRows(statement, kind));
      }
    }

    // The books: any register format; headers mapped by closest name.
    const book: BookRow[] = [];
    for (const file of values.book ?? []) {
      const table = await readTable(read(file), path.basename(file));
      const fields = kind === 'TDS' ? SALES_FIELDS : PURCHASE_FIELDS;
      const { mapping } = guessMapping(table.headers, fields);
      const missing = fields.filter(
        (f) => f.required && (mapping as Record<string, number | undefined>)[f.key] === undefined,
      );
      if (missing.length) {
        throw new Stop(
          `${file}: its headers cannot be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')} (headers: ${table.headers.join(' | ')})`,
        );
      }
      const mapped =
        kind === 'TDS'
          ? (() => {
              const m = mapSalesRows(table, mapping);
              return { errors: m.errors, rows: salesBookRows(m.rows) };
            })()
          : (() => {
              const m = mapPurchaseRows(table, mapping);
              return { errors: m.errors, rows: purchaseBookRows(m.rows) };
            })();
      for (const e of [...table.errors, ...mapped.errors]) {
        warn(e);
        rejected.push({ ref: `${path.basename(e.file)}:${e.line}`, reason: e.message });
      }
      const rows = mapped.rows;
      const inYear = rows.filter((r) => financialYearOf(r.date) === fy);
      if (rows.length > 0 && inYear.length === 0) throw new Stop(`${file}: has no rows dated in ${fy}`);
      append(book, inYear);
    }

    const parties: PartyMaster[] = [];
    if (values.customers) {
      const bytes = read(values.customers);
      const master =
        kind === 'TDS'
          ? customerParties((await readCustomerMaster(bytes, path.basename(values.customers))).rows)
          : vendorParties((await readVendorMaster(bytes, path.basename(values.customers))).rows);
      append(parties, master);
    }
    const mappings = values.mapping
      ? mappingEntries((await readCustomerMapping(read(values.mapping), path.basename(values.mapping))).rows)
      : [];

    const options: ReconcileOptions = {
      // Without a master every deductor is reconciled under its own TAN.
      unknownParties: values.customers ? 'unresolved' : 'byTan',
      ...(values.mode ? { matchMode: values.mode as MatchMode } : {}),
    };
    const t = tolerance('tolerance', values.tolerance);
    const tt = tolerance('tolerance-total', values['tolerance-total']);
    const ta = tolerance('tolerance-amount-total', values['tolerance-amount-total']);
    if (t !== undefined) options.tolerance = t;
    if (tt !== undefined) options.toleranceForOverallTotal = tt;
    if (ta !== undefined) options.toleranceForTransactionAmountTotal = ta;

    const parsedAt = performance.now();
    const result = reconcile({ kind, financialYear: fy, book, taxBook, parties, mappings }, options);
    const reconciledAt = performance.now();
    const report = toReport(result);
    const out = {
      financialYear: report.financialYear,
      parties: report.parties.map((p) => ({
        tan: p.tan,
        name: p.name,
        category: p.category,
        bookTax: money(p.bookTax),
        taxBookTax: money(p.taxBookTax),
        bookAmount: money(p.bookAmount),
        taxBookAmount: money(p.taxBookAmount),
      })),
      matches: report.matches,
      unmatchedBook: report.unmatchedBook.map(({ ref, reason }) => ({ ref, reason })),
      unmatchedTaxBook: report.unmatchedTaxBook.map(({ ref, reason }) => ({ ref, reason })),
      unresolved: report.unresolved,
      // rows of the input files that could not be read, with why (not part of any other list)
      rejected,
    };
    fs.writeFileSync(values.out as string, `${toJson(out)}\n`);
    if (values.xlsx) {
      fs.writeFileSync(
        values.xlsx,
        await buildReconReportXlsx(result, { financialYear: fy, kind, entityName: '' }),
      );
    }
    // TAXRECON_TIMINGS=1 prints where the time went (the benchmark reads it).
    if (process.env.TAXRECON_TIMINGS === '1') {
      const rows = book.length + taxBook.length;
      const engineSeconds = (reconciledAt - parsedAt) / 1000;
      io.stderr(
        `timings: read and parse ${((parsedAt - startedAt) / 1000).toFixed(2)} s; engine ${engineSeconds.toFixed(2)} s for ${rows} rows (${Math.round(rows / engineSeconds)} rows/s); write ${((performance.now() - reconciledAt) / 1000).toFixed(2)} s\n`,
      );
    }
    const c = result.summary.categories;
    io.stderr(
      `${kind} ${fy}: ${result.summary.parties} parties: ${c.fullMatches} fully matched, ${c.partialMatches} partly, ${c.missingFromTaxBook} missing from 26AS, ${c.missingFromSales} missing from the book; ${report.matches.length} matches; ${report.unresolved.length} rows unresolved; ${rejected.length} rows rejected\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      io.stderr(`taxrecon reconcile: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
};

const parseOptions = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      fy: { type: 'string' },
      book: { type: 'string', multiple: true },
      '26as': { type: 'string', multiple: true },
      customers: { type: 'string' },
      mapping: { type: 'string' },
      password: { type: 'string' },
      mode: { type: 'string' },
      tolerance: { type: 'string' },
      'tolerance-total': { type: 'string' },
      'tolerance-amount-total': { type: 'string' },
      out: { type: 'string' },
      xlsx: { type: 'string' },
    },
  });
  const which = positionals[0]?.toLowerCase();
  if (which !== 'tds' && which !== 'tcs') throw new Error('say which reconciliation: tds or tcs');
  if (!values.fy || !isFinancialYear(values.fy))
    throw new Error('--fy must be a financial year such as 2024-25');
  if (!values.book?.length) throw new Error('at least one --book file is needed');
  if (!values['26as']?.length) throw new Error('at least one --26as file is needed');
  if (!values.out) throw new Error('--out result.json is needed');
  if (values.mode && !MODES.includes(values.mode as MatchMode))
    throw new Error(`--mode must be one of ${MODES.join(', ')}`);
  return { kind: which === 'tds' ? ('TDS' as const) : ('TCS' as const), values };
};
