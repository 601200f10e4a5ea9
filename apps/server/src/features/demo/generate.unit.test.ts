import { PURCHASE_FIELDS, SALES_FIELDS } from '@taxrecon/formats';
import { isValidGstin, isValidPan, isValidTan, panFromGstin, panHolderType } from '@taxrecon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_SEED, DEMO_PAN, generateDemoCompany } from './generate.ts';
import {
  fileOfKind,
  type ParsedDemo,
  parseDemo,
  sum,
  tcsParties,
  tdsParties,
} from './parsed-demo.test-helper.ts';
import { REGISTER_COLUMNS } from './registers.ts';

const demo = generateDemoCompany();
let parsed: ParsedDemo;
beforeAll(async () => {
  parsed = await parseDemo(demo);
});

describe('generateDemoCompany', () => {
  it('is deterministic: the same seed gives byte-identical files', () => {
    expect(generateDemoCompany()).toEqual(demo);
    expect(generateDemoCompany({ seed: DEFAULT_DEMO_SEED, financialYear: '2024-25' })).toEqual(demo);
    expect(JSON.stringify(generateDemoCompany({ seed: 7 }))).toBe(
      JSON.stringify(generateDemoCompany({ seed: 7 })),
    );
  });

  it('gives other data for another seed, with the same planted cases', () => {
    const other = generateDemoCompany({ seed: 7 });
    for (const kind of ['sales-register', 'purchase-register', 'customer-master', 'form-26as'] as const) {
      expect(fileOfKind(other, kind).content).not.toBe(fileOfKind(demo, kind).content);
    }
    expect(other.expectations.resolvedByMapping.bookName).toBe(demo.expectations.resolvedByMapping.bookName);
    expect(other.expectations.smallTaxDifference.difference).toBe(
      demo.expectations.smallTaxDifference.difference,
    );
  });

  it('is a company selling professional services, with every kind of file', () => {
    expect(demo.entityName).toBe('Zedex Technologies Private Limited');
    expect(demo.pan).toBe(DEMO_PAN);
    expect(panHolderType(demo.pan)).toBe('company');
    expect(isValidGstin(demo.gstin)).toBe(true);
    expect(demo.financialYear).toBe('2024-25');
    expect(demo.files.map((f) => f.kind)).toEqual([
      'customer-master',
      'vendor-master',
      'customer-mapping',
      'sales-register',
      'purchase-register',
      'form-26as',
      'form-26as',
    ]);
    // File names the upload screens accept: no special characters, at most one dot.
    for (const f of demo.files) expect(f.fileName).toMatch(/^[A-Za-z0-9_\-() ]+\.txt$/);
    expect(demo.expectations.customers).toBe(40);
    expect(parsed.sales.rows.length).toBeGreaterThan(1400);
    expect(parsed.sales.rows.length).toBeLessThan(1700);
    expect(parsed.purchases.rows).toHaveLength(200);
  });
});

