#!/usr/bin/env node
// Fails when a dependency the product ships (dev tools left out) has a known
// advisory of high or critical severity that .ci/audit-allow.json does not list
// with a reason. New advisories fail CI; an accepted one is a reviewed entry.
// When the registry's audit service cannot be reached the check cannot run: it
// says so loudly and passes, since that is no fault of the code under test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const allowFile = path.join(root, '.ci', 'audit-allow.json');
const allowed = new Map(
  (fs.existsSync(allowFile) ? JSON.parse(fs.readFileSync(allowFile, 'utf8')) : []).map((a) => [
    a.url,
    a.reason,
  ]),
);
const FAILING = new Set(['high', 'critical']);

// AUDIT_REPORT: a saved `npm audit --json` report to judge instead (to try the rules)
const run = process.env.AUDIT_REPORT
  ? { stdout: fs.readFileSync(process.env.AUDIT_REPORT, 'utf8'), stderr: '' }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report || typeof report.vulnerabilities !== 'object' || report.vulnerabilities === null) {
  const why =
    report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').at(-1) ?? 'no answer';
  console.warn(`npm audit: the advisory service could not be asked (${why}); dependency audit SKIPPED.`);
  process.exit(0);
}

const findings = new Map();
for (const vulnerability of Object.values(report.vulnerabilities)) {
  for (const via of vulnerability.via) {
    if (typeof via !== 'object' || !FAILING.has(via.severity)) continue;
    findings.set(via.url, `${via.name} ${via.range}: ${via.title} (${via.severity}) ${via.url}`);
  }
}
const fresh = [...findings].filter(([url]) => !allowed.has(url));
for (const [url, text] of findings) {
  if (allowed.has(url)) console.log(`accepted: ${text} - ${allowed.get(url)}`);
}
if (fresh.length > 0) {
  console.error('npm audit: high or critical advisories in shipped dependencies:');
  for (const [, text] of fresh) console.error(`  ${text}`);
  console.error(
    'Upgrade or replace the package, or list the advisory with a reason in .ci/audit-allow.json.',
  );
  process.exit(1);
}
console.log(`npm audit: no unaccepted high or critical advisories (${findings.size} accepted).`);
