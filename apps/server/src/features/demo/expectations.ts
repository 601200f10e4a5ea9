import type { Paise } from '@taxrecon/shared';
import type { CreditNotes, CreditParty, CreditRow } from './credits.ts';
import type { Bill, Vendor } from './purchases.ts';
import { BRANCH_TAN_CUSTOMER, inCustomerMaster, NAME_VARIANT_BOOK_NAME } from './roster.ts';
import type { Customer, Invoice } from './sales.ts';
import type { RowPosition } from './statement.ts';

// What the demo data holds on purpose, so tests and the browser demo can
// check that reconciliation finds it. Money is paise; rows of 26AS are
// given by file name and 1-based line.

export interface PlantedTaxDifference {
  tan: string;
  customerName: string;
  vouchers: string[];
  bookTax: Paise;
  form26asTax: Paise;
  // Book minus 26AS over the listed vouchers.
  difference: Paise;
  // Sale amount against the amount credited: these differ too, so the
  // default match mode (tax or sale amount) does not pair them exactly.
  bookAmount: Paise;
  form26asAmount: Paise;
  amountDifference: Paise;
}

export interface PlantedMissing {
  tan: string;
  customerName: string;
  vouchers: string[];
  tax: Paise;
}

export interface DemoExpectations {
  // In the customer master (the name-only customer is not).
  customers: number;
  vendors: number;
  // A tolerance (per transaction and for a customer's totals) that absorbs the
  // small tax difference but not the large one.
  suggestedTolerance: Paise;
  smallTaxDifference: PlantedTaxDifference;
  largeTaxDifference: PlantedTaxDifference;
  // Missing from 26AS: a customer who never deducted, and two invoices of another.
  neverDeducted: PlantedMissing;
  invoicesMissingFrom26as: PlantedMissing;
  // In 26AS and in the master, not in the sales book.
  missingFromSales: { tan: string; customerName: string; rows: number; tax: Paise };
  oneToSeveral: { tan: string; customerName: string; voucher: string; rows: RowPosition[] };
  severalToOne: { tan: string; customerName: string; vouchers: string[]; row: RowPosition };
  // March invoices whose credit lands in April of the next year (next year's 26AS).
  carriedForward: {
    tan: string;
    customerName: string;
    voucher: string;
    invoiceDate: string;
    creditDate: string;
    tax: Paise;
  }[];
  // Sales rows with GSTIN only; the PAN inside it finds the master customer.
  resolvedByPan: { bookName: string; gstin: string; pan: string; tan: string };
  // Sales rows under another spelling and no identifier; the mapping file resolves them.
  resolvedByMapping: { bookName: string; masterName: string; legalName: string; tan: string };
  // A customer the master lacks, booked by name alone ("(P) Ltd."): linked to
  // the 26AS deductor of the same company by its name, and reconciled.
  resolvedByDeductorName: {
    bookName: string;
    legalName: string;
    tan: string;
    vouchers: string[];
    tax: Paise;
  };
  sameNameDeductors: { name: string; tans: string[] };
  // A customer's branch deducting under a TAN the master lacks: its credits
  // resolve to the customer by name, and the linkage preview proposes the TAN.
  branchTan: { customerCode: string; legalName: string; tan: string; branchTan: string; rows: number };
  // Deductor names that must not be read as part headings.
  partHeadingTraps: string[];
  reversal: { tan: string; voucher: string; rows: RowPosition[] };
  identicalRows: { tan: string; vouchers: string[]; rows: RowPosition[] };
  // Matched but not claimable: status U (unmatched challan) and P (provisional).
  unmatchedStatus: { tan: string; rows: RowPosition[] };
  provisionalStatus: { tan: string; rows: RowPosition[] };
  // Parties whose amounts TRACES printed with Indian digit grouping.
  groupedAmountTans: string[];
  // Every invoice meets exactly one credit of the same amount and tax, status F.
  compliantTans: string[];
  tcs: {
    vendorsInPartVI: string[];
    missingFromPartVI: { tan: string; vendorName: string; bills: string[]; tax: Paise };
    // bills the TCS job leaves out: no TCS on them (reconciliation source-rows.ts BEARS_TCS)
    billsWithoutTcs: number;
  };
  controlTotals: {
    sales: { rows: number; saleAmount: Paise; invoiceValue: Paise; tds: Paise };
    purchase: { rows: number; purchaseValue: Paise; invoiceValue: Paise; tcs: Paise };
    form26as: {
      fileName: string;
      tdsTransactions: number;
      tdsTax: Paise;
      tcsTransactions: number;
      tcsTax: Paise;
    }[];
  };
}

