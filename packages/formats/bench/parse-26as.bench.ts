// Throughput of the 26AS parser on a generated statement.
//   npx tsx packages/formats/bench/parse-26as.bench.ts [transactions]
import { parse26asStream, parse26asText } from '../src/form-26as/parse.ts';

const TRANSACTIONS = Number(process.argv[2] ?? 1_000_000);
const PER_PARTY = 50;
const MONTHS = ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar'];

const generate = (count: number): string => {
  const lines = [
    '^Annual Tax Statement^',
    'File Creation Date^Permanent Account Number (PAN)^Current Status of PAN^Financial Year^Assessment Year^Name of Assessee',
    '12-06-2025^AAACZ9999Z^ACTIVE AND OPERATIVE^2024-2025^2025-2026^ZEDEX SAMPLE PRIVATE LIMITED',
    '^PART-I - Details of Tax Deducted at Source^',
    'Sr. No.^Name of Deductor^TAN of Deductor^^^^^Total Amount Paid / Credited(Rs.)^Total Tax Deducted(Rs.)^Total TDS Deposited(Rs.)',
  ];
  for (let p = 0; p * PER_PARTY < count; p++) {
    const n = Math.min(PER_PARTY, count - p * PER_PARTY);
    const amount = 12345.67 + p;
    const total = (x: number): string => ((Math.round(x * 100) * n) / 100).toFixed(2);
    lines.push(
      `${p + 1}^CUSTOMER ${p} PRIVATE LIMITED^PNEA${String(p % 100000).padStart(5, '0')}A^^^^^${total(amount)}^${total(amount / 10)}^${total(amount / 10)}^`,
    );
    lines.push(
      '^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount Paid / Credited(Rs.)^Tax Deducted(Rs.)^TDS Deposited(Rs.)',
    );
    for (let t = 0; t < n; t++) {
      const day = String((t % 28) + 1).padStart(2, '0');
      const month = MONTHS[t % 12]!;
      const year = t % 12 >= 9 ? 2025 : 2024;
      const tax = (amount / 10).toFixed(2);
      lines.push(
        `^${t + 1}^194J^${day}-${month}-${year}^F^28-Jul-${year}^-^${amount.toFixed(2)}^${tax}^${tax}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
};

const text = generate(TRANSACTIONS);
console.log(`generated ${TRANSACTIONS} transactions, ${(text.length / 1e6).toFixed(1)} MB`);

for (let run = 1; run <= 3; run++) {
  const start = performance.now();
  const r = parse26asText(text, 'bench.txt');
  const seconds = (performance.now() - start) / 1000;
  const ok = r.transactionCount === TRANSACTIONS && r.errors.length === 0 && r.warnings.length === 0;
  console.log(
    `parse26asText run ${run}: ${seconds.toFixed(2)} s, ${Math.round(TRANSACTIONS / seconds).toLocaleString('en-IN')} rows/s${ok ? '' : ' (UNEXPECTED RESULT)'}`,
  );
}

const bytes = Buffer.from(text);
async function* chunks(): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}
const start = performance.now();
const r = await parse26asStream(chunks(), 'bench.txt');
const seconds = (performance.now() - start) / 1000;
console.log(
  `parse26asStream (64 KB chunks): ${seconds.toFixed(2)} s, ${Math.round(r.transactionCount / seconds).toLocaleString('en-IN')} rows/s`,
);
