import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BookRow,
  type MatchMode,
  type PartyMaster,
  type PartyResult,
  type ReconcileOptions,
  reconcile,
  type TaxBookRow,
} from '@taxrecon/engine';
import {
  type FileIssue,
  type Form26asResult,
  formatIssue,
  guessMapping,
  headerList,
  openTracesZip,
  readCustomerMapping,
  readCustomerMaster,
  readVendorMaster,
} from '@taxrecon/formats';
import { append, type FinancialYear, isFinancialYear, parseRupees } from '@taxrecon/shared';
import { openRecords } from '../features/ingest/open-records.ts';
import {
  customerParties,
  mappingEntries,
  vendorParties,
} from '../features/reconciliation/matching/engine-input.ts';
import { type KeyedLines, keyedText } from '../features/reconciliation/matching/keyed-lines.ts';
import { PartyStreamedComputation } from '../features/reconciliation/matching/party-streamed-compute.ts';
import { decodeBookRows, decodeTaxBookRows } from '../features/reconciliation/matching/source-rows.ts';
import { cutRegisterFile, isBigFile, readHead } from '../lib/register-cut.ts';
import {
  parsingPool,
  read26asForReconcile,
  run26asTasks,
  statementFileTasks,
} from '../lib/statement-read.ts';
import { poolSize } from '../lib/worker-pool.ts';
import { bookFields } from '../parsing/book-rows.ts';
import type { ParseTask } from '../parsing/parse-chunk.ts';
import { cannotRead, checkOutput, type Io, readInput, readReference, readShared, Stop } from './io.ts';
import { type FilePieces, readBookRows } from './register-read.ts';
import { type ResultCounts, ResultJsonWriter, writeResultJson } from './result-json.ts';
import { RECONCILE_USAGE } from './usage.ts';

const SPOOL_MEMORY_BYTES = 256 << 20;
// registers the parsing threads read from shared memory (others, workbooks
// above all, are read as any file is)
const SHARED_TEXT = /\.(txt|csv|tsv)$/i;

const headOf = (file: string): Uint8Array => {
  try {
    return readHead(file);
  } catch (error) {
    throw cannotRead(file, error);
  }
};
const piecesOf = (file: string, fileName: string, headerLine: number): FilePieces | null => {
  try {
    return cutRegisterFile(file, fileName, headerLine);
  } catch (error) {
    throw cannotRead(file, error);
  }
};

// A big statement's pieces as ranges of its file (lib/statement-read.ts), or
// null: not ASCII, or a file that cannot be read (the whole read tells that).
const statementTasks = (file: string, kind: 'TDS' | 'TCS'): ParseTask[] | null => {
  try {
    return statementFileTasks(file, path.basename(file), kind);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) return null;
    throw error;
  }
};

const MODES: readonly MatchMode[] = ['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly'];

const tolerance = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const value = parseRupees(text);
  if (value === null || value < 0)
    throw new Stop(`--${name} must be an amount in rupees, such as 10 or 0.50 (got ${text})`);
  return value;
};

