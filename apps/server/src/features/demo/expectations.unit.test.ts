import { resolveCompanyName } from '@taxrecon/engine';
import type { CustomerMasterRow, SalesRow } from '@taxrecon/formats';
import { panFromGstin } from '@taxrecon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from './generate.ts';
import { type ParsedDemo, parseDemo, sum, tdsParties } from './parsed-demo.test-helper.ts';

// The planted mismatches are checked against the files as parsed, not
// against the generator's own model.

const demo = generateDemoCompany();
const e = demo.expectations;
let parsed: ParsedDemo;
type Way = 'tan' | 'pan' | 'name' | 'mapping' | 'deductor-name';
let how: Map<SalesRow, Way>;
let salesOf: (tan: string) => SalesRow[];
let creditsOf: (tan: string) => { amount: number; tax: number; status: string }[];
let master: (tan: string) => CustomerMasterRow | undefined;

beforeAll(async () => {
  parsed = await parseDemo(demo);
  const byTan = new Map(parsed.customers.map((c) => [c.tanNumber, c]));
  const byPan = new Map(parsed.customers.map((c) => [c.panNumber, c]));
  const byName = new Map(parsed.customers.map((c) => [c.customerName, c]));
  const byBookName = new Map(parsed.mapping.map((m) => [m.bookName, m]));
  // Identity in the order reconciliation tries it: TAN, PAN (from the GSTIN), name, mapping file,
  // and last the deductor names of 26AS itself (the engine's rule for a name-only customer).
  how = new Map();
  const resolved = new Map<string, SalesRow[]>();
  const deductors = tdsParties(parsed).map((p) => ({ target: p.tan, name: p.name }));
  const resolve = (row: SalesRow): [string | null | undefined, Way] => {
    const viaTan = row.tan === null ? undefined : byTan.get(row.tan);
    if (viaTan) return [viaTan.tanNumber, 'tan'];
    const viaPan = row.gstin === null ? undefined : byPan.get(panFromGstin(row.gstin));
    if (viaPan) return [viaPan.tanNumber, 'pan'];
    const viaName = byName.get(row.customerName);
    if (viaName) return [viaName.tanNumber, 'name'];
    const viaMapping = byTan.get(byBookName.get(row.customerName)?.tan ?? null);
    if (viaMapping) return [viaMapping.tanNumber, 'mapping'];
    const linked = resolveCompanyName(row.customerName, deductors);
    return [linked.kind === 'linked' ? linked.target : undefined, 'deductor-name'];
  };
  for (const row of parsed.sales.rows) {
    const [tan, way] = resolve(row);
    if (!tan) throw new Error(`sales row on line ${row.line} resolves to no customer`);
    how.set(row, way);
    resolved.set(tan, [...(resolved.get(tan) ?? []), row]);
  }
  salesOf = (tan) => resolved.get(tan) ?? [];
  creditsOf = (tan) => tdsParties(parsed).find((p) => p.tan === tan)?.transactions ?? [];
  master = (tan) => byTan.get(tan);
});

const taxGap = (tan: string): number =>
  sum(salesOf(tan), (r) => r.tdsAmount) - sum(creditsOf(tan), (t) => t.tax);

const sales = (voucher: string): SalesRow => {
  const row = parsed.sales.rows.find((r) => r.voucherNumber === voucher);
  if (row === undefined) throw new Error(`no sales row ${voucher}`);
  return row;
};

