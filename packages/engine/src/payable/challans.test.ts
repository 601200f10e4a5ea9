import { describe, expect, it } from 'vitest';
import {
  allocateRows,
  lateDeductionInterest,
  lateDepositInterest,
  lateFilingFee234E,
  returnDueDate,
} from './challans.ts';

describe('201(1A) interest with challan dates', () => {
  it.each([
    // tax paise, deducted, deposited, interest paise
    [100_000_00, '2024-05-20', '2024-06-07', 0], // on the due date
    [100_000_00, '2024-05-20', '2024-06-08', 3_000_00], // May and June: 2 months x 1.5%
    [100_000_00, '2024-05-31', '2024-08-01', 6_000_00], // May..Aug: 4 months
    [100_000_00, '2025-03-15', '2025-04-30', 0], // March is due by 30 April
    [100_000_00, '2025-03-15', '2025-05-01', 4_500_00], // March..May: 3 months
    [0, '2024-05-20', '2024-09-08', 0],
  ])('tax %i deducted %s deposited %s -> %i', (tax, deducted, deposited, interest) => {
    expect(lateDepositInterest(tax, deducted, deposited)).toBe(interest);
  });

  it.each([
    [50_000_00, '2024-04-10', '2024-04-10', 0],
    [50_000_00, '2024-04-10', '2024-04-11', 500_00], // part of a month is a month
    [50_000_00, '2024-04-10', '2024-06-01', 1_500_00], // April..June
  ])('late deduction: tax %i deductible %s deducted %s -> %i', (tax, due, done, interest) => {
    expect(lateDeductionInterest(tax, due, done)).toBe(interest);
  });
});

describe('234E late filing fee', () => {
  it.each([
    // tds of return, due, filed, fee paise
    [1_00_000_00, '2024-07-31', '2024-07-31', 0],
    [1_00_000_00, '2024-07-31', '2024-08-10', 2_000_00], // 10 days x Rs 200
    [5_000_00, '2024-07-31', '2024-09-30', 5_000_00], // capped at the TDS
    [1_00_000_00, '2024-07-31', '2024-07-01', 0], // filed early
  ])('tds %i due %s filed %s -> %i', (tds, due, filed, fee) => {
    expect(lateFilingFee234E(tds, due, filed)).toBe(fee);
  });

  it('knows the return due dates', () => {
    expect(['Q1', 'Q2', 'Q3', 'Q4'].map((q) => returnDueDate('2024-25', q as 'Q1'))).toEqual([
      '2024-07-31',
      '2024-10-31',
      '2025-01-31',
      '2025-05-31',
    ]);
  });
});

describe('allocation of deductee rows to challans', () => {
  const cases: {
    name: string;
    rows: [string, number, string][];
    challans: [string, number, string][];
    assigned: Record<string, string>;
    unallocated: string[];
    left: Record<string, number>;
  }[] = [
    {
      name: 'one challan holds all rows',
      rows: [
        ['r1', 100, '2024-05-02'],
        ['r2', 200, '2024-05-10'],
      ],
      challans: [['c1', 300, '2024-06-07']],
      assigned: { r1: 'c1', r2: 'c1' },
      unallocated: [],
      left: { c1: 0 },
    },
    {
      name: 'rows fill the earliest challan first, then the next',
      rows: [
        ['r1', 100, '2024-05-02'],
        ['r2', 200, '2024-05-10'],
        ['r3', 50, '2024-05-20'],
      ],
      challans: [
        ['late', 500, '2024-07-01'],
        ['early', 150, '2024-06-07'],
      ],
      assigned: { r1: 'early', r2: 'late', r3: 'early' },
      unallocated: [],
      left: { early: 0, late: 300 },
    },
    {
      name: 'a challan deposited before the deduction does not take it',
      rows: [['r1', 100, '2024-06-10']],
      challans: [['c1', 500, '2024-06-07']],
      assigned: {},
      unallocated: ['r1'],
      left: { c1: 500 },
    },
    {
      name: 'what no challan can hold is left unallocated',
      rows: [
        ['r1', 400, '2024-05-02'],
        ['r2', 100, '2024-05-03'],
      ],
      challans: [['c1', 300, '2024-06-07']],
      assigned: { r2: 'c1' },
      unallocated: ['r1'],
      left: { c1: 200 },
    },
    {
      name: 'no challans',
      rows: [['r1', 1, '2024-05-02']],
      challans: [],
      assigned: {},
      unallocated: ['r1'],
      left: {},
    },
  ];
  it.each(cases)('$name', (c) => {
    const got = allocateRows(
      c.rows.map(([id, tax, date]) => ({ id, tax, date })),
      c.challans.map(([id, tax, date]) => ({ id, tax, date })),
    );
    expect(got).toEqual({ assigned: c.assigned, unallocated: c.unallocated, left: c.left });
  });
});
