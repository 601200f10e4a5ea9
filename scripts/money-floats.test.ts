import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Money is integer paise; rupees cross the edges only through
// packages/shared/src/money.ts (parse, format, SQL numeric text). This keeps
// the float shortcuts that money code drifts back to out of every other
// source file: parseFloat, Number(x).toFixed(2), toFixed on a line about
// money, dividing or multiplying money by 100, and an epsilon tolerance.
const root = join(import.meta.dirname, '..');
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/engine/src',
  'packages/formats/src',
  'packages/shared/src',
];

// Files allowed a pattern, each with the reason it is not money arithmetic.
const ALLOWED: Record<string, string> = {
  'packages/shared/src/money.ts': 'the money module itself',
  'apps/server/src/features/demo/sales.ts': 'demo amounts drawn in whole rupees from a seeded random',
  'apps/server/src/features/demo/purchases.ts': 'demo amounts drawn in whole rupees from a seeded random',
  'apps/server/src/features/demo/credits.ts': 'demo amounts drawn in whole rupees from a seeded random',
  'apps/server/src/features/demo/format.ts': 'a rate in basis points printed as a percent',
  'apps/server/src/cli/reconcile.ts': 'timings in seconds',
  'apps/server/src/cli/payable.ts': 'timings in seconds',
  'packages/engine/src/payable/arithmetic.ts':
    'exact integer tax arithmetic: paise times whole rate units, rounded to the rupee in BigInt',
  'packages/engine/src/payable/section-types-data.ts': 'statutory thresholds written as whole rupees',
  'apps/web/src/features/reconciliation/result/CustomerEntry.tsx': 'a percentage of row counts',
  'apps/web/src/features/reconciliation/result/DrilldownDialog.tsx': 'a percentage of row counts',
  'packages/formats/src/registers/xlsx-sheet.ts':
    "a spreadsheet number cell's text as JavaScript prints it (as ExcelJS read it); amounts are parsed from that text by the money module",
  'packages/formats/src/testing/xlsx-workbooks.ts':
    "random cell values for the .xlsx readers' property tests (1e-7 is a cell value, not a tolerance)",
  'packages/engine/src/identity.ts': 'fuzzy name scores in explanations',
  'packages/engine/src/deductor-link.ts': 'fuzzy name scores in explanations',
  'apps/server/src/features/linkage/linkage-preview.ts': 'fuzzy name scores in the linkage preview',
};

const MONEY_WORD = /paise|rupee|amount|\btax(?!recon)|money|deposit|ltdc|\binr\b/i;
const RULES: { name: string; test: (line: string) => boolean }[] = [
  { name: 'parseFloat', test: (l) => /\bparseFloat\(|Number\.parseFloat\(/.test(l) },
  { name: 'an epsilon tolerance', test: (l) => /\b1e-\d+\b|Number\.EPSILON/.test(l) },
  { name: 'toFixed(2)', test: (l) => /\.toFixed\(2\)/.test(l) },
  { name: 'toFixed on money', test: (l) => /\.toFixed\(/.test(l) && MONEY_WORD.test(l) },
  {
    name: 'money divided or multiplied by 100',
    test: (l) => /[/*] ?100(?![\d_])/.test(l) && MONEY_WORD.test(l),
  },
];

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.startsWith('test-helpers')
      ? [path]
      : [];
  });

const findings = (files: string[]): string[] =>
  files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        RULES.filter((r) => r.test(line)).map((r) => `${file}:${i + 1} ${r.name}: ${line.trim()}`),
      ),
  );

describe('no float on a money path', () => {
  it('finds none of the float patterns outside the money module', () => {
    const files = SOURCE_ROOTS.flatMap(sources).filter((f) => !(f in ALLOWED));
    expect(files.length).toBeGreaterThan(100);
    expect(findings(files)).toEqual([]);
  });

  it('recognises each pattern it forbids', () => {
    const lines = [
      'const x = parseFloat(amount);',
      'const ok = Math.abs(a - b) < 1e-6;',
      'const money = (numeric: string): string => Number(numeric).toFixed(2);',
      'return (paise / 100).toFixed(1);',
      'const param = [column, paise / 100];',
      'const p = Math.round(rupees * 100);',
    ];
    expect(lines.map((l) => RULES.filter((r) => r.test(l)).length > 0)).toEqual(lines.map(() => true));
  });

  it('names only files that exist', () => {
    for (const file of Object.keys(ALLOWED))
      expect(readFileSync(join(root, file), 'utf8').length).toBeGreaterThan(0);
  });
});