describe('every file parses with @taxrecon/formats', () => {
  it.each([1, 2, 42])('for seed %i too, with every planted case in place', async (seed) => {
    const other = generateDemoCompany({ seed });
    const read = await parseDemo(other);
    expect(read.issues).toEqual([]);
    const x = other.expectations;
    expect(x.invoicesMissingFrom26as.vouchers).toHaveLength(2);
    expect(x.largeTaxDifference.vouchers).toHaveLength(3);
    expect(x.smallTaxDifference.vouchers).toHaveLength(1);
    expect(x.carriedForward.length).toBeGreaterThanOrEqual(4);
    expect(x.unmatchedStatus.rows.length).toBeGreaterThan(0);
    expect(x.provisionalStatus.rows.length).toBeGreaterThan(0);
    expect(x.groupedAmountTans.length).toBeGreaterThan(0);
  });

  it('without a single error or warning', () => {
    expect(parsed.issues).toEqual([]);
  });

  it('26AS: two statement files of the current layout for the company and year', () => {
    expect(parsed.statements).toHaveLength(2);
    for (const s of parsed.statements) {
      expect(s.layout).toBe('current');
      expect(s.header).toMatchObject({
        pan: DEMO_PAN,
        financialYear: '2024-25',
        fileCreationDate: '2025-06-28',
      });
      expect(s.tds?.parties.length).toBeGreaterThan(10);
    }
    const [first, second] = parsed.statements;
    expect(first!.tcs).toBeNull();
    expect(second!.tcs?.parties.length).toBeGreaterThan(0);
    // The parts with nothing in them say so, and none is mistaken for a populated one.
    expect(second!.otherParts.map((p) => p.part)).toEqual(['II', 'III', 'IV', 'V', 'VII', 'VIII', 'IX', 'X']);
    expect(second!.otherParts.every((p) => p.empty && p.rowCount === 0)).toBe(true);
    // Deductor serial numbers run on from the first file into the second.
    expect(second!.tds!.parties[0]!.srNo).toBe(first!.tds!.parties.length + 1);
  });

  it('registers: every column maps to its target field by its Tally header alone', () => {
    const mapped = (headers: string[], mapping: Record<string, number | undefined>) =>
      Object.fromEntries(Object.entries(mapping).map(([field, column]) => [headers[column!], field]));
    expect(mapped(parsed.sales.headers, parsed.sales.mapping)).toEqual(REGISTER_COLUMNS.sales);
    expect(mapped(parsed.purchases.headers, parsed.purchases.mapping)).toEqual(REGISTER_COLUMNS.purchase);
    for (const f of SALES_FIELDS.filter((x) => x.required)) expect(parsed.sales.mapping[f.key]).toBeDefined();
    for (const f of PURCHASE_FIELDS.filter((x) => x.required))
      expect(parsed.purchases.mapping[f.key]).toBeDefined();
    // Only the grand total line is left out.
    expect(parsed.sales.skipped).toHaveLength(1);
    expect(parsed.purchases.skipped).toHaveLength(1);
  });

  it('masters and the mapping file: every record read', () => {
    expect(parsed.customers).toHaveLength(demo.expectations.customers);
    expect(parsed.vendors).toHaveLength(demo.expectations.vendors);
    expect(parsed.mapping.length).toBeGreaterThanOrEqual(4);
  });
});

