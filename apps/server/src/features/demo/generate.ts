import { statementHeaderLines } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import { type CreditParty, customerCredits, emptyNotes, unbookedCredits } from './credits.ts';
import { buildExpectations, type DemoExpectations } from './expectations.ts';
import { addDays } from './format.ts';
import { gstinFor, IdentifierMint } from './identifiers.ts';
import { customerMappingText, customerMasterText, vendorMasterText } from './masters.ts';
import { PLACES } from './places.ts';
import { type Bill, makeVendor, vendorBills, vendorCredits } from './purchases.ts';
import { createRandom } from './random.ts';
import { purchaseRegisterText, salesRegisterText } from './registers.ts';
import { BRANCH_FROM_DAY, BRANCH_TAN_CUSTOMER, CUSTOMERS, VENDORS } from './roster.ts';
import { type Customer, customerInvoices, type Invoice, makeCustomer } from './sales.ts';
import { renderStatements } from './statement.ts';
import { yearSpan } from './year.ts';

// A realistic Indian company that sells professional services, with a year
// of sales and purchases, its masters and its Form 26AS text files, and a
// few deliberate mismatches for reconciliation to find. Pure and
// deterministic: the same seed gives byte-identical files.

export type DemoFileKind =
  | 'customer-master'
  | 'vendor-master'
  | 'customer-mapping'
  | 'sales-register'
  | 'purchase-register'
  | 'form-26as';

export interface DemoFile {
  kind: DemoFileKind;
  fileName: string;
  content: string;
}

export interface DemoCompany {
  entityName: string;
  pan: string;
  gstin: string;
  financialYear: FinancialYear;
  // In the order they are best loaded: masters, mapping, books, 26AS.
  files: DemoFile[];
  expectations: DemoExpectations;
}

export interface DemoOptions {
  seed?: number;
  financialYear?: '2024-25';
}

export const DEMO_ENTITY_NAME = 'Zedex Technologies Private Limited';
// A company's PAN: 4th letter C, 5th the initial of its name.
export const DEMO_PAN = 'AABCZ3704L';
export const DEFAULT_DEMO_SEED = 20240401;

const byNameThenTan = (a: CreditParty, b: CreditParty): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.tan < b.tan ? -1 : a.tan > b.tan ? 1 : 0;

// The branch customer's credits from BRANCH_FROM_DAY on, taken from its own
// TAN's and deducted under its branch's TAN (minted last, so no other
// identifier of the seed changes).
const branchCredits = (
  tds: CreditParty[],
  customers: readonly Customer[],
  mint: IdentifierMint,
  startYear: number,
): CreditParty => {
  const customer = customers.find((c) => c.code === BRANCH_TAN_CUSTOMER)!;
  const own = tds.find((p) => p.tan === customer.tan)!;
  const from = `${startYear}-${BRANCH_FROM_DAY}`;
  const branchRows = own.rows.filter((r) => r.date >= from);
  own.rows = own.rows.filter((r) => r.date < from);
  return { ...own, tan: mint.tan(PLACES[customer.place].tanPrefix, customer.initial), rows: branchRows };
};