export interface ExpectationInput {
  customers: readonly Customer[];
  vendors: readonly Vendor[];
  invoices: readonly Invoice[];
  bills: readonly Bill[];
  tds: readonly CreditParty[];
  tcs: readonly CreditParty[];
  notes: CreditNotes;
  missingTcs: readonly Bill[];
  positions: ReadonlyMap<CreditRow, RowPosition>;
  fileNames: readonly string[];
}

const total = <T>(items: readonly T[], of: (item: T) => number): Paise =>
  items.reduce((s, item) => s + of(item), 0) as Paise;

const only = <T>(items: readonly T[], what: string): T => {
  if (items.length !== 1) throw new Error(`demo data: expected one ${what}, found ${items.length}`);
  return items[0]!;
};

const branchTanOf = (customers: readonly Customer[], tds: readonly CreditParty[]) => {
  const customer = only(
    customers.filter((c) => c.code === BRANCH_TAN_CUSTOMER),
    'branch customer',
  );
  const branch = only(
    tds.filter((p) => p.name === customer.legalName && p.tan !== customer.tan),
    'branch deductor',
  );
  return {
    customerCode: customer.code,
    legalName: customer.legalName,
    tan: customer.tan,
    branchTan: branch.tan,
    rows: branch.rows.length,
  };
};

