import type { Paise } from '@taxrecon/shared';
import { addDays, minDate, quarterEnd, taxAt } from './format.ts';
import type { Random } from './random.ts';
import type { Customer, Invoice } from './sales.ts';
import type { YearSpan } from './year.ts';

// The 26AS side of the demo: what each deductor (or collector) reported,
// row by row, before it is written out as text.

export interface CreditRow {
  section: string;
  date: string;
  // F final, U unmatched, P provisional, O overbooked.
  status: 'F' | 'U' | 'P' | 'O';
  bookingDate: string | null;
  remarks: string | null;
  amount: Paise;
  tax: Paise;
  deposited: Paise;
  // The invoices (or bills) behind the row, for the expectations.
  sources: readonly string[];
}

export interface CreditParty {
  name: string;
  tan: string;
  rows: CreditRow[];
  // Some TRACES rows print 1,50,000.00 rather than 150000.00.
  groupedAmounts: boolean;
  // Some transaction rows end with a stray '^'.
  trailingCaret: boolean;
}

// What the generator did on purpose, for the expectations.
export interface CreditNotes {
  skipped: Invoice[];
  carriedForward: { invoice: Invoice; creditDate: string }[];
  shortDeducted: { invoice: Invoice; amount: Paise; tax: Paise }[];
  reversed: Invoice[];
  oneToSeveral: { invoice: Invoice; rows: number }[];
  severalToOne: Invoice[][];
}

export const emptyNotes = (): CreditNotes => ({
  skipped: [],
  carriedForward: [],
  shortDeducted: [],
  reversed: [],
  oneToSeveral: [],
  severalToOne: [],
});

// Statements are processed some weeks after the quarter's return is filed.
export const bookingDateFor = (date: string, random: Random): string =>
  addDays(quarterEnd(date), random.int(30, 70));

const row = (
  section: string,
  date: string,
  status: CreditRow['status'],
  bookingDate: string | null,
  amount: number,
  tax: number,
  sources: readonly string[],
  remarks: string | null = null,
): CreditRow => ({
  section,
  date,
  status,
  bookingDate,
  remarks,
  amount: amount as Paise,
  tax: tax as Paise,
  deposited: tax as Paise,
  sources,
});

const inQuarter = (date: string, months: readonly number[]): boolean =>
  months.includes(Number(date.slice(5, 7)));
const Q2 = [7, 8, 9];
const Q3 = [10, 11, 12];
const Q4 = [1, 2, 3];

