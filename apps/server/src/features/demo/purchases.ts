import type { Paise } from '@taxrecon/shared';
import { bookingDateFor, type CreditRow } from './credits.ts';
import { addDays, dayNumber, minDate, taxAt } from './format.ts';
import { gstinFor, type IdentifierMint } from './identifiers.ts';
import { HOME_STATE_CODE, PLACES, type Place } from './places.ts';
import type { Random } from './random.ts';
import type { VendorSpec } from './roster.ts';
import type { YearSpan } from './year.ts';

export interface Vendor extends VendorSpec {
  pan: string;
  tan: string;
  gstin: string;
  address: Place & { street: string };
}

export interface Bill {
  vendor: Vendor;
  date: string;
  number: string;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  roundOff: Paise;
  invoiceValue: Paise;
  // Null where no TCS was collected on the bill.
  tcsBasisPoints: number | null;
  tcs: Paise;
}

// Section 206C(1H): a seller collects 0.1% of what it receives from one buyer
// in the year above 50 lakh. The consideration includes GST (CBDT circular
// 17/2020), so the base is the bill's gross total.
export const TCS_THRESHOLD = 5_000_000_00 as Paise;
export const TCS_BASIS_POINTS = 10;

export const makeVendor = (spec: VendorSpec, mint: IdentifierMint, random: Random): Vendor => {
  const place = PLACES[spec.place];
  const pan = mint.pan(spec.holder, spec.initial);
  return {
    ...spec,
    pan,
    tan: mint.tan(place.tanPrefix, spec.initial),
    gstin: gstinFor(place.stateCode, pan),
    address: { ...place, street: `${random.int(1, 220)}, ${random.pick(place.streets)}` },
  };
};

export const vendorBills = (vendor: Vendor, year: YearSpan, random: Random): Bill[] => {
  const days = dayNumber(year.to) - dayNumber(year.from);
  const dates: string[] = [];
  for (let i = 0; i < vendor.bills; i++) dates.push(addDays(year.from, random.int(0, days)));
  dates.sort();
  const local = vendor.address.stateCode === HOME_STATE_CODE;
  let serial = random.int(100, 900);
  let received = 0;
  return dates.map((date) => {
    serial += random.int(1, 40);
    const rupees = Math.round(vendor.typicalBill * (0.5 + random.next()));
    const taxable = rupees * 100 + random.pick([0, 0, 0, 25, 50, 75]);
    const cgst = local ? taxAt(taxable, vendor.gstBasisPoints / 2) : 0;
    const igst = local ? 0 : taxAt(taxable, vendor.gstBasisPoints);
    const exact = taxable + 2 * cgst + igst;
    const invoiceValue = Math.round(exact / 100) * 100;
    const before = received;
    received += invoiceValue;
    const excess = Math.max(0, received - TCS_THRESHOLD) - Math.max(0, before - TCS_THRESHOLD);
    const tcs = taxAt(excess, TCS_BASIS_POINTS);
    return {
      vendor,
      date,
      number: `${vendor.billPrefix}/${year.short}/${String(serial).padStart(4, '0')}`,
      taxable: taxable as Paise,
      cgst: cgst as Paise,
      sgst: cgst as Paise,
      igst: igst as Paise,
      roundOff: (invoiceValue - exact) as Paise,
      invoiceValue: invoiceValue as Paise,
      tcsBasisPoints: tcs > 0 ? TCS_BASIS_POINTS : null,
      tcs,
    };
  });
};

// Part VI rows of one collector. The amount is the whole bill; the tax only
// its part above the threshold. A 'tcs-missing-q4' vendor never reported its
// January-March collections.
export const vendorCredits = (
  vendor: Vendor,
  bills: readonly Bill[],
  year: YearSpan,
  random: Random,
  missing: Bill[],
): CreditRow[] => {
  const rows: CreditRow[] = [];
  for (const bill of bills) {
    if (bill.tcs === 0) continue;
    if (vendor.case === 'tcs-missing-q4' && Number(bill.date.slice(5, 7)) <= 3) {
      missing.push(bill);
      continue;
    }
    const date = minDate(addDays(bill.date, random.int(0, 10)), year.to);
    rows.push({
      section: '206CR',
      date,
      status: 'F',
      bookingDate: bookingDateFor(date, random),
      remarks: null,
      amount: bill.invoiceValue,
      tax: bill.tcs,
      deposited: bill.tcs,
      sources: [bill.number],
    });
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};
