import { countByStatus, type Form26qBookRow, reconcile26q } from '@taxrecon/engine';
import type { Paise } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { demoReturn } from './demo-return.ts';

const row = (pan: string, section: string, base: number, deducted: number): Form26qBookRow => ({
  pan,
  name: `Vendor ${pan.slice(0, 5)}`,
  section,
  base: (base * 100) as Paise,
  deducted: (deducted * 100) as Paise,
  due: (deducted * 100) as Paise,
});

const BOOKS = [
  row('AAACA1234A', '194C', 5_00_000, 5_000),
  row('AAACB1234B', '194J(b)', 12_00_000, 1_20_000),
  row('AAACC1234C', '194I(b)', 3_00_000, 30_000),
  row('AAACD1234D', '194H', 50_000, 1_000),
  row('AAACE1234E', '194C', 2_00_000, 2_000),
  row('AAACF1234F', '194C', 20_000, 0),
];

// The return as the reconcile reads it: each code mapped back to its section.
const reconciled = (books: readonly Form26qBookRow[]) => {
  const filed = demoReturn(books);
  const rows = filed.rows.map((r) => ({ ...r, section: filed.sectionMapping[r.section] ?? '?' }));
  return { filed, lines: reconcile26q(rows, books) };
};

describe('the demo filed 26Q', () => {
  it('writes sections as the return codes and maps each code back to its section', () => {
    const filed = demoReturn(BOOKS);
    expect(filed.sectionMapping).toEqual({
      '94C': '194C',
      '4JB': '194J(b)',
      '4IB': '194I(b)',
      '94H': '194H',
    });
    expect(filed.rows.every((r) => filed.sectionMapping[r.section] !== undefined)).toBe(true);
  });

  it('plants one of each mistake and leaves the rest matched', () => {
    const { lines } = reconciled(BOOKS);
    expect(countByStatus(lines)).toMatchObject({
      Matched: 2,
      'Short in return': 1,
      'Excess in return': 1,
      'Missing from return': 1,
      'Missing from books': 1,
    });
    // the largest deduction is the one filed short, by ₹2,500
    const short = lines.find((l) => l.status === 'Short in return');
    expect(short?.pan).toBe('AAACB1234B');
    expect(short?.difference).toBe(-2_500_00);
    // the row after it keyed twice, the one after that left out
    expect(lines.find((l) => l.status === 'Excess in return')?.pan).toBe('AAACC1234C');
    expect(lines.find((l) => l.status === 'Missing from return')?.pan).toBe('AAACD1234D');
    // nothing deducted, nothing due: not filed, and not a finding
    expect(lines.some((l) => l.pan === 'AAACF1234F')).toBe(false);
  });

  // 194IA's code is 9IA and 194I(a)'s 4IA: they once shared 4IA, and the
  // return then carried the sections themselves (codeOf's fallback).
  it('gives 194IA and 194I(a) their own return codes', () => {
    const books = [
      ...BOOKS,
      row('AAACG1234G', '194IA', 60_00_000, 60_000),
      row('AAACH1234H', '194I(a)', 1_00_000, 2_000),
    ];
    const { filed, lines } = reconciled(books);
    expect(filed.sectionMapping['9IA']).toBe('194IA');
    expect(filed.sectionMapping['4IA']).toBe('194I(a)');
    expect(lines.filter((l) => l.status === 'Matched').length).toBeGreaterThan(2);
  });

  it('files only the stray deductee when the quarter has under four deductions', () => {
    const { lines } = reconciled(BOOKS.slice(0, 2));
    expect(countByStatus(lines)).toMatchObject({ Matched: 2, 'Missing from books': 1 });
  });
});
