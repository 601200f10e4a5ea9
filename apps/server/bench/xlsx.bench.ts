// npm run bench:xlsx [-- --rows 200000] [--pg postgres://postgres@127.0.0.1:5432] [--uploads-only]
//
// Reading a sales register saved as .xlsx (what an accountant exports from
// Excel or Tally): N rows with real date cells and numeric amounts, made
// once from the ingest benchmark's text register. Each reader runs in its
// own process, for its own peak RSS:
//   1. streamXlsxTable, as register ingest reads an .xlsx since session 22
//      (formats/registers/xlsx-stream.ts), rows counted as they come;
//   2. readTable, as the other uploads (masters, challans) read one
//      (formats/registers/xlsx-sheet.ts), every row held;
//   3. for comparison, ExcelJS's whole-workbook loader, which ingest used
//      until session 21 (not run above 300,000 rows: it runs out of heap);
//   4. the upload of the workbook to the app as a sales register, to the
//      ingest job's end, on the embedded database (and PostgreSQL with --pg).
// readTable refuses a sheet part that expands past 256 MB (zip-limits.ts),
// about 350,000 rows of this register; the streamed reader takes 2 GB.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readTable, streamXlsxTable } from '@taxrecon/formats';
import ExcelJS from 'exceljs';
import { startBenchServer, uploadAndWait, withScratchDatabase } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    pg: { type: 'string' },
    // only the uploads (4.), not the readers on their own
    'uploads-only': { type: 'boolean', default: false },
    // internal: run one reader in this process
    measure: { type: 'string' },
  },
});
const rows = Number(values.rows);
// compiled by run-compiled.mjs (as `taxrecon serve` runs), its own files stay beside its source
const benchDir = process.env.TAXRECON_BENCH_DIR ?? import.meta.dirname;
const root = path.resolve(benchDir, '../../..');
const dir = path.join(os.tmpdir(), `taxrecon-bench-xlsx-${rows}`);
const register = path.join(dir, `sales-register-${rows}.txt`);
const workbook = path.join(dir, `sales-register-${rows}.xlsx`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// "2-Apr-2024" -> a UTC date, as Excel keeps a day
const dayOf = (text: string): Date | null => {
  const m = /^(\d{1,2})-([A-Z][a-z]{2})-(\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  return m && month >= 0 ? new Date(Date.UTC(Number(m[3]), month, Number(m[1]))) : null;
};

const makeWorkbook = async () => {
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(register)) {
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(benchDir, 'generate-ingest-files.ts'), '--rows', String(rows), '--out', dir],
      { stdio: 'inherit' },
    );
  }
  const lines = fs.readFileSync(register, 'utf8').split(/\r?\n/);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: workbook, useSharedStrings: true });
  const sheet = writer.addWorksheet('Sales Register');
  const header = lines[0]!.split('\t');
  const amounts = new Set(
    header.flatMap((h, i) => (/services|cgst|sgst|igst|total|tds on/i.test(h) ? [i] : [])),
  );
  sheet.addRow(header).commit();
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const cells: ExcelJS.CellValue[] = lines[i]!.split('\t').map((v, j) => {
      if (j === 0) return dayOf(v) ?? v;
      const n = Number(v.replace(/,/g, ''));
      return amounts.has(j) && v !== '' && Number.isFinite(n) ? n : v;
    });
    const row = sheet.addRow(cells);
    row.getCell(1).numFmt = 'd-mmm-yyyy';
    row.commit();
  }
  await writer.commit();
};

const READERS: Record<string, string> = {
  stream: 'streamXlsxTable (xlsx-stream.ts)',
  readTable: 'readTable (xlsx-sheet.ts)',
  exceljs: 'ExcelJS whole workbook',
};

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    return cellText(v.result ?? v.text);
  }
  return String(value);
};

if (values.measure) {
  const bytes = fs.readFileSync(workbook);
  const started = performance.now();
  let count = 0;
  if (values.measure === 'stream') {
    const table = await streamXlsxTable(bytes, path.basename(workbook));
    if (table.errors.length) throw new Error(table.errors[0]!.message);
    for await (const _ of table.rows) count++;
  } else if (values.measure === 'readTable') {
    const table = await readTable(bytes, path.basename(workbook));
    if (table.errors.length) {
      console.log(`  ${READERS.readTable}: refused: ${table.errors[0]!.message}`);
      process.exit(0);
    }
    count = table.rows.length;
  } else {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    book.worksheets[0]!.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      count++;
    });
    count--; // the header
  }
  const seconds = (performance.now() - started) / 1000;
  const rss = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `  ${READERS[values.measure] ?? values.measure}: ${count.toLocaleString('en-IN')} rows in ${seconds.toFixed(1)} s = ${Math.round(count / seconds).toLocaleString('en-IN')} rows/s, peak RSS ${rss} MB`,
  );
} else {
  if (!fs.existsSync(workbook)) {
    console.log(`writing ${rows.toLocaleString('en-IN')} register rows as ${workbook} ...`);
    await makeWorkbook();
  }
  console.log(
    `${path.basename(workbook)}: ${(fs.statSync(workbook).size / 1024 / 1024).toFixed(1)} MB, ${rows.toLocaleString('en-IN')} rows`,
  );
  for (const reader of values['uploads-only'] ? [] : Object.keys(READERS)) {
    if (reader === 'exceljs' && rows > 300_000) {
      console.log(`  ${READERS[reader]}: not run above 3,00,000 rows (it runs out of heap)`);
      continue;
    }
    const run = spawnSync(
      process.execPath,
      [
        ...(import.meta.filename.endsWith('.mjs') ? [] : ['--import', 'tsx']),
        import.meta.filename,
        '--rows',
        String(rows),
        '--measure',
        reader,
      ],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) console.log(`  ${reader}: failed (exit ${run.status ?? run.signal})`);
  }
  await upload('embedded (PGlite)', null);
  if (values.pg) await withScratchDatabase(values.pg, (databaseUrl) => upload('PostgreSQL', databaseUrl));
}

// The workbook uploaded as a sales register, timed from the job's start to its end.
async function upload(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-bench-data-'));
  const bench = await startBenchServer(dataDir, databaseUrl);
  try {
    const { job, seconds } = await uploadAndWait(bench, '/ingest/sales-register', workbook, {
      financialYear: '2024-25',
    });
    const loaded = Number(job.transactions_count);
    console.log(
      `  ${label} upload as a sales register: ${loaded.toLocaleString('en-IN')} rows loaded in ${seconds.toFixed(1)} s = ${Math.round(loaded / seconds).toLocaleString('en-IN')} rows/s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
  } finally {
    await bench.server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
