import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileIssue } from '../errors.ts';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { parse26asText } from './parse.ts';

const FIXTURES = ['26as-current-layout.txt', '26as-pre-2020-layout.txt', '26as-form-168-layout.txt'].map(
  (f) => readFileSync(`${FIXTURES_DIR}${f}`, 'utf8'),
);

// Edits a real statement the way damaged downloads and hand edits do.
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('dropLine' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('replaceChar' as const),
    at: fc.nat(),
    char: fc.constantFrom('^', '|', '-', ',', '.', '\n', 'P', '9', ' ', '\r', '"'),
  }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 30 }) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

const apply = (text: string, m: Mutation): string => {
  const lines = text.split('\n');
  switch (m.kind) {
    case 'truncate':
      return text.slice(0, m.at % (text.length + 1));
    case 'dropLine':
      lines.splice(m.at % lines.length, 1);
      return lines.join('\n');
    case 'duplicateLine': {
      const i = m.at % lines.length;
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'replaceChar': {
      const i = m.at % Math.max(1, text.length);
      return text.slice(0, i) + m.char + text.slice(i + 1);
    }
    case 'insert': {
      const i = m.at % (text.length + 1);
      return text.slice(0, i) + m.text + text.slice(i);
    }
  }
};

const checkIssues = (issues: FileIssue[], lineCount: number): void => {
  for (const i of issues) {
    expect(Number.isInteger(i.line)).toBe(true);
    expect(i.line).toBeGreaterThanOrEqual(1);
    expect(i.line).toBeLessThanOrEqual(Math.max(1, lineCount));
    expect(i.code).toMatch(/^[A-Z_0-9]+$/);
    expect(i.message.length).toBeGreaterThan(0);
  }
};

describe('parse26asText on damaged input', () => {
  it('never throws and reports every problem on a real line', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (base, mutations) => {
          const text = mutations.reduce(apply, base);
          const r = parse26asText(text, 'm.txt');
          const lineCount = text.split('\n').length;
          checkIssues(r.errors, lineCount);
          checkIssues(r.warnings, lineCount);
          const count = [...(r.tds?.parties ?? []), ...(r.tcs?.parties ?? [])].reduce(
            (n, p) => n + p.transactions.length,
            0,
          );
          expect(r.transactionCount).toBe(count);
          for (const p of [...(r.tds?.parties ?? []), ...(r.tcs?.parties ?? [])]) {
            for (const t of p.transactions) {
              expect(t.transactionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
              expect(Number.isSafeInteger(t.amount) && Number.isSafeInteger(t.tax)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text or bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.uint8Array({ maxLength: 400 })), (input) => {
        const r = parse26asText(input, 'r.txt');
        checkIssues(r.errors, Number.MAX_SAFE_INTEGER);
        checkIssues(r.warnings, Number.MAX_SAFE_INTEGER);
      }),
    );
  });
});