export const buildExpectations = (input: ExpectationInput): DemoExpectations => {
  const { customers, notes, positions } = input;
  const byCase = (name: Customer['case']): Customer =>
    only(
      customers.filter((c) => c.case === name),
      name,
    );
  const partyOf = (c: Customer): CreditParty | undefined => input.tds.find((p) => p.tan === c.tan);
  const where = (row: CreditRow): RowPosition => positions.get(row)!;
  const rowsOf = (c: Customer, test: (r: CreditRow) => boolean): RowPosition[] =>
    (partyOf(c)?.rows ?? []).filter(test).map(where);
  const difference = (c: Customer): PlantedTaxDifference => {
    const short = notes.shortDeducted.filter((s) => s.invoice.customer === c);
    const bookTax = total(short, (s) => s.invoice.tds);
    const form26asTax = total(short, (s) => s.tax);
    const bookAmount = total(short, (s) => s.invoice.saleAmount);
    const form26asAmount = total(short, (s) => s.amount);
    return {
      tan: c.tan,
      customerName: c.bookName,
      vouchers: short.map((s) => s.invoice.voucher),
      bookTax,
      form26asTax,
      difference: (bookTax - form26asTax) as Paise,
      bookAmount,
      form26asAmount,
      amountDifference: (bookAmount - form26asAmount) as Paise,
    };
  };
  const missing = (c: Customer): PlantedMissing => {
    const skipped = notes.skipped.filter((inv) => inv.customer === c);
    return {
      tan: c.tan,
      customerName: c.bookName,
      vouchers: skipped.map((i) => i.voucher),
      tax: total(skipped, (i) => i.tds),
    };
  };
  const invoicesOf = (c: Customer) => input.invoices.filter((i) => i.customer === c);

  const split = byCase('split-credits');
  const oneToSeveral = only(notes.oneToSeveral, 'one-to-several invoice');
  const group = only(notes.severalToOne, 'several-to-one group');
  const fromSales = byCase('missing-from-sales');
  const byPan = byCase('no-tan-in-sales');
  const variant = byCase('name-variant');
  const nameOnly = byCase('name-only');
  const reversal = byCase('reversal');
  const identical = byCase('identical-rows');
  const unmatched = byCase('unmatched-status');
  const provisional = byCase('provisional-status');
  const netcore = only(
    input.vendors.filter((v) => v.case === 'tcs-missing-q4'),
    'vendor missing from Part VI',
  );

  const compliant = customers.filter((c) => {
    const party = partyOf(c);
    const invoices = invoicesOf(c);
    if (party === undefined || invoices.length === 0 || party.rows.length !== invoices.length) return false;
    return invoices.every((inv) =>
      party.rows.some(
        (r) =>
          r.status === 'F' &&
          r.sources.includes(inv.voucher) &&
          r.amount === inv.saleAmount &&
          r.tax === inv.tds,
      ),
    );
  });

  return {
    customers: customers.filter(inCustomerMaster).length,
    vendors: input.vendors.length,
    suggestedTolerance: 1000 as Paise,
    smallTaxDifference: difference(byCase('small-tax-difference')),
    largeTaxDifference: difference(byCase('large-tax-difference')),
    neverDeducted: missing(byCase('never-deducted')),
    invoicesMissingFrom26as: missing(byCase('some-invoices-missing')),
    missingFromSales: {
      tan: fromSales.tan,
      customerName: fromSales.bookName,
      rows: partyOf(fromSales)?.rows.length ?? 0,
      tax: total(partyOf(fromSales)?.rows ?? [], (r) => r.tax),
    },
    oneToSeveral: {
      tan: split.tan,
      customerName: split.bookName,
      voucher: oneToSeveral.invoice.voucher,
      rows: rowsOf(split, (r) => r.sources.length === 1 && r.sources[0] === oneToSeveral.invoice.voucher),
    },
    severalToOne: {
      tan: split.tan,
      customerName: split.bookName,
      vouchers: group.map((i) => i.voucher),
      row: only(
        rowsOf(split, (r) => r.sources.length > 1),
        'several-to-one row',
      ),
    },
    carriedForward: notes.carriedForward.map(({ invoice, creditDate }) => ({
      tan: invoice.customer.tan,
      customerName: invoice.customer.bookName,
      voucher: invoice.voucher,
      invoiceDate: invoice.date,
      creditDate,
      tax: invoice.tds,
    })),
    resolvedByPan: { bookName: byPan.bookName, gstin: byPan.gstin!, pan: byPan.pan!, tan: byPan.tan },
    resolvedByMapping: {
      bookName: NAME_VARIANT_BOOK_NAME,
      masterName: variant.bookName,
      legalName: variant.legalName,
      tan: variant.tan,
    },
    resolvedByDeductorName: {
      bookName: nameOnly.bookName,
      legalName: nameOnly.legalName,
      tan: nameOnly.tan,
      vouchers: invoicesOf(nameOnly).map((i) => i.voucher),
      tax: total(invoicesOf(nameOnly), (i) => i.tds),
    },
    sameNameDeductors: {
      name: 'SHREE GANESH ENTERPRISES',
      tans: customers.filter((c) => c.legalName === 'SHREE GANESH ENTERPRISES').map((c) => c.tan),
    },
    branchTan: branchTanOf(customers, input.tds),
    partHeadingTraps: customers
      .map((c) => c.legalName)
      .filter((n) => n.startsWith('PART') || n.endsWith('DEPARTMENT')),
    reversal: {
      tan: reversal.tan,
      voucher: only(notes.reversed, 'reversed invoice').voucher,
      rows: rowsOf(reversal, (r) => r.sources[0] === notes.reversed[0]!.voucher),
    },
    identicalRows: {
      tan: identical.tan,
      vouchers: invoicesOf(identical)
        .filter((i) => i.tag === 'identical')
        .map((i) => i.voucher),
      rows: rowsOf(identical, (r) =>
        invoicesOf(identical).some((i) => i.tag === 'identical' && r.sources.includes(i.voucher)),
      ),
    },
    unmatchedStatus: { tan: unmatched.tan, rows: rowsOf(unmatched, (r) => r.status === 'U') },
    provisionalStatus: { tan: provisional.tan, rows: rowsOf(provisional, (r) => r.status === 'P') },
    groupedAmountTans: input.tds.filter((p) => p.groupedAmounts).map((p) => p.tan),
    compliantTans: compliant.map((c) => c.tan),
    tcs: {
      vendorsInPartVI: input.tcs.map((p) => p.tan),
      missingFromPartVI: {
        tan: netcore.tan,
        vendorName: netcore.bookName,
        bills: input.missingTcs.map((b) => b.number),
        tax: total(input.missingTcs, (b) => b.tcs),
      },
      billsWithoutTcs: input.bills.filter((b) => b.tcs === 0).length,
    },
    controlTotals: {
      sales: {
        rows: input.invoices.length,
        saleAmount: total(input.invoices, (i) => i.saleAmount),
        invoiceValue: total(input.invoices, (i) => i.invoiceValue),
        tds: total(input.invoices, (i) => i.tds),
      },
      purchase: {
        rows: input.bills.length,
        purchaseValue: total(input.bills, (b) => b.taxable),
        invoiceValue: total(input.bills, (b) => b.invoiceValue),
        tcs: total(input.bills, (b) => b.tcs),
      },
      form26as: input.fileNames.map((fileName) => {
        const tdsRows = input.tds.flatMap((p) => p.rows).filter((r) => where(r).file === fileName);
        const tcsRows = input.tcs.flatMap((p) => p.rows).filter((r) => where(r).file === fileName);
        return {
          fileName,
          tdsTransactions: tdsRows.length,
          tdsTax: total(tdsRows, (r) => r.tax),
          tcsTransactions: tcsRows.length,
          tcsTax: total(tcsRows, (r) => r.tax),
        };
      }),
    },
  };
};
