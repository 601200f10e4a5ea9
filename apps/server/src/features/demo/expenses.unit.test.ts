import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { payableCommand } from '../../cli/payable.ts';
import { generateDemoExpenses } from './expenses.ts';

// The demo company's expenses through `taxrecon payable`: every planted
// finding is found, and the vendors paid correctly come out clean.

interface Entry {
  ref: string;
  vendorCode: string | null;
  status: string;
  reason: string;
  due: number;
  deducted: number;
}
interface Result {
  entries: Entry[];
  months: { month: string; section: string; due: number; deducted: number }[];
  errors: { code: string; ref: string }[];
}

const demo = generateDemoExpenses();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-demo-expenses-'));
for (const f of demo.files) fs.writeFileSync(path.join(dir, f.fileName), f.content);
const file = (kind: string) =>
  demo.files.filter((f) => f.kind === kind).map((f) => path.join(dir, f.fileName));

const run = async (): Promise<Result> => {
  const out = path.join(dir, 'result.json');
  let stderr = '';
  const code = await payableCommand(
    [
      '--fy',
      '2024-25',
      ...file('expense-ledger').flatMap((f) => ['--ledger', f]),
      '--vendors',
      file('vendor-master')[0]!,
      '--vendor-sections',
      file('vendor-section-mapping')[0]!,
      '--expense-sections',
      file('expense-section-mapping')[0]!,
      '--out',
      out,
    ],
    { stdout: () => {}, stderr: (s) => (stderr += s) },
  );
  expect(code, stderr).toBe(0);
  return JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
};

describe('demo expenses', () => {
  it('has a year of monthly ledgers with a few thousand entries over about 60 vendors', async () => {
    expect(file('expense-ledger')).toHaveLength(12);
    const result = await run();
    expect(result.entries.length).toBeGreaterThan(1_500);
    expect(new Set(result.entries.map((e) => e.vendorCode)).size).toBeGreaterThanOrEqual(55);
  });

  it('finds every planted case and nothing else', async () => {
    const { entries, months, errors } = await run();
    const x = demo.expectations;
    const of = (vendor: string) => entries.filter((e) => e.vendorCode === vendor);
    expect(of(x.shortVendor).length).toBeGreaterThan(0);
    expect(of(x.shortVendor).every((e) => e.status === 'short')).toBe(true);
    const crossing = of(x.crossingVendor);
    expect(crossing.slice(0, 3).map((e) => e.status)).toEqual(['notDeducted', 'notDeducted', 'notDeducted']);
    expect(crossing.slice(4).every((e) => e.status === 'ok')).toBe(true);
    expect(crossing[0]!.reason).toMatch(/crossed later/);
    expect(of(x.noPanVendor).every((e) => e.status === 'short' && /206AA \(no PAN\)/.test(e.reason))).toBe(
      true,
    );
    const ldc = of(x.ldcVendor).map((e) => e.status);
    expect(ldc[0]).toBe('ok');
    expect(ldc.at(-1)).toBe('short');
    expect(of(x.exemptVendor).every((e) => e.status === 'exempt')).toBe(true);
    // its mapping says why: a transporter's declaration under 194C(6)
    expect(
      of(x.exemptVendor).every((e) =>
        /exempt: transporter's declaration under 194C\(6\) \(T\)/.test(e.reason),
      ),
    ).toBe(true);
    expect(errors.filter((e) => e.code === 'GL_UNMAPPED')).toHaveLength(8);
    expect(errors.filter((e) => e.code === 'VENDOR_MISSING')).toHaveLength(1);
    const planted = new Set([
      x.shortVendor,
      x.crossingVendor,
      x.noPanVendor,
      x.ldcVendor,
      x.exemptVendor,
      x.missingVendor,
    ]);
    const others = entries.filter((e) => !planted.has(e.vendorCode ?? '') && e.status !== 'error');
    expect(others.length).toBeGreaterThan(1_000);
    expect(others.filter((e) => !['ok', 'belowThreshold'].includes(e.status))).toEqual([]);
    // The monthly view recognises the crossing vendor's earlier fees in the month of crossing.
    const j = months.find((m) => m.month === x.crossingMonth && m.section === '194J(b)');
    expect(j).toBeDefined();
  });
});