describe('planted identities', () => {
  it('every sales row resolves to a customer; three need more than the TAN', () => {
    const rowsBy = (way: string) => parsed.sales.rows.filter((r) => how.get(r) === way);
    expect(rowsBy('name')).toEqual([]);
    expect(new Set(rowsBy('deductor-name').map((r) => r.customerName))).toEqual(
      new Set([e.resolvedByDeductorName.bookName]),
    );
    expect(new Set(rowsBy('pan').map((r) => r.customerName))).toEqual(new Set([e.resolvedByPan.bookName]));
    expect(new Set(rowsBy('mapping').map((r) => r.customerName))).toEqual(
      new Set([e.resolvedByMapping.bookName]),
    );
  });

  it('the customer booked by GSTIN alone is found by the PAN inside it', () => {
    const rows = parsed.sales.rows.filter((r) => r.customerName === e.resolvedByPan.bookName);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ tan: null, pan: null, gstin: e.resolvedByPan.gstin });
    expect(panFromGstin(e.resolvedByPan.gstin)).toBe(e.resolvedByPan.pan);
    expect(master(e.resolvedByPan.tan)?.panNumber).toBe(e.resolvedByPan.pan);
  });

  it('the customer spelled otherwise in the book is found through the mapping file', () => {
    const m = e.resolvedByMapping;
    const rows = parsed.sales.rows.filter((r) => r.customerName === m.bookName);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ tan: null, pan: null, gstin: null, customerCode: null });
    expect(parsed.customers.some((c) => c.customerName === m.bookName)).toBe(false);
    expect(master(m.tan)).toMatchObject({ customerName: m.masterName, legalName: m.legalName });
    expect(parsed.mapping).toContainEqual(
      expect.objectContaining({ legalName: m.legalName, bookName: m.bookName, tan: m.tan }),
    );
  });

  it('the customer the master lacks, booked by name alone, is its 26AS deductor by name', () => {
    const d = e.resolvedByDeductorName;
    const rows = parsed.sales.rows.filter((r) => r.customerName === d.bookName);
    expect(rows.map((r) => r.voucherNumber)).toEqual(d.vouchers);
    for (const r of rows) expect(r).toMatchObject({ tan: null, pan: null, gstin: null, customerCode: null });
    expect(master(d.tan)).toBeUndefined();
    expect(parsed.customers.some((c) => c.customerName === d.bookName)).toBe(false);
    expect(d.bookName.toUpperCase()).not.toBe(d.legalName);
    expect(tdsParties(parsed).find((p) => p.tan === d.tan)?.name).toBe(d.legalName);
    // Its whole TDS is credited: reconciled, nothing is missing once it is linked.
    expect(sum(rows, (r) => r.tdsAmount)).toBe(d.tax);
    expect(taxGap(d.tan)).toBe(0);
  });

  it('two deductors share a name under different TANs, both in the master', () => {
    const parties = tdsParties(parsed).filter((p) => p.name === e.sameNameDeductors.name);
    expect(parties.map((p) => p.tan).sort()).toEqual([...e.sameNameDeductors.tans].sort());
    for (const tan of e.sameNameDeductors.tans) expect(master(tan)?.legalName).toBe(e.sameNameDeductors.name);
  });

  it('deductor names that look like part headings are read as deductors', () => {
    const names = tdsParties(parsed).map((p) => p.name);
    expect(e.partHeadingTraps).toHaveLength(2);
    for (const name of e.partHeadingTraps) expect(names).toContain(name);
  });
});

describe('planted mismatches', () => {
  // Gap between the book and 26AS in sale amount, over a customer's rows.
  const amountGap = (tan: string): number =>
    sum(salesOf(tan), (r) => r.saleAmount) - sum(creditsOf(tan), (t) => t.amount);

  it('a few rupees short: inside the suggested tolerance', () => {
    const d = e.smallTaxDifference;
    expect(d.vouchers).toHaveLength(1);
    expect(taxGap(d.tan)).toBe(d.difference);
    expect(amountGap(d.tan)).toBe(d.amountDifference);
    expect(d.difference).toBeGreaterThan(0);
    expect(d.difference).toBeLessThanOrEqual(e.suggestedTolerance);
    // The sale amount differs beyond the tolerance, so only the tax pairs the rows.
    expect(d.amountDifference).toBeGreaterThan(e.suggestedTolerance);
    const row = sales(d.vouchers[0]!);
    expect([row.tdsAmount, row.saleAmount]).toEqual([d.bookTax, d.bookAmount]);
    expect(creditsOf(d.tan).some((t) => t.amount === d.form26asAmount && t.tax === d.form26asTax)).toBe(true);
  });

  it('far short: deducted at 2% on the invoice total, GST included, on fees booked at 10%', () => {
    const d = e.largeTaxDifference;
    const rows = d.vouchers.map(sales);
    expect(taxGap(d.tan)).toBe(d.difference);
    expect(amountGap(d.tan)).toBe(d.amountDifference);
    expect(d.difference).toBeGreaterThan(100 * e.suggestedTolerance);
    expect(d.form26asAmount).toBe(sum(rows, (r) => r.invoiceValue));
    expect(d.form26asTax).toBe(sum(rows, (r) => Math.round((r.invoiceValue! * 2) / 100)));
    expect(d.bookTax).toBe(sum(rows, (r) => r.saleAmount) / 10);
    for (const r of rows) {
      expect(creditsOf(d.tan).some((t) => t.amount === r.saleAmount || t.tax === r.tdsAmount)).toBe(false);
    }
  });

  it('missing from 26AS: a customer who never deducted, two invoices of another', () => {
    const never = e.neverDeducted;
    expect(creditsOf(never.tan)).toEqual([]);
    expect(salesOf(never.tan).map((r) => r.voucherNumber)).toEqual(never.vouchers);
    expect(sum(salesOf(never.tan), (r) => r.tdsAmount)).toBe(never.tax);
    const some = e.invoicesMissingFrom26as;
    expect(some.vouchers).toHaveLength(2);
    expect(taxGap(some.tan)).toBe(some.tax);
    for (const v of some.vouchers)
      expect(creditsOf(some.tan).some((t) => t.amount === sales(v).saleAmount)).toBe(false);
  });

  it('missing from sales: credits of a master customer the book never billed', () => {
    const m = e.missingFromSales;
    expect(salesOf(m.tan)).toEqual([]);
    expect(master(m.tan)?.customerName).toBe(m.customerName);
    expect(creditsOf(m.tan)).toHaveLength(m.rows);
    expect(sum(creditsOf(m.tan), (t) => t.tax)).toBe(m.tax);
  });

  it('one invoice credited in several rows, several invoices in one row', () => {
    const one = e.oneToSeveral;
    const parts = one.rows.map((r) => parsed.at.get(`${r.file}:${r.line}`)!);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.every((t) => t.tan === one.tan)).toBe(true);
    expect(sum(parts, (t) => t.tax)).toBe(sales(one.voucher).tdsAmount);
    expect(sum(parts, (t) => t.amount)).toBe(sales(one.voucher).saleAmount);
    const several = e.severalToOne;
    const row = parsed.at.get(`${several.row.file}:${several.row.line}`)!;
    expect(several.vouchers.length).toBeGreaterThanOrEqual(2);
    expect(row.tax).toBe(sum(several.vouchers.map(sales), (r) => r.tdsAmount));
    expect(row.amount).toBe(sum(several.vouchers.map(sales), (r) => r.saleAmount));
    // Everything else of that customer matches, so the tax adds up.
    expect(taxGap(one.tan)).toBe(0);
  });

  it('late-March invoices credited in April fall into next year', () => {
    expect(e.carriedForward.length).toBeGreaterThanOrEqual(4);
    for (const c of e.carriedForward) {
      expect(c.invoiceDate >= '2025-03-15' && c.invoiceDate <= '2025-03-31').toBe(true);
      expect(c.creditDate >= '2025-04-01').toBe(true);
      expect(sales(c.voucher)).toMatchObject({ date: c.invoiceDate, tdsAmount: c.tax, tan: c.tan });
    }
    for (const tan of new Set(e.carriedForward.map((c) => c.tan))) {
      expect(taxGap(tan)).toBe(
        sum(
          e.carriedForward.filter((c) => c.tan === tan),
          (c) => c.tax,
        ),
      );
    }
  });
});

