import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from './generate.ts';
import { type ParsedDemo, parseDemo, sum, tcsParties } from './parsed-demo.test-helper.ts';

const demo = generateDemoCompany();
const totals = demo.expectations.controlTotals;
let parsed: ParsedDemo;
beforeAll(async () => {
  parsed = await parseDemo(demo);
});

// Tax at a rate in percent on an amount in paise, to the paisa.
const taxAt = (amount: number, percent: number): number => Math.round((amount * percent) / 100);

describe('control totals', () => {
  it('sales: each row adds up, and the book sums to the planted totals', () => {
    const rows = parsed.sales.rows;
    for (const r of rows) {
      expect(r.invoiceValue).toBe(sum([r.saleAmount, r.cgst, r.sgst, r.igst], (x) => x));
      expect([10, 2]).toContain(r.tdsRate);
      expect(r.section).toBe(r.tdsRate === 10 ? '194J' : '194C');
      expect(r.tdsAmount).toBe(taxAt(r.saleAmount!, r.tdsRate!));
      // GST at 18%: CGST + SGST within Maharashtra, IGST elsewhere.
      if (r.igst === null) expect(r.cgst! + r.sgst!).toBe(2 * taxAt(r.saleAmount!, 9));
      else expect(r.igst).toBe(taxAt(r.saleAmount!, 18));
    }
    expect(rows).toHaveLength(totals.sales.rows);
    expect(sum(rows, (r) => r.saleAmount)).toBe(totals.sales.saleAmount);
    expect(sum(rows, (r) => r.invoiceValue)).toBe(totals.sales.invoiceValue);
    expect(sum(rows, (r) => r.tdsAmount)).toBe(totals.sales.tds);
    expect(new Set(rows.map((r) => r.voucherNumber)).size).toBe(rows.length);
    expect(rows.map((r) => r.date)).toEqual(rows.map((r) => r.date).sort());
    expect(rows[0]!.date >= '2024-04-01' && rows.at(-1)!.date <= '2025-03-31').toBe(true);
  });

  it('purchases: TCS is 0.1% of what each vendor billed above 50 lakh in the year', () => {
    const received = new Map<string, number>();
    for (const r of parsed.purchases.rows) {
      expect(r.invoiceValue).toBe(sum([r.purchaseValue, r.cgst, r.sgst, r.igst, r.roundOff], (x) => x));
      const before = received.get(r.tan!) ?? 0;
      const after = before + r.invoiceValue!;
      received.set(r.tan!, after);
      const excess = Math.max(0, after - 5_000_000_00) - Math.max(0, before - 5_000_000_00);
      expect(r.tcsAmount ?? 0).toBe(taxAt(excess, 0.1));
      expect(r.tcsRate).toBe(excess > 0 ? 0.1 : null);
      expect(r.section).toBe(excess > 0 ? '206C(1H)' : null);
    }
    const over = [...received].filter(([, total]) => total > 5_000_000_00).map(([tan]) => tan);
    expect(over.sort()).toEqual([...demo.expectations.tcs.vendorsInPartVI].sort());
    expect(sum(parsed.purchases.rows, (r) => r.purchaseValue)).toBe(totals.purchase.purchaseValue);
    expect(sum(parsed.purchases.rows, (r) => r.invoiceValue)).toBe(totals.purchase.invoiceValue);
    expect(sum(parsed.purchases.rows, (r) => r.tcsAmount)).toBe(totals.purchase.tcs);
  });

  it('26AS: each file holds the planted number of transactions and tax', () => {
    expect(
      parsed.statements.map((s) => ({
        fileName: s.file,
        tdsTransactions: sum(s.tds?.parties ?? [], (p) => p.transactions.length),
        tdsTax: sum(s.tds?.parties ?? [], (p) => p.totalTax),
        tcsTransactions: sum(s.tcs?.parties ?? [], (p) => p.transactions.length),
        tcsTax: sum(s.tcs?.parties ?? [], (p) => p.totalTax),
      })),
    ).toEqual(totals.form26as);
    // Split roughly in half, as a capped download would be.
    const [a, b] = totals.form26as;
    expect(Math.abs(a!.tdsTransactions - b!.tdsTransactions)).toBeLessThan(200);
    expect(parsed.statements.reduce((n, s) => n + s.transactionCount, 0)).toBe(
      a!.tdsTransactions + b!.tdsTransactions + a!.tcsTransactions + b!.tcsTransactions,
    );
  });

  it('TCS: Part VI holds what the purchase book collected, but for the planted gap', () => {
    const missing = demo.expectations.tcs.missingFromPartVI;
    for (const p of tcsParties(parsed)) {
      const book = sum(
        parsed.purchases.rows.filter((r) => r.tan === p.tan),
        (r) => r.tcsAmount,
      );
      expect(book - p.totalTax!).toBe(p.tan === missing.tan ? missing.tax : 0);
      for (const t of p.transactions) expect(t.section).toBe('206CR');
    }
    expect(missing.bills.length).toBeGreaterThan(0);
    const missingRows = parsed.purchases.rows.filter((r) => missing.bills.includes(r.billNumber!));
    expect(missingRows.every((r) => r.date >= '2025-01-01' && r.tcsAmount! > 0)).toBe(true);
  });
});