describe('26AS text', () => {
  it('party totals repeat their transactions', () => {
    for (const p of [...tdsParties(parsed), ...tcsParties(parsed)]) {
      expect(p.totalAmount).toBe(sum(p.transactions, (t) => t.amount));
      expect(p.totalTax).toBe(sum(p.transactions, (t) => t.tax));
      expect(p.totalDeposited).toBe(sum(p.transactions, (t) => t.deposited));
    }
  });

  it('has the quirks of real TRACES downloads', () => {
    const text = demo.files
      .filter((f) => f.kind === 'form-26as')
      .map((f) => f.content)
      .join('');
    const lines = text.split('\r\n');
    // Amounts with Indian grouping on some rows, plain on others.
    expect(lines.some((l) => /^\^\d+\^194[JC]\^.*\^\d{1,2},\d{2},\d{3}\.\d{2}\^/.test(l))).toBe(true);
    expect(lines.some((l) => /^\^\d+\^194[JC]\^.*\^\d{6,}\.\d{2}\^/.test(l))).toBe(true);
    // Transaction rows with and without a trailing '^'.
    expect(lines.some((l) => /^\^\d+\^194.*\^$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\^\d+\^194.*\d$/.test(l))).toBe(true);
    // The column header repeats under every deductor.
    const headers = lines.filter((l) => l.startsWith('^Sr. No.^Section^')).length;
    expect(headers).toBe(tdsParties(parsed).length + tcsParties(parsed).length);
    expect(text).toContain('*********** No Transactions Present **********');
    const transactions = tdsParties(parsed).flatMap((p) => p.transactions);
    expect(new Set(transactions.map((t) => t.status))).toEqual(new Set(['F', 'U', 'P', 'O']));
    expect(transactions.some((t) => t.tax < 0 && t.remarks === 'B')).toBe(true);
  });

  it('keeps deductors apart by TAN, names that look like part headings included', () => {
    const parties = tdsParties(parsed);
    expect(new Set(parties.map((p) => p.tan)).size).toBe(parties.length);
    for (const p of parties) expect(isValidTan(p.tan)).toBe(true);
    const names = parties.map((p) => p.name);
    expect(names.some((n) => n.startsWith('PARTH '))).toBe(true);
    expect(names.some((n) => n.endsWith(' DEPARTMENT'))).toBe(true);
    // two names under two TANs each: the two SHREE GANESH firms, and the branch customer
    expect(names.length - new Set(names).size).toBe(2);
    const branch = demo.expectations.branchTan;
    expect(
      parties
        .filter((p) => p.name === branch.legalName)
        .map((p) => p.tan)
        .sort(),
    ).toEqual([branch.tan, branch.branchTan].sort());
    expect(parties.find((p) => p.tan === branch.branchTan)?.transactions.length).toBe(branch.rows);
    expect(branch.rows).toBeGreaterThan(0);
  });

  it("keeps the branch's TAN out of the customer master", () => {
    const branch = demo.expectations.branchTan;
    expect(parsed.customers.map((c) => c.tanNumber)).toContain(branch.tan);
    expect(parsed.customers.map((c) => c.tanNumber)).not.toContain(branch.branchTan);
  });
});

describe('identifiers', () => {
  it('every PAN, TAN and GSTIN is valid, and a GSTIN holds its PAN', () => {
    const records = [
      ...parsed.customers.map((c) => ({ pan: c.panNumber, tan: c.tanNumber, gstin: c.gstIn })),
      ...parsed.vendors.map((v) => ({ pan: v.panNumber, tan: v.tanNumber, gstin: v.gstIn })),
      ...parsed.mapping,
      ...parsed.sales.rows,
      ...parsed.purchases.rows,
    ];
    for (const r of records) {
      if (r.gstin !== null) {
        expect(isValidGstin(r.gstin)).toBe(true);
        if (r.pan !== null) expect(panFromGstin(r.gstin)).toBe(r.pan);
      }
      if (r.pan !== null) expect(isValidPan(r.pan)).toBe(true);
      if (r.tan !== null) expect(isValidTan(r.tan)).toBe(true);
    }
    expect(records.filter((r) => r.gstin !== null).length).toBeGreaterThan(1500);
  });

  it("a PAN's fourth letter fits the holder: company, firm or person", () => {
    const expected: Record<string, string> = {
      'Private Limited Company': 'company',
      'Public Limited Company': 'company',
      'Limited Liability Partnership': 'firm',
      'Partnership Firm': 'firm',
      Proprietorship: 'individual',
    };
    for (const c of parsed.customers) {
      if (c.entityType === 'Government Department') expect(c.panNumber).toBeNull();
      else expect(panHolderType(c.panNumber!)).toBe(expected[c.entityType!]);
    }
    expect(new Set(parsed.customers.map((c) => c.panNumber?.[3]))).toEqual(
      new Set(['C', 'F', 'P', undefined]),
    );
  });

  it('no two customers or vendors share a PAN or a TAN', () => {
    const pans = [...parsed.customers.map((c) => c.panNumber), ...parsed.vendors.map((v) => v.panNumber)];
    const tans = [...parsed.customers.map((c) => c.tanNumber), ...parsed.vendors.map((v) => v.tanNumber)];
    const present = pans.filter((p) => p !== null);
    expect(new Set(present).size).toBe(present.length);
    expect(new Set(tans).size).toBe(tans.length);
  });
});
