import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse26asText } from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../features/demo/generate.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/taxrecon.mjs');

// Each test starts the real command, the compiled build `npm test` makes
// first (scripts/build-server.mjs): quick, but a busy machine gets room.
const PROCESS_TEST_MS = 60_000;

describe('the taxrecon command as a process', () => {
  it(
    'writes all of its output to a pipe before it exits',
    () => {
      // Output larger than a pipe's buffer was cut short when the process exited at once.
      // The demo statement with its transaction rows repeated: about 2 MB of CSV.
      const demo = generateDemoCompany().files.find((f) => f.kind === 'form-26as')?.content ?? '';
      const lines = demo.split('\r\n');
      const content = lines
        .flatMap((l) => (/^\^\d+\^/.test(l) ? Array<string>(12).fill(l) : [l]))
        .join('\r\n');
      const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-pipe-')), '26as-big.txt');
      fs.writeFileSync(target, content);
      const expected = parse26asText(content, 'x').transactionCount;
      const run = spawnSync(process.execPath, [BIN, 'parse-26as', target, '--csv'], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      expect(run.status).toBe(0);
      expect(run.stdout.length).toBeGreaterThan(1024 * 1024);
      expect(run.stdout.trimEnd().split('\n')).toHaveLength(expected + 1);
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits non-zero and names the file when a file cannot be read',
    () => {
      const run = spawnSync(process.execPath, [BIN, 'parse-26as', '/no/such/26as.txt'], { encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('/no/such/26as.txt');
    },
    PROCESS_TEST_MS,
  );

  it(
    'runs the compiled build, which loads no TypeScript loader, and prints its commands',
    () => {
      const run = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/serve\s+start the web app/);
      const dist = path.resolve(import.meta.dirname, '../../dist');
      const code = fs
        .readdirSync(dist)
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'));
      expect(code.length).toBeGreaterThan(1);
      for (const text of code) expect(text).not.toMatch(/from\s*["']tsx/);
    },
    PROCESS_TEST_MS,
  );

  it.each([
    ['reconcile', 'usage: taxrecon reconcile tds|tcs'],
    ['payable', 'usage: taxrecon payable --fy'],
    ['migrate', 'usage: taxrecon migrate'],
    ['worker', 'usage: taxrecon worker'],
    ['serve', 'usage: taxrecon serve [--no-workers]'],
  ])(
    'prints the usage of `%s --help` and runs nothing',
    (command, usage) => {
      // no database is reachable: a command that ran would fail or hang, not exit 0
      const env = {
        ...process.env,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: '/nonexistent',
      };
      const run = spawnSync(process.execPath, [BIN, command, '--help'], {
        encoding: 'utf8',
        env,
        timeout: 30_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(usage);
      expect(run.stderr).toBe('');
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses an option `worker` and `migrate` do not take, instead of running',
    () => {
      const run = spawnSync(process.execPath, [BIN, 'migrate', '--dry-run'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("Unknown option '--dry-run'.");
      expect(run.stderr).toContain('usage: taxrecon migrate');
    },
    PROCESS_TEST_MS,
  );

  it(
    'runs `payable` again with a bigger young generation, passing its output and exit status through',
    () => {
      const run = spawnSync(process.execPath, [BIN, 'payable', '--fy', '2024-25'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--ledger');
      expect(run.stderr).toContain('usage: taxrecon payable');
      const missing = spawnSync(
        process.execPath,
        [
          BIN,
          'payable',
          '--fy',
          '2024-25',
          '--ledger',
          '/no/such/ledger.txt',
          '--vendors',
          '/no/such/vendors.txt',
          '--out',
          '/tmp/x.json',
        ],
        { encoding: 'utf8' },
      );
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain('/no/such/vendors.txt');
    },
    PROCESS_TEST_MS,
  );

  it('has a compiled worker beside the build for every worker thread the server starts', () => {
    // A worker started from TypeScript boots through tsx; the compiled build
    // must carry its own entry (scripts/build-server.mjs), or the job fails
    // only when run from `taxrecon serve`.
    const dist = path.resolve(import.meta.dirname, '../../dist');
    const src = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => fs.readFileSync(path.join(src, f), 'utf8'))
      .filter((text) => text.includes('new Worker('));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const text of files) {
      const compiled = /compiledWorker = new URL\('\.\/([\w-]+\.mjs)'/.exec(text)?.[1];
      expect(compiled, text.slice(0, 200)).toBeTruthy();
      expect(fs.existsSync(path.join(dist, compiled ?? '-'))).toBe(true);
    }
  });
});
