import { PassThrough, Writable } from 'node:stream';
import { DOWNLOAD_ACTIONS, type ReportScope } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import type { AppContext } from '../../../platform/context.ts';
import type { FileStore } from '../../../platform/storage/file-store.ts';
import { rebuildResult } from '../matching/rebuild.ts';
import type { RunView } from '../runs/runs.ts';
import { buildPartiesSummaryXlsx } from './parties-xlsx.ts';
import { partiesCsv, partiesInScope, rowCsv, summaryCsv, unresolvedCsv } from './report-csv.ts';
import { buildReconReportXlsx } from './report-xlsx.ts';

// The files of a reconciliation report: CSV tables of the summary, the
// parties, both books' rows with what became of them, the rows not
// considered, and the auditor's xlsx. Rows are read a block of parties at a
// time, so a report of a million rows streams into its zip.

// The xlsx holds every row on its sheets; beyond this many it is left out (Excel's sheets end at about a million rows).
export const XLSX_MAX_TRANSACTIONS = 200_000;

export interface ReportEntry {
  name: string;
  content: AsyncIterable<string> | Uint8Array;
}

export const reportEntries = async (
  ctx: AppContext,
  run: RunView,
  scope: ReportScope,
): Promise<ReportEntry[]> => {
  const parties = await partiesInScope(ctx, run, scope);
  const actions =
    scope.kind === 'customer' && scope.actions && scope.actions.length > 0
      ? scope.actions.filter((a) => (DOWNLOAD_ACTIONS as readonly string[]).includes(a) || a === 'Matched')
      : null;
  const book = run.kind === 'TDS' ? 'sales-book.csv' : 'purchase-book.csv';
  const entries: ReportEntry[] = [];
  if (scope.kind === 'parties') {
    entries.push({ name: 'summary.xlsx', content: await buildPartiesSummaryXlsx(parties, run.kind) });
    if (scope.summaryOnly) return entries;
  }
  if (scope.kind === 'job') entries.push({ name: 'summary.csv', content: summaryCsv(ctx, run) });
  entries.push(
    { name: run.kind === 'TDS' ? 'customers.csv' : 'vendors.csv', content: partiesCsv(parties, run.kind) },
    { name: book, content: rowCsv(ctx, run, parties, 'B', actions) },
    { name: '26as.csv', content: rowCsv(ctx, run, parties, 'T', actions) },
  );
  if (scope.kind === 'job') entries.push({ name: 'not-considered.csv', content: unresolvedCsv(ctx, run) });
  const transactions = parties.reduce((n, p) => n + p.book_rows + p.tb_rows, 0);
  if (scope.kind === 'job' && transactions <= XLSX_MAX_TRANSACTIONS) {
    // The auditor's workbook, the one the command line writes, from the stored result.
    const entity = await ctx.db
      .selectFrom('legal_entities')
      .select('name')
      .where('id', '=', run.entity_id)
      .executeTakeFirst();
    const xlsx = await buildReconReportXlsx(await rebuildResult(ctx, run), {
      financialYear: run.financial_year as FinancialYear,
      kind: run.kind,
      entityName: entity?.name ?? '',
    });
    entries.push({ name: 'reconciliation-report.xlsx', content: new Uint8Array(xlsx) });
  }
  return entries;
};

const encoder = new TextEncoder();

const streamOf = (content: AsyncIterable<string> | Uint8Array): ReadableStream<Uint8Array> => {
  if (content instanceof Uint8Array) {
    return new ReadableStream({
      start(controller) {
        controller.enqueue(content);
        controller.close();
      },
    });
  }
  const iterator = content[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
};

export const zipInMemory = async (entries: ReportEntry[]): Promise<Uint8Array> => {
  const zip = new ZipWriter(new Uint8ArrayWriter());
  for (const e of entries) await zip.add(e.name, streamOf(e.content));
  return zip.close();
};

// Streams the zip into the file store under `key`; answers its size.
export const zipToStore = async (entries: ReportEntry[], store: FileStore, key: string): Promise<number> => {
  const out = new PassThrough();
  const stored = store.put(key, out);
  try {
    const zip = new ZipWriter(Writable.toWeb(out) as WritableStream<Uint8Array>);
    for (const e of entries) await zip.add(e.name, streamOf(e.content));
    await zip.close();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
  return stored;
};
