import type { Paise } from '@taxrecon/shared';
import { addDays, dayNumber, taxAt } from './format.ts';
import { gstinFor, type IdentifierMint } from './identifiers.ts';
import { HOME_STATE_CODE, PLACES, type Place } from './places.ts';
import type { Random } from './random.ts';
import type { CustomerSpec } from './roster.ts';
import type { YearSpan } from './year.ts';

export interface Customer extends CustomerSpec {
  // Government departments deduct under a TAN and hold no PAN or GSTIN.
  pan: string | null;
  tan: string;
  gstin: string | null;
  address: Place & { street: string };
}

// Invoices the planted cases need in a known place.
export type InvoiceTag = 'split-one-to-several' | 'split-several-to-one' | 'identical' | 'late-march';

export interface Invoice {
  customer: Customer;
  date: string;
  // Set once all invoices are in date order; empty for credits never booked.
  voucher: string;
  ref: string | null;
  saleAmount: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  invoiceValue: Paise;
  rateBasisPoints: number;
  tds: Paise;
  tag: InvoiceTag | null;
}

export const makeCustomer = (spec: CustomerSpec, mint: IdentifierMint, random: Random): Customer => {
  const place = PLACES[spec.place];
  const pan = spec.holder === 'government' ? null : mint.pan(spec.holder, spec.initial);
  return {
    ...spec,
    pan,
    tan: mint.tan(place.tanPrefix, spec.initial),
    gstin: pan === null ? null : gstinFor(place.stateCode, pan),
    address: { ...place, street: `${random.int(1, 220)}, ${random.pick(place.streets)}` },
  };
};

// Fees are quoted in round fifties of rupees.
const fee = (random: Random, typical: number): Paise =>
  (Math.round((typical * (0.6 + 0.8 * random.next())) / 50) * 50 * 100) as Paise;

export const makeInvoice = (
  customer: Customer,
  date: string,
  saleAmount: Paise,
  ref: string | null,
  tag: InvoiceTag | null = null,
): Invoice => {
  // Supplies within the home state carry CGST + SGST at 9% each; others IGST at 18%.
  const local = customer.address.stateCode === HOME_STATE_CODE;
  const cgst = local ? taxAt(saleAmount, 900) : (0 as Paise);
  const sgst = cgst;
  const igst = local ? (0 as Paise) : taxAt(saleAmount, 1800);
  return {
    customer,
    date,
    voucher: '',
    ref,
    saleAmount,
    cgst,
    sgst,
    igst,
    invoiceValue: (saleAmount + cgst + sgst + igst) as Paise,
    rateBasisPoints: customer.rateBasisPoints,
    // TDS is on the fee alone: GST shown separately on the invoice is not part of it.
    tds: taxAt(saleAmount, customer.rateBasisPoints),
    tag,
  };
};

// A customer's invoices of the year, in date order, with the invoices its
// planted case needs.
export const customerInvoices = (customer: Customer, year: YearSpan, random: Random): Invoice[] => {
  const days = dayNumber(year.to) - dayNumber(year.from);
  const withPo = random.chance(0.4);
  const ref = (): string | null => (withPo ? `PO/${random.digits(6)}` : null);
  const invoices: Invoice[] = [];
  if (customer.invoicesPerYear === 12) {
    // Small accounts are billed a monthly retainer.
    for (let month = 0; month < 12; month++) {
      const calendarMonth = ((month + 3) % 12) + 1;
      const first = `${calendarMonth < 4 ? year.startYear + 1 : year.startYear}-${String(calendarMonth).padStart(2, '0')}-01`;
      invoices.push(
        makeInvoice(customer, addDays(first, random.int(0, 27)), fee(random, customer.typicalFee), ref()),
      );
    }
  } else {
    const low = Math.round(customer.invoicesPerYear * 0.9);
    const count = random.int(low, Math.round(customer.invoicesPerYear * 1.1));
    for (let i = 0; i < count; i++) {
      const date = addDays(year.from, random.int(0, days));
      invoices.push(makeInvoice(customer, date, fee(random, customer.typicalFee), ref()));
    }
  }
  const y = year.startYear;
  switch (customer.case) {
    case 'carry-forward':
      for (const day of [21, 28]) {
        invoices.push(
          makeInvoice(customer, `${y + 1}-03-${day}`, fee(random, customer.typicalFee), ref(), 'late-march'),
        );
      }
      break;
    case 'split-credits':
      invoices.push(
        makeInvoice(
          customer,
          `${y}-06-03`,
          (fee(random, customer.typicalFee) * 3) as Paise,
          ref(),
          'split-one-to-several',
        ),
      );
      for (const day of ['05', '12', '19']) {
        invoices.push(
          makeInvoice(
            customer,
            `${y}-11-${day}`,
            fee(random, customer.typicalFee),
            ref(),
            'split-several-to-one',
          ),
        );
      }
      break;
    case 'identical-rows': {
      const amount = fee(random, customer.typicalFee);
      invoices.push(makeInvoice(customer, `${y}-10-15`, amount, ref(), 'identical'));
      invoices.push(makeInvoice(customer, `${y}-10-15`, amount, ref(), 'identical'));
      break;
    }
    default:
      break;
  }
  // Tagged invoices are placed on purpose: keep ordinary ones off their days.
  return invoices
    .filter((inv) => inv.tag !== null || !clashes(inv, invoices))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};

// An ordinary invoice on the same day as a tagged one would blur which
// credit belongs to which invoice in the planted case.
const clashes = (invoice: Invoice, all: readonly Invoice[]): boolean =>
  all.some((other) => other.tag !== null && other.date === invoice.date);