export const generateDemoCompany = (options: DemoOptions = {}): DemoCompany => {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const year = yearSpan(options.financialYear ?? '2024-25');
  const random = createRandom(seed);
  const mint = new IdentifierMint(random.fork('identifiers'));
  const customers = CUSTOMERS.map((spec) => makeCustomer(spec, mint, random.fork(`customer:${spec.code}`)));
  const vendors = VENDORS.map((spec) => makeVendor(spec, mint, random.fork(`vendor:${spec.code}`)));

  // Sales: every customer's invoices, numbered in date order across the book.
  const invoicesOf = new Map<Customer, Invoice[]>();
  for (const c of customers) invoicesOf.set(c, customerInvoices(c, year, random.fork(`sales:${c.code}`)));
  const booked = customers
    .filter((c) => c.case !== 'missing-from-sales')
    .flatMap((c) => invoicesOf.get(c)!)
    .map((invoice, order) => ({ invoice, order }))
    .sort((a, b) =>
      a.invoice.date < b.invoice.date ? -1 : a.invoice.date > b.invoice.date ? 1 : a.order - b.order,
    )
    .map(({ invoice }) => invoice);
  booked.forEach((invoice, i) => {
    invoice.voucher = `ZT/${year.short}/${String(i + 1).padStart(4, '0')}`;
  });

  // 26AS Part I: what each customer credited.
  const notes = emptyNotes();
  const tds: CreditParty[] = customers
    .map((c): CreditParty => {
      const credits = random.fork(`credits:${c.code}`);
      const rows =
        c.case === 'missing-from-sales'
          ? unbookedCredits(invoicesOf.get(c)!, year, credits)
          : customerCredits(c, invoicesOf.get(c)!, year, credits, notes);
      const style = random.fork(`style:${c.code}`);
      // The PARTH deductor always shows both TRACES quirks, so every seed has them.
      const parth = c.legalName.startsWith('PARTH');
      return {
        name: c.legalName,
        tan: c.tan,
        rows,
        groupedAmounts: parth || style.chance(0.25),
        trailingCaret: parth || style.chance(0.25),
      };
    })
    .filter((p) => p.rows.length > 0)
    .sort(byNameThenTan);
  tds.push(branchCredits(tds, customers, mint, year.startYear));
  tds.sort(byNameThenTan);

  // Purchases and 26AS Part VI.
  const bills: Bill[] = [];
  const missingTcs: Bill[] = [];
  const tcs: CreditParty[] = [];
  for (const v of vendors) {
    const own = vendorBills(v, year, random.fork(`bills:${v.code}`));
    bills.push(...own);
    const rows = vendorCredits(v, own, year, random.fork(`tcs:${v.code}`), missingTcs);
    if (rows.length > 0)
      tcs.push({ name: v.legalName, tan: v.tan, rows, groupedAmounts: false, trailingCaret: false });
  }
  bills.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  tcs.sort(byNameThenTan);

  const header = statementHeaderLines({
    fileCreationDate: addDays(year.to, 89),
    pan: DEMO_PAN,
    financialYearStart: year.startYear,
    name: DEMO_ENTITY_NAME.toUpperCase(),
    address: ['OFFICE 402, ZEDEX HOUSE', 'BANER ROAD', '', 'BANER', 'PUNE'],
    state: 'MAHARASHTRA',
    pin: '411045',
  });
  const assessmentYear = year.startYear + 1;
  const fileNames = [`${DEMO_PAN}-${assessmentYear}-1.txt`, `${DEMO_PAN}-${assessmentYear}-2.txt`] as const;
  const statements = renderStatements(header, tds, tcs, fileNames);

  const showPan = new Set(
    customers.filter((c) => random.fork(`pan:${c.code}`).chance(0.5)).map((c) => c.code),
  );
  const files: DemoFile[] = [
    {
      kind: 'customer-master',
      fileName: 'customer-master.txt',
      content: customerMasterText(customers, random.fork('customer-master')),
    },
    {
      kind: 'vendor-master',
      fileName: 'vendor-master.txt',
      content: vendorMasterText(vendors, random.fork('vendor-master')),
    },
    { kind: 'customer-mapping', fileName: 'customer-mapping.txt', content: customerMappingText(customers) },
    {
      kind: 'sales-register',
      fileName: `sales-register-${year.financialYear}.txt`,
      content: salesRegisterText(DEMO_ENTITY_NAME, year, booked, showPan),
    },
    {
      kind: 'purchase-register',
      fileName: `purchase-register-${year.financialYear}.txt`,
      content: purchaseRegisterText(DEMO_ENTITY_NAME, year, bills),
    },
    ...statements.files.map((f): DemoFile => ({ kind: 'form-26as', ...f })),
  ];

  return {
    entityName: DEMO_ENTITY_NAME,
    pan: DEMO_PAN,
    gstin: gstinFor('27', DEMO_PAN),
    financialYear: year.financialYear,
    files,
    expectations: buildExpectations({
      customers,
      vendors,
      invoices: booked,
      bills,
      tds,
      tcs,
      notes,
      missingTcs,
      positions: statements.positions,
      fileNames,
    }),
  };
};
