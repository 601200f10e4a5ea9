// npm run bench:payable [-- --lines 1000000 --vendors 20000]
//     [--pg postgres://postgres@127.0.0.1:5432 | --pg none]
//
// A year of N expense ledger lines over V vendors (generate-payable-files.ts),
// then `taxrecon payable` end to end under /usr/bin/time: wall seconds, peak
// RSS, and its own split of parse / engine / write time. Then the app half
// (payable-app.bench.ts): the same year as twelve monthly files in an
// entity's expense folder, the twelve monthly 34A jobs run one after the
// other on PostgreSQL, and the explore screen's answer times.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchPayableApp } from './payable-app.bench.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    vendors: { type: 'string', default: '20000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const root = path.resolve(import.meta.dirname, '../../..');
const dir = path.join(os.tmpdir(), `taxrecon-payable-${values.lines}-${values.vendors}`);
if (!fs.existsSync(path.join(dir, 'ledger.txt'))) {
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(import.meta.dirname, 'generate-payable-files.ts'),
      '--lines',
      values.lines!,
      '--vendors',
      values.vendors!,
      '--out',
      dir,
    ],
    { stdio: 'inherit' },
  );
}
const cli = spawnSync(
  '/usr/bin/time',
  [
    '-f',
    'time: %e s, peak RSS %M KB',
    process.execPath,
    path.join(root, 'apps/server/bin/taxrecon.mjs'),
    'payable',
    '--fy',
    '2024-25',
    '--ledger',
    path.join(dir, 'ledger.txt'),
    '--vendors',
    path.join(dir, 'vendors.txt'),
    '--vendor-sections',
    path.join(dir, 'vendor-sections.txt'),
    '--expense-sections',
    path.join(dir, 'expense-sections.txt'),
    '--out',
    path.join(dir, 'result.json'),
  ],
  { encoding: 'utf8', env: { ...process.env, TAXRECON_TIMINGS: '1' }, maxBuffer: 1 << 26 },
);
if (cli.status !== 0) throw new Error(`the CLI failed:\n${cli.stderr.slice(-4000)}`);
const measured = /time: ([\d.]+) s, peak RSS (\d+) KB/.exec(cli.stderr);
console.log(`taxrecon payable, ${values.lines} ledger lines over ${values.vendors} vendors:`);
console.log(
  `  end to end ${measured?.[1]} s, peak RSS ${Math.round(Number(measured?.[2]) / 1024)} MB (aim: under 15 s and 2 GB)`,
);
console.log(`  ${/timings: .*/.exec(cli.stderr)?.[0] ?? ''}`);
console.log(`  ${/TDS payable .*/.exec(cli.stderr)?.[0] ?? ''}`);

if (values.pg !== 'none') await benchPayableApp(dir, values.pg!);
