// Big, realistic ingest files for the benchmark: a Form 26AS text file with
// N Part I transactions over 20,000 deductors and a sales register (.txt,
// tab-separated) with N rows over the same 20,000 customers, one invoice per
// credit, so the pair can be reconciled too. Written as streams with
// backpressure: memory stays flat whatever N is.
//
//   npx tsx apps/server/bench/generate-ingest-files.ts --rows 1000000 --out DIR
//       [--deductors 20000] [--big 0] [--seed 1] [--verify]
//
// --big K gives the first K deductors a third of the rows between them (the
// few large customers of a real book); the rest share the others evenly.
//
// --verify reads both files back with @taxrecon/formats (streaming) and
// reports rows/s. Deterministic: the same arguments give the same bytes.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createRowMapper,
  emptyPartsAfterTcs,
  emptyPartsBeforeTcs,
  type FileIssue,
  guessMapping,
  NO_TRANSACTIONS,
  PART_HEADINGS,
  parse26asStream,
  partyHeaderLine,
  partyLine,
  SALES_FIELDS,
  statementHeaderLines,
  streamTable,
  transactionHeaderLine,
  transactionLine,
} from '@taxrecon/formats';
import { formatIndianRupees, formatRupees } from '@taxrecon/shared';
import {
  addDays,
  dayNumber,
  isoFromDayNumber,
  quarterEnd,
  tallyDate,
  taxAt,
} from '../src/features/demo/format.ts';
import { gstinFor } from '../src/features/demo/identifiers.ts';
import { HOME_STATE_CODE, PLACES } from '../src/features/demo/places.ts';
import { createRandom } from '../src/features/demo/random.ts';
import { SALES_REGISTER_HEADERS } from '../src/features/demo/registers.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    out: { type: 'string', default: join(tmpdir(), 'taxrecon-bench') },
    deductors: { type: 'string', default: '20000' },
    big: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    verify: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const SEED = Number(args.seed);
// TANs and PANs carry the deductor's number in their digits: at most 99,999.
const DEDUCTORS = Math.min(Number(args.deductors), ROWS, 99_999);
const BIG = Number(args.big);
if (
  !Number.isSafeInteger(ROWS) ||
  ROWS < 1 ||
  !Number.isSafeInteger(DEDUCTORS) ||
  DEDUCTORS < 1 ||
  !Number.isSafeInteger(BIG) ||
  BIG < 0 ||
  BIG >= DEDUCTORS
) {
  console.error(
    'usage: generate-ingest-files.ts --rows N --out DIR [--deductors N] [--big K] [--seed N] [--verify]',
  );
  process.exit(2);
}
const PAN = 'AABCZ3704L';
const FY_START = 2024;
const FY_FROM = `${FY_START}-04-01`;
const FY_TO = `${FY_START + 1}-03-31`;