describe('planted 26AS rows', () => {
  const rowsAt = (positions: { file: string; line: number }[]) =>
    positions.map((p) => parsed.at.get(`${p.file}:${p.line}`)!);

  it('a reversal (negative, remark B) between the credit and its re-booking', () => {
    const rows = rowsAt(e.reversal.rows);
    const amount = sales(e.reversal.voucher).saleAmount!;
    expect(rows.map((t) => [t.amount, t.remarks, t.status])).toEqual([
      [amount, null, 'O'],
      [-amount, 'B', 'O'],
      [amount, null, 'F'],
    ]);
    expect(taxGap(e.reversal.tan)).toBe(0);
  });

  it('identical rows are two credits of two invoices', () => {
    const [a, b] = rowsAt(e.identicalRows.rows);
    expect(e.identicalRows.vouchers).toHaveLength(2);
    const { srNo: _a, line: _la, ...restA } = a!;
    const { srNo: _b, line: _lb, ...restB } = b!;
    expect(restA).toEqual(restB);
    expect(a!.srNo).not.toBe(b!.srNo);
    const [x, y] = e.identicalRows.vouchers.map(sales);
    expect([x!.date, x!.saleAmount]).toEqual([y!.date, y!.saleAmount]);
  });

  it('U and P rows: matched amounts that are not yet claimable', () => {
    const u = rowsAt(e.unmatchedStatus.rows);
    const p = rowsAt(e.provisionalStatus.rows);
    expect(u.length).toBeGreaterThan(0);
    expect(p.length).toBeGreaterThan(0);
    expect(
      u.every((t) => t.status === 'U' && t.bookingDate === null && t.tan === e.unmatchedStatus.tan),
    ).toBe(true);
    expect(p.every((t) => t.status === 'P' && t.tan === e.provisionalStatus.tan)).toBe(true);
    expect(taxGap(e.unmatchedStatus.tan)).toBe(0);
    expect(taxGap(e.provisionalStatus.tan)).toBe(0);
  });

  it('compliant customers: every invoice meets one final credit of the same amount and tax', () => {
    expect(e.compliantTans.length).toBeGreaterThanOrEqual(25);
    const key = (amount: number | null, tax: number | null) => `${amount}/${tax}`;
    for (const tan of e.compliantTans) {
      const credits = creditsOf(tan);
      expect(credits.every((t) => t.status === 'F')).toBe(true);
      expect(credits.map((t) => key(t.amount, t.tax)).sort()).toEqual(
        salesOf(tan)
          .map((r) => key(r.saleAmount, r.tdsAmount))
          .sort(),
      );
    }
    for (const tan of [e.resolvedByPan.tan, e.resolvedByMapping.tan, e.identicalRows.tan])
      expect(e.compliantTans).toContain(tan);
  });

  it('parties printed with Indian digit grouping are named', () => {
    const text = demo.files
      .filter((f) => f.kind === 'form-26as')
      .map((f) => f.content)
      .join('');
    expect(e.groupedAmountTans.length).toBeGreaterThan(0);
    for (const tan of e.groupedAmountTans)
      expect(text).toMatch(new RegExp(`\\^${tan}\\^\\^\\^\\^\\^[\\d,]*,\\d{3}\\.\\d{2}\\^`));
  });
});