export const reconcileCommand = async (args: string[], io: Io): Promise<number> => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${RECONCILE_USAGE}`);
    return 2;
  }
  const { kind, values } = parsed;
  const startedAt = performance.now();
  // Parsing threads (TAXRECON_THREADS=1: none), started at once when a file
  // is big enough to be cut into pieces, so that they load their code while
  // this thread reads the master and the files.
  const threads = poolSize() > 1 ? parsingPool() : null;
  if (threads && [...(values.book ?? []), ...(values['26as'] ?? [])].some((f) => isBigFile(f)))
    threads.warm();
  const pool = () => threads;
  let computation: PartyStreamedComputation | null = null;
  try {
    const fy = values.fy as FinancialYear;
    const rejected: { ref: string; reason: string }[] = [];

    for (const [option, file] of [
      ['out', values.out],
      ['xlsx', values.xlsx],
    ] as const)
      if (file) checkOutput(file, option);
    // the master and the mapping: a bad line is told and left out; a file of
    // which nothing could be read stops the run
    const warnReference = (issue: FileIssue) => io.stderr(`${formatIssue(issue)}\n`);
    const parties: PartyMaster[] = [];
    if (values.customers) {
      const master =
        kind === 'TDS'
          ? customerParties(await readReference(values.customers, readCustomerMaster, warnReference))
          : vendorParties(await readReference(values.customers, readVendorMaster, warnReference));
      append(parties, master);
    }
    const mappings = values.mapping
      ? mappingEntries(await readReference(values.mapping, readCustomerMapping, warnReference))
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

    // The rows arrive as lines (matching/source-rows.ts) and go straight into
    // the party-at-a-time computation the app's job runs: parties matched a
    // bucket at a time across threads, the year never held as row objects.
    // The workbook (--xlsx) is made from the whole result, so with it the
    // year is reconciled whole, from the same lines.
    computation = values.xlsx
      ? null
      : new PartyStreamedComputation(
          {
            scope: { jobId: `cli-${process.pid}-${randomUUID()}`, entityId: '', financialYear: fy },
            kind,
            financialYear: fy,
            options,
            parties,
            mappings,
            decisions: [],
            selected: null,
            batches: 1,
          },
          // Each side's rows stay in memory up to 256 MB (a 10 lakh row register's
          // lines are about 150 MB): the command line is not bounded as the
          // app's job is, and the disk cost its main thread a tenth of the run.
          // The parsing threads go on to match the buckets: two more threads
          // would each spend a fifth of a second loading the same code while
          // this one plans.
          { output: 'json', spoolMemoryBytes: SPOOL_MEMORY_BYTES, ...(threads ? { pool: threads } : {}) },
        );
    const whole = { book: [] as BookRow[], taxBook: [] as TaxBookRow[] };
    const counted = { book: 0, taxBook: 0, held: 0 };
    const heldBack: KeyedLines[] = [];
    const take = (side: 'book' | 'taxBook') => (lines: KeyedLines) => {
      if (computation) computation.inputKeyed(side, lines);
      else if (side === 'book') append(whole.book, decodeBookRows(keyedText(lines)));
      else append(whole.taxBook, decodeTaxBookRows(keyedText(lines)));
    };

    // The statements and the books are read side by side: both go to the
    // same parsing threads, so the register is opened and cut while the
    // statement is parsed, and neither waits for the other's last piece.
    // What each says is held and told afterwards in the order a reading one
    // after the other gives (statements first); the first to stop stops the run.
    const told = { statements: [] as string[], books: [] as string[] };
    const rejects = { statements: [] as typeof rejected, books: [] as typeof rejected };
    const issueOf = (file: string, line: number, message: string) => ({
      ref: `${path.basename(file)}:${line}`,
      reason: message,
    });

    // The first statement is read (or, read from its file by the threads,
    // cut) before the books are (read at once, both finished later, and the
    // threads had nothing to parse till then); the books are read while the
    // statement is parsed.
    let firstStatementRead = () => {};
    const statementRead = new Promise<void>((resolve) => {
      firstStatementRead = resolve;
    });

    // 26AS statements: Part I for TDS, Part VI for TCS; each must be for --fy.
    const readStatements = async () => {
      const warn = (issue: FileIssue) => told.statements.push(`${formatIssue(issue)}\n`);
      const taken = (lines: KeyedLines) => {
        counted.taxBook += lines.starts.length - 1;
        take('taxBook')(lines);
      };
      const told26as = (file: string, statement: Form26asResult) => {
        if (!statement.header?.financialYear)
          throw new Stop(`${file}: not a Form 26AS text file (no header with a financial year)`);
        if (statement.header.financialYear !== fy) {
          throw new Stop(`${file}: is the statement for ${statement.header.financialYear}, not ${fy}`);
        }
        for (const e of statement.errors) {
          warn(e);
          rejects.statements.push(issueOf(e.file, e.line, e.message));
        }
        for (const w of statement.warnings) warn({ ...w, message: `warning: ${w.message}` });
      };
      for (const file of values['26as'] ?? []) {
        const zipped = file.toLowerCase().endsWith('.zip');
        const big = threads !== null && !zipped && isBigFile(file);
        // A big ASCII statement's threads read their own pieces of the file
        // (lib/statement-read.ts); the books go on once it is cut (they run
        // when this first waits, the statement's first pieces posted).
        if (big) {
          firstStatementRead();
          const tasks = statementTasks(file, kind);
          if (tasks && threads) {
            told26as(file, await run26asTasks(threads, tasks, taken));
            continue;
          }
        }
        // any other is read whole (a big one's pieces go to the threads as text)
        const bytes = readInput(file);
        firstStatementRead();
        const texts: { name: string; data: Uint8Array }[] = [];
        if (zipped) {
          const opened = await openTracesZip(bytes, values.password ?? '');
          if (!opened.ok) throw new Stop(`${file}: ${opened.message}`);
          texts.push(...opened.files);
        } else texts.push({ name: path.basename(file), data: bytes });
        for (const text of texts)
          told26as(file, await read26asForReconcile(text.data, text.name, pool(), kind, taken));
      }
    };

    // The books: any register format; headers mapped by closest name. A big
    // text register is parsed in chunks across the machine's cores.
    const readBooks = async () => {
      const warn = (issue: FileIssue) => told.books.push(`${formatIssue(issue)}\n`);
      await statementRead;
      for (const file of values.book ?? []) {
        // A big text register's threads read their own pieces of it
        // (lib/register-cut.ts cutRegisterFile): only its head is read here,
        // for its headers. One with quotes, or not UTF-8, is read whole into
        // memory the parsing threads share.
        const fileName = path.basename(file);
        let ranges: FilePieces | null = null;
        let bytes: Uint8Array;
        if (threads && isBigFile(file) && SHARED_TEXT.test(file)) {
          const head = headOf(file);
          const opened = await openRecords({ fileId: file, fileName, bytes: head }, undefined);
          await opened.stop();
          ranges = piecesOf(file, fileName, opened.headerLine);
          bytes = ranges ? head : await readShared(file);
        } else bytes = readInput(file);
        // Streamed: a register of lakhs of rows is read a record at a time.
        const source = await openRecords({ fileId: file, fileName, bytes }, undefined);
        const fields = bookFields(kind);
        const { mapping } = guessMapping(source.headers, fields);
        const missing = fields.filter(
          (f) => f.required && (mapping as Record<string, number | undefined>)[f.key] === undefined,
        );
        if (missing.length) {
          throw new Stop(
            `${file}: its headers cannot be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')} (headers: ${headerList(source.headers)})`,
          );
        }
        const reject = (e: FileIssue) => {
          warn(e);
          rejects.books.push(issueOf(e.file, e.line, e.message));
        };
        source.errors.forEach(reject);
        const shape = {
          file: path.basename(file),
          headers: source.headers,
          headerLine: source.headerLine,
          mapping: mapping as Record<string, number | undefined>,
        };
        const read = await readBookRows(bytes, source, shape, kind, fy, pool(), take('book'), ranges);
        read.rejects.forEach(reject);
        for (const w of read.warnings) warn({ ...w, message: `warning: ${w.message}` });
        if (read.total > 0 && read.rows + read.heldRows === 0)
          throw new Stop(`${file}: has no rows dated in ${fy}`);
        counted.book += read.rows;
        counted.held += read.heldRows;
        append(heldBack, read.held);
      }
    };

    const [statements, books] = await Promise.allSettled([
      readStatements().finally(firstStatementRead),
      readBooks(),
    ]);
    for (const [said, done, held] of [
      [told.statements, statements, rejects.statements],
      [told.books, books, rejects.books],
    ] as const) {
      for (const line of said) io.stderr(line);
      if (done.status === 'rejected') throw done.reason;
      append(rejected, held);
    }
    // TCS: bills without TCS have nothing to find in Part VI, so they are left
    // out when any bill of the books bears TCS; books with none at all are
    // matched on purchase value (the app's job decides so: source-read.ts tcsBookScope).
    let billsWithoutTcs = counted.held;
    if (counted.book === 0) {
      for (const lines of heldBack) take('book')(lines);
      counted.book = counted.held;
      billsWithoutTcs = 0;
    }
    heldBack.length = 0;
    // the parsing threads are done; without the party-at-a-time computation
    // (which matches in them) they are not needed again
    if (!computation) await threads?.close();

    const parsedAt = performance.now();
    const heapAfterParse = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
    let written: ResultCounts;
    let summary: { parties: number; categories: Record<PartyResult['category'], number> };
    // the party-at-a-time computation's own stages, in milliseconds (for TAXRECON_TIMINGS)
    let stages: Record<string, number> = {};
    let reconciledAt: number;
    if (computation) {
      await computation.computeInThreads(() => {});
      reconciledAt = performance.now();
      const writer = new ResultJsonWriter(values.out as string, fy);
      try {
        for (;;) {
          const batch = await computation.nextBatch();
          if (batch.json) writer.add(batch.json);
          if (batch.last) {
            const stats = batch.summary?.stats;
            summary = { parties: stats?.parties ?? 0, categories: stats?.categories ?? noCategories() };
            stages = batch.summary?.timings ?? {};
            break;
          }
        }
      } catch (error) {
        writer.close();
        throw error;
      }
      written = writer.finish(rejected);
      computation = null;
    } else {
      const result = reconcile(
        { kind, financialYear: fy, book: whole.book, taxBook: whole.taxBook, parties, mappings },
        options,
      );
      reconciledAt = performance.now();
      written = writeResultJson(values.out as string, result, rejected);
      summary = { parties: result.summary.parties, categories: result.summary.categories };
      // loaded only when asked for: ExcelJS alone takes a second to load
      const { buildReconReportXlsx } = await import('../features/reconciliation/reports/report-xlsx.ts');
      fs.writeFileSync(
        values.xlsx as string,
        await buildReconReportXlsx(result, { financialYear: fy, kind, entityName: '' }),
      );
    }
    // TAXRECON_TIMINGS=1 prints where the time went (the benchmark reads it).
    // A party at a time, matching and writing go together: "engine" is the
    // plan and the sort into buckets, "write" the matching and the writing.
    if (process.env.TAXRECON_TIMINGS === '1') {
      const rows = counted.book + counted.taxBook;
      const engineSeconds = (reconciledAt - parsedAt) / 1000;
      const heap = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
      io.stderr(`memory: heap after parse ${heapAfterParse} MB, at the end ${heap} MB\n`);
      // the bucket stages are summed over the threads that matched the buckets
      const s = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(2)} s`;
      if (computation === null && stages.plan !== undefined) {
        io.stderr(
          `stages: rows taken in ${s(stages.decode)}, plan ${s(stages.plan)}, sort into buckets ${s(stages.route)}${stages.parts ? ` (by the threads, in ${stages.parts} parts)` : ''}; in the threads: buckets read ${s(stages.load)}, matched ${s(stages.match)}, written ${s(stages.encode)}\n`,
        );
      }
      io.stderr(
        `timings: read and parse ${((parsedAt - startedAt) / 1000).toFixed(2)} s; ${values.xlsx ? 'engine' : 'plan'} ${engineSeconds.toFixed(2)} s for ${rows} rows; ${values.xlsx ? 'write' : 'match and write'} ${((performance.now() - reconciledAt) / 1000).toFixed(2)} s\n`,
      );
    }
    const c = summary.categories;
    io.stderr(
      `${kind} ${fy}: ${summary.parties} parties: ${c.fullMatches} fully matched, ${c.partialMatches} partly, ${c.missingFromTaxBook} missing from 26AS, ${c.missingFromSales} missing from the book; ${written.matches} matches; ${written.unresolved} rows unresolved; ${rejected.length} rows rejected${billsWithoutTcs ? `; ${billsWithoutTcs} bills without TCS left out` : ''}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      io.stderr(`taxrecon reconcile: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    computation?.abandon();
    await threads?.close();
  }
};

const noCategories = (): Record<PartyResult['category'], number> => ({
  fullMatches: 0,
  partialMatches: 0,
  missingFromTaxBook: 0,
  missingFromSales: 0,
});

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