// Lines are gathered into ~1 MB chunks; a full stream buffer is awaited.
class LineWriter {
  private parts: string[] = [];
  private pending = 0;
  bytes = 0;
  constructor(private readonly stream: WriteStream) {}
  push(...lines: string[]): void {
    for (const line of lines) {
      this.parts.push(line);
      this.pending += line.length + 2;
    }
  }
  get full(): boolean {
    return this.pending >= 1 << 20;
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = `${this.parts.join('\r\n')}\r\n`;
    this.parts = [];
    this.pending = 0;
    this.bytes += Buffer.byteLength(chunk);
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

// Identity of deductor p, from p alone: unique names, TANs and PANs.
const FIRST = ['AADI', 'BHAVYA', 'CHETAK', 'DHRUV', 'EKTA', 'GAURI', 'HARSH', 'INDRA', 'JYOTI', 'KIRAN'];
const SECOND = ['SAGAR', 'PARVAT', 'VAYU', 'AGNI', 'PRITHVI', 'AKASH', 'SURYA', 'CHANDRA', 'TARA', 'MEGH'];
const TRADE = ['SOFTWARE', 'PHARMA', 'TEXTILES', 'LOGISTICS', 'FOODS', 'MOTORS', 'ENERGY', 'FINANCE'];
const FORM = ['PRIVATE LIMITED', 'LIMITED', 'INDUSTRIES PRIVATE LIMITED', 'SOLUTIONS LLP', 'AND COMPANY'];
const CITIES = Object.values(PLACES);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Deductor {
  name: string;
  bookName: string;
  tan: string;
  pan: string;
  gstin: string;
  city: (typeof CITIES)[number];
  section: '194J' | '194C';
  rateBasisPoints: number;
  groupedAmounts: boolean;
}

const deductor = (p: number, random: ReturnType<typeof createRandom>): Deductor => {
  let k = p;
  const pickOf = <T>(list: readonly T[]): T => {
    const item = list[k % list.length]!;
    k = Math.floor(k / list.length);
    return item;
  };
  const form = pickOf(FORM);
  const name =
    `${pickOf(FIRST)} ${pickOf(SECOND)} ${pickOf(TRADE)} ${form} ${Math.floor(p / 4000) || ''}`.trim();
  const city = CITIES[p % CITIES.length]!;
  const holder = form.endsWith('LLP') || form.endsWith('COMPANY') ? 'F' : 'C';
  const high = Math.floor(p / 10_000);
  const pan = `${LETTERS[Math.floor(high / 676) % 26]}${LETTERS[Math.floor(high / 26) % 26]}${LETTERS[high % 26]}${holder}${name[0]}${String(p % 10_000).padStart(4, '0')}${random.letter()}`;
  const contractor = p % 5 === 4;
  return {
    name,
    bookName: name.replace('PRIVATE LIMITED', 'Pvt Ltd').replace('LIMITED', 'Ltd'),
    tan: `${city.tanPrefix}${name[0]}${String(p).padStart(5, '0')}${random.letter()}`,
    pan,
    gstin: gstinFor(city.stateCode, pan),
    city,
    section: contractor ? '194C' : '194J',
    rateBasisPoints: contractor ? 200 : 1000,
    groupedAmounts: p % 10 === 3,
  };
};

const firstDay = dayNumber(FY_FROM);
const yearDays = dayNumber(FY_TO) - firstDay + 1;
// Date texts for every day of the year and the months after it, computed once.
const days = Array.from({ length: yearDays + 120 }, (_, i) => isoFromDayNumber(firstDay + i));
const tallyText = days.map(tallyDate);
// Statements are processed some weeks after the quarter ends.
const quarterEndDay = days.map((iso) => dayNumber(quarterEnd(iso)) - firstDay);
const bookingDay = (day: number, random: ReturnType<typeof createRandom>): number =>
  quarterEndDay[day]! + random.int(30, 70);

const generate = async (dir: string): Promise<{ statement: string; register: string; bytes: number[] }> => {
  mkdirSync(dir, { recursive: true });
  const statementPath = join(dir, `26as-${ROWS}.txt`);
  const registerPath = join(dir, `sales-register-${ROWS}.txt`);
  const statement = new LineWriter(createWriteStream(statementPath));
  const register = new LineWriter(createWriteStream(registerPath));
  const random = createRandom(SEED);

  for (const line of statementHeaderLines({
    fileCreationDate: addDays(FY_TO, 89),
    pan: PAN,
    financialYearStart: FY_START,
    name: 'ZEDEX TECHNOLOGIES PRIVATE LIMITED',
    address: ['OFFICE 402, ZEDEX HOUSE', 'BANER ROAD', '', 'BANER', 'PUNE'],
    state: 'MAHARASHTRA',
    pin: '411045',
  }))
    statement.push(line);
  statement.push(PART_HEADINGS.I, partyHeaderLine('TDS'));
  register.push(SALES_REGISTER_HEADERS.join('\t'));

  // Rows per deductor: even, or with --big a third of them to the first K.
  const bigRows = BIG > 0 ? Math.floor(ROWS / 3) : 0;
  const rowsFor = (from: number, to: number, total: number) => (p: number) =>
    Math.floor(total / (to - from)) + (p - from < total % (to - from) ? 1 : 0);
  const bigCount = rowsFor(0, BIG, bigRows);
  const smallCount = rowsFor(BIG, DEDUCTORS, ROWS - bigRows);
  let voucher = 0;
  for (let p = 0; p < DEDUCTORS; p++) {
    const d = deductor(p, random);
    const count = p < BIG ? bigCount(p) : smallCount(p);
    const typicalFee = 20_000 + (p % 97) * 2_500;
    const rows = [];
    for (let i = 0; i < count; i++) {
      const invoiceDay = random.int(0, yearDays - 1);
      const amount = Math.round((typicalFee * (0.6 + 0.8 * random.next())) / 50) * 5_000;
      const roll = random.next();
      // Mostly final; a few unmatched (no booking date) and provisional.
      const status = roll < 0.98 ? 'F' : roll < 0.99 ? 'U' : 'P';
      rows.push({
        invoiceDay,
        creditDay: Math.min(invoiceDay + random.int(0, 20), yearDays - 1),
        amount,
        status,
      });
    }
    rows.sort((a, b) => a.creditDay - b.creditDay);
    let totalAmount = 0;
    let totalTax = 0;
    const lines: string[] = [];
    const local = d.city.stateCode === HOME_STATE_CODE;
    let serial = 0;
    rows.forEach((r) => {
      const tax = taxAt(r.amount, d.rateBasisPoints);
      // Planted mismatches for reconciliation to find: about 1 in 100 credits
      // is short by Rs 7, 1 in 200 has no invoice, 1 in 200 invoice no credit.
      const plant = random.next();
      const credited = plant < 0.01 ? tax - 700 : tax;
      const withCredit = !(plant >= 0.01 && plant < 0.015);
      const withInvoice = !(plant >= 0.015 && plant < 0.02);
      if (withCredit) {
        totalAmount += r.amount;
        totalTax += credited;
        serial++;
        lines.push(
          transactionLine(
            serial,
            {
              section: d.section,
              date: days[r.creditDay]!,
              status: r.status,
              bookingDate: r.status === 'U' ? null : days[bookingDay(r.creditDay, random)]!,
              remarks: null,
              amount: r.amount,
              tax: credited,
              deposited: credited,
            },
            d.groupedAmounts,
          ),
        );
      }
      if (!withInvoice) return;
      const cgst = local ? taxAt(r.amount, 900) : 0;
      const igst = local ? 0 : taxAt(r.amount, 1800);
      const money = (x: number): string => (x === 0 ? '' : formatIndianRupees(x));
      voucher++;
      register.push(
        [
          tallyText[r.invoiceDay],
          d.bookName,
          'Sales',
          `BR/24-25/${voucher}`,
          '',
          d.gstin,
          d.pan,
          d.tan,
          `C${p + 1}`,
          d.city.city,
          d.city.region,
          money(r.amount),
          money(cgst),
          money(cgst),
          money(igst),
          money(r.amount + 2 * cgst + igst),
          d.section,
          `${d.rateBasisPoints / 100}%`,
          formatRupees(tax),
        ].join('\t'),
      );
    });
    statement.push(
      partyLine(
        p + 1,
        d.name,
        d.tan,
        { amount: totalAmount, tax: totalTax, deposited: totalTax },
        d.groupedAmounts,
      ),
      transactionHeaderLine('TDS'),
      ...lines,
    );
    if (statement.full) await statement.flush();
    if (register.full) await register.flush();
  }
  for (const line of [...emptyPartsBeforeTcs(), PART_HEADINGS.VI, NO_TRANSACTIONS, ...emptyPartsAfterTcs()])
    statement.push(line);
  await Promise.all([statement.close(), register.close()]);
  return { statement: statementPath, register: registerPath, bytes: [statement.bytes, register.bytes] };
};

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const perSecond = (rows: number, ms: number): string =>
  `${Math.round(rows / (ms / 1000)).toLocaleString('en-IN')} rows/s`;
const peakRss = (): string => `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;

const verify = async (statementPath: string, registerPath: string): Promise<void> => {
  let t = performance.now();
  const parsed = await parse26asStream(createReadStream(statementPath), '26as.txt');
  const issues: FileIssue[] = [...parsed.errors, ...parsed.warnings];
  console.log(
    `  parse26asStream: ${parsed.transactionCount.toLocaleString('en-IN')} transactions, ${parsed.tds?.parties.length} deductors, ${issues.length} issues, ${perSecond(parsed.transactionCount, performance.now() - t)}`,
  );
  t = performance.now();
  const table = await streamTable(createReadStream(registerPath), 'sales.txt', { delimiter: '\t' });
  const { mapping } = guessMapping(table.headers, SALES_FIELDS);
  const mapRow = createRowMapper(table, mapping, SALES_FIELDS, issues);
  let rows = 0;
  let bad = 0;
  for await (const record of table.rows) {
    const r = mapRow(record);
    if (r.kind === 'row') rows++;
    else if (r.kind === 'error') bad++;
  }
  console.log(
    `  streamTable + createRowMapper: ${rows.toLocaleString('en-IN')} sales rows, ${bad} bad, ${issues.length} issues in all, ${perSecond(rows, performance.now() - t)}`,
  );
  for (const i of issues.slice(0, 5)) console.log(`    ${i.file}:${i.line} ${i.code} ${i.message}`);
  if (parsed.transactionCount !== ROWS || rows !== ROWS || bad > 0 || issues.length > 0) process.exitCode = 1;
};

const started = performance.now();
const out = await generate(args.out);
const ms = performance.now() - started;
console.log(
  `generated ${ROWS.toLocaleString('en-IN')} rows over ${DEDUCTORS.toLocaleString('en-IN')} deductors in ${(ms / 1000).toFixed(2)} s (${perSecond(2 * ROWS, ms)} written), peak RSS ${peakRss()}`,
);
console.log(`  ${out.statement}  ${mb(out.bytes[0]!)}`);
console.log(`  ${out.register}  ${mb(out.bytes[1]!)}`);
if (args.verify) {
  await verify(out.statement, out.register);
  console.log(`  peak RSS after verify ${peakRss()}`);
}
