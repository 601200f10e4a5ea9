// Engine throughput: npx tsx packages/engine/bench/reconcile.bench.ts [salesRows] [taxBookRows] [customers]
// Generates the data first (not timed), then times identity resolution,
// the per-party cascade and assembly, and prints rows/s and peak RSS. The
// load average is printed too: on a shared machine it moves the wall-clock
// figure a lot, the CPU-time figure much less.
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Paise } from '@taxrecon/shared';
import { assembleResult, planReconciliation, reconcileParties, toReport } from '../src/index.ts';
import { generate } from './generate.ts';

const [bookRows = 1_000_000, taxBookRows = 1_000_000, customers = 20_000] = process.argv
  .slice(2)
  .map((a) => Number(a));

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (from: bigint, to: bigint): number => Number(to - from) / 1e6;

const t0 = process.hrtime.bigint();
const { input, planted } = generate(20240401, customers, bookRows, taxBookRows);
const t1 = process.hrtime.bigint();
const rssAfterGenerate = process.memoryUsage().rss;
console.log(
  `generated ${input.book.length} sales + ${input.taxBook.length} 26AS rows over ${customers} customers in ${ms(t0, t1).toFixed(0)} ms`,
);
console.log('planted:', planted);

const options = {
  tolerance: 100 as Paise,
  toleranceForOverallTotal: 1000 as Paise,
  toleranceForTransactionAmountTotal: 1000 as Paise,
};
let gcPause = 0;
const gcWatch = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPause += e.duration;
});
gcWatch.observe({ entryTypes: ['gc'] });
let lastPercent = -10;
const cpu0 = process.cpuUsage();
const s0 = process.hrtime.bigint();
const plan = planReconciliation(input, options);
const s1 = process.hrtime.bigint();
const parties = reconcileParties(plan.work, plan, (done, totalParties) => {
  const percent = Math.floor((done * 100) / totalParties);
  if (percent >= lastPercent + 25) {
    lastPercent = percent;
    process.stdout.write(`  ${percent}%`);
  }
});
const s2 = process.hrtime.bigint();
const result = assembleResult(plan, parties);
const s3 = process.hrtime.bigint();
const cpu = process.cpuUsage(cpu0);
await new Promise((resolve) => setTimeout(resolve, 0));
const engineGcPause = gcPause;
gcWatch.disconnect();
const report = toReport(result);
const s4 = process.hrtime.bigint();

const rows = input.book.length + input.taxBook.length;
const engineMs = ms(s0, s3);
console.log('');
console.log(`identity + grouping  ${ms(s0, s1).toFixed(0)} ms`);
console.log(`matching cascade     ${ms(s1, s2).toFixed(0)} ms (${plan.work.length} parties)`);
console.log(`assembly + summary   ${ms(s2, s3).toFixed(0)} ms`);
console.log(
  `engine total         ${engineMs.toFixed(0)} ms = ${Math.round(rows / (engineMs / 1000)).toLocaleString('en-IN')} rows/s`,
);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `engine CPU time      ${cpuMs.toFixed(0)} ms (all threads, GC helpers included) = ${Math.round(rows / (cpuMs / 1000)).toLocaleString('en-IN')} rows per CPU-second`,
);
console.log(`of which GC pauses   ${engineGcPause.toFixed(0)} ms (main thread)`);
console.log(
  `load average         ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`toReport (CLI shape) ${ms(s3, s4).toFixed(0)} ms`);
const summary = result.summary;
console.log('categories:', summary.categories, 'claimed by totals:', summary.claimedByTotalsParties);
const byRule = new Map<string, number>();
for (const m of report.matches) byRule.set(m.rule, (byRule.get(m.rule) ?? 0) + 1);
console.log('matches by rule:', Object.fromEntries(byRule));
console.log(
  `unmatched: ${report.unmatchedBook.length} sales, ${report.unmatchedTaxBook.length} 26AS; unresolved ${report.unresolved.length}`,
);
console.log(
  `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} (after generating the data: ${mb(rssAfterGenerate)}); heap used now ${mb(process.memoryUsage().heapUsed)}`,
);