// The credits one customer's invoices earn in 26AS, with the customer's
// planted case applied. Invoices are in date order.
export const customerCredits = (
  customer: Customer,
  invoices: readonly Invoice[],
  year: YearSpan,
  random: Random,
  notes: CreditNotes,
): CreditRow[] => {
  const rows: CreditRow[] = [];
  if (customer.case === 'never-deducted') {
    notes.skipped.push(...invoices);
    return rows;
  }
  const section = customer.section;
  // Planted invoices have an amount no other invoice of the customer has, so
  // which invoice a credit belongs to is never in doubt.
  const amountCount = new Map<number, number>();
  for (const inv of invoices) amountCount.set(inv.saleAmount, (amountCount.get(inv.saleAmount) ?? 0) + 1);
  const pick = (months: readonly number[], count: number): Set<Invoice> =>
    new Set(
      invoices
        .filter(
          (inv) => inv.tag === null && inQuarter(inv.date, months) && amountCount.get(inv.saleAmount) === 1,
        )
        .slice(0, count),
    );
  const skipped = customer.case === 'some-invoices-missing' ? pick(Q3, 2) : new Set<Invoice>();
  const short = customer.case === 'large-tax-difference' ? pick(Q2, 3) : new Set<Invoice>();
  const nearlyShort = customer.case === 'small-tax-difference' ? pick(Q3, 1) : new Set<Invoice>();
  const reversed = customer.case === 'reversal' ? pick(Q2, 1) : new Set<Invoice>();
  const statusOf = (date: string): CreditRow['status'] => {
    if (customer.case === 'unmatched-status' && inQuarter(date, Q3)) return 'U';
    // Government deductors' credits stay provisional until the Form 24G is processed.
    if (customer.case === 'provisional-status' && inQuarter(date, Q4)) return 'P';
    return 'F';
  };
  const credit = (date: string, amount: number, tax: number, sources: readonly string[]): CreditRow => {
    const status = statusOf(date);
    return row(
      section,
      date,
      status,
      status === 'U' ? null : bookingDateFor(date, random),
      amount,
      tax,
      sources,
    );
  };
  const group = invoices.filter((inv) => inv.tag === 'split-several-to-one');
  let twin: CreditRow | null = null;
  for (const invoice of invoices) {
    const creditDate = minDate(addDays(invoice.date, random.int(0, 20)), year.to);
    const v = [invoice.voucher];
    if (skipped.has(invoice)) notes.skipped.push(invoice);
    else if (invoice.tag === 'identical') {
      // Two invoices of one day and amount, credited together: two rows alike
      // in every field but the serial number, and two separate credits.
      twin ??= credit(addDays(invoice.date, 3), invoice.saleAmount, invoice.tds, []);
      rows.push({ ...twin, sources: v });
    } else if (customer.case === 'carry-forward' && invoice.date >= `${year.startYear + 1}-03-15`) {
      // Credited when paid in April: it shows in next year's 26AS.
      notes.carriedForward.push({ invoice, creditDate: addDays(year.to, random.int(1, 20)) });
    } else if (invoice.tag === 'split-several-to-one') {
      if (invoice !== group[group.length - 1]) continue;
      const amount = group.reduce((s, inv) => s + inv.saleAmount, 0);
      const tax = group.reduce((s, inv) => s + inv.tds, 0);
      rows.push(
        credit(
          addDays(invoice.date, 6),
          amount,
          tax,
          group.map((inv) => inv.voucher),
        ),
      );
      notes.severalToOne.push(group);
    } else if (invoice.tag === 'split-one-to-several') {
      // Paid in three instalments; amounts end in odd rupees so no part equals another invoice.
      const first = Math.round((invoice.saleAmount * 0.4) / 100) * 100 + 2300;
      const second = Math.round((invoice.saleAmount * 0.35) / 100) * 100 + 1100;
      const parts = [first, second, invoice.saleAmount - first - second];
      let taxLeft: number = invoice.tds;
      parts.forEach((amount, i) => {
        const tax = i === parts.length - 1 ? taxLeft : taxAt(amount, invoice.rateBasisPoints);
        taxLeft -= tax;
        rows.push(credit(addDays(invoice.date, 7 + 30 * i), amount, tax, v));
      });
      notes.oneToSeveral.push({ invoice, rows: parts.length });
    } else if (reversed.has(invoice)) {
      // Booked against the wrong challan (overbooked), reversed with remark B, booked again.
      const booked = bookingDateFor(creditDate, random);
      const rebooked = addDays(booked, random.int(60, 90));
      rows.push(row(section, creditDate, 'O', booked, invoice.saleAmount, invoice.tds, v));
      rows.push(row(section, creditDate, 'O', rebooked, -invoice.saleAmount, -invoice.tds, v, 'B'));
      rows.push(row(section, creditDate, 'F', rebooked, invoice.saleAmount, invoice.tds, v));
      notes.reversed.push(invoice);
    } else {
      let amount: number = invoice.saleAmount;
      let tax: number = invoice.tds;
      if (short.has(invoice)) {
        // Deducted at 2% (as technical services, 194J(a)) on the invoice total, GST included:
        // both the amount and the tax are far off.
        amount = invoice.invoiceValue;
        tax = taxAt(amount, 200);
      } else if (nearlyShort.has(invoice)) {
        // Paid Rs 30 short and deducted on what was paid: a few rupees of tax.
        amount = invoice.saleAmount - 3000;
        tax = taxAt(amount, invoice.rateBasisPoints);
      }
      if (tax !== invoice.tds)
        notes.shortDeducted.push({ invoice, amount: amount as Paise, tax: tax as Paise });
      rows.push(credit(creditDate, amount, tax, v));
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};

// Credits of a deductor the sales book does not know: invoices never booked.
export const unbookedCredits = (invoices: readonly Invoice[], year: YearSpan, random: Random): CreditRow[] =>
  invoices.map((invoice) => {
    const date = minDate(addDays(invoice.date, random.int(0, 20)), year.to);
    return row(
      invoice.customer.section,
      date,
      'F',
      bookingDateFor(date, random),
      invoice.saleAmount,
      invoice.tds,
      [],
    );
  });
