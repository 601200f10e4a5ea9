// Generates the files of a year of TDS payable at scale (seeded, so every run
// is the same): a vendor master of V vendors (companies, individuals, firms,
// some without a PAN, some 206AB, some non-resident), vendor section
// mappings (exemptions and LDCs), an expense section mapping of GL codes, and
// a ledger of N lines over 12 months, with short and missing deductions,
// threshold crossings and unmapped GL codes planted.
//   npx tsx apps/server/bench/generate-payable-files.ts --lines 1000000 --vendors 20000 --out DIR
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    vendors: { type: 'string', default: '20000' },
    out: { type: 'string', default: 'scratch/payable' },
  },
});
const lines = Number(values.lines);
const vendorCount = Number(values.vendors);
const out = values.out as string;
fs.mkdirSync(out, { recursive: true });

// mulberry32: small, fast, seeded.
let seed = 20_240_401;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pan = (holder: string, i: number) =>
  `${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}${letters[Math.floor(i / 676) % 26]}${holder}${letters[(i * 7) % 26]}${String(i % 10_000).padStart(4, '0')}${letters[(i * 3) % 26]}`;

const GLS = [
  ['410100', '194J', 'b'],
  ['410200', '194J', 'a'],
  ['420100', '194C', ''],
  ['420200', '194C', ''],
  ['430100', '194H', ''],
  ['440100', '194I', 'b'],
  ['440200', '194I', 'a'],
  ['450100', '194Q', ''],
  ['460100', '194A', ''],
] as const;

const vendorLines = [
  'vendorCode\tvendorName\tpanNumber\tvendorType\tresident\tcompliance206AB\taadhaarPanLink',
];
const sectionLines = [
  'vendorCode\tsectionNumber\tsubSection\ttdsExempted\tltdcApplied\tltdcPercentage\tltdcAmount\tltdcFromDate\tltdcToDate',
];
for (let i = 0; i < vendorCount; i++) {
  const r = random();
  const holder = r < 0.45 ? 'C' : r < 0.8 ? 'P' : r < 0.9 ? 'F' : 'T';
  const noPan = random() < 0.02;
  vendorLines.push(
    [
      `V${String(i).padStart(6, '0')}`,
      `Vendor ${i}`,
      noPan ? '' : pan(holder, i),
      holder === 'C' ? 'Company' : 'Personal',
      random() < 0.005 ? 'False' : 'True',
      random() < 0.01 ? 'True' : 'False',
      random() < 0.01 ? 'Inoperative' : 'Operative',
    ].join('\t'),
  );
  const mappingRoll = random();
  if (mappingRoll < 0.01)
    sectionLines.push(
      `V${String(i).padStart(6, '0')}\t194J\tb\tFalse\tTrue\t2\t5,00,000.00\t01-04-2024\t31-03-2025`,
    );
  else if (mappingRoll < 0.02)
    sectionLines.push(`V${String(i).padStart(6, '0')}\t194C\t\tTrue\tFalse\t\t\t\t`);
}
fs.writeFileSync(path.join(out, 'vendors.txt'), `${vendorLines.join('\r\n')}\r\n`);
fs.writeFileSync(path.join(out, 'vendor-sections.txt'), `${sectionLines.join('\r\n')}\r\n`);
fs.writeFileSync(
  path.join(out, 'expense-sections.txt'),
  `expenseKey\texpenseDescription\tsectionNumber\tsubSection\n${GLS.map(([gl, s, sub]) => `${gl}\tGL ${gl}\t${s}\t${sub}`).join('\n')}\n`,
);

const RATE: Record<string, number> = {
  '194J': 10,
  '194C': 2,
  '194H': 2,
  '194I': 10,
  '194Q': 0.1,
  '194A': 10,
};
const header =
  'glCode\tdocumentNumber\tdocumentDate\tpostingDate\tbaseAmount\ttdsAmount\tvendorCode\tpanNo\ttanNumber\tdocumentDescription\n';
const stream = fs.openSync(path.join(out, 'ledger.txt'), 'w');
fs.writeSync(stream, header);
let chunk: string[] = [];
for (let n = 0; n < lines; n++) {
  const month = Math.floor((n / lines) * 12);
  const year = month < 9 ? 2024 : 2025;
  const m = ((month + 3) % 12) + 1;
  const date = `${String(1 + Math.floor(random() * 28)).padStart(2, '0')}-${String(m).padStart(2, '0')}-${year}`;
  // Many small parties: vendors follow a skewed distribution.
  const v = Math.floor(vendorCount * random() ** 2);
  const glRoll = random();
  const [gl, section] = glRoll < 0.005 ? ['999999', '194J'] : pick(GLS);
  const base = Math.round((500 + random() * (random() < 0.1 ? 4_00_000 : 40_000)) * 100);
  const planted = random();
  const due = Math.round((base * (RATE[section] ?? 10)) / 100);
  const tds = planted < 0.05 ? 0 : planted < 0.08 ? Math.round(due * 0.8) : due;
  chunk.push(
    `${gl}\tDOC${n}\t${date}\t${date}\t${(base / 100).toFixed(2)}\t${(tds / 100).toFixed(2)}\tV${String(v).padStart(6, '0')}\t\tPNEA00001A\tExpense ${gl}`,
  );
  if (chunk.length === 10_000) {
    fs.writeSync(stream, `${chunk.join('\n')}\n`);
    chunk = [];
  }
}
if (chunk.length) fs.writeSync(stream, `${chunk.join('\n')}\n`);
fs.closeSync(stream);
