import type { PurchaseField, SalesField } from '@taxrecon/formats';
import { formatIndianRupees } from '@taxrecon/shared';
import { ratePercent, tallyDate } from './format.ts';
import type { Bill } from './purchases.ts';
import { NAME_VARIANT_BOOK_NAME } from './roster.ts';
import type { Invoice } from './sales.ts';
import type { YearSpan } from './year.ts';

// Sales and purchase registers as Tally exports them to a tab-separated
// .txt: title lines, the column header, one line per voucher, a grand total.

// Each column's Tally header and the target field it is meant to map to.
export const REGISTER_COLUMNS = {
  sales: {
    Date: 'date',
    Particulars: 'customerName',
    'Vch Type': 'voucherType',
    'Vch No.': 'voucherNumber',
    'Voucher Ref.': 'voucherRef',
    'GSTIN/UIN': 'gstin',
    'PAN No.': 'pan',
    'TAN No.': 'tan',
    'Customer Code': 'customerCode',
    Location: 'customerLocation',
    Region: 'customerRegion',
    'Professional Services': 'saleAmount',
    'CGST @9%': 'cgst',
    'SGST @9%': 'sgst',
    'IGST @18%': 'igst',
    'Gross Total': 'invoiceValue',
    'TDS Section': 'section',
    'TDS Rate': 'tdsRate',
    'TDS on Sales': 'tdsAmount',
  } satisfies Record<string, SalesField>,
  purchase: {
    Date: 'date',
    Particulars: 'supplierName',
    'Supplier Invoice No.': 'billNumber',
    'GSTIN/UIN': 'gstin',
    'PAN No.': 'pan',
    'TAN No.': 'tan',
    'Purchase Accounts': 'purchaseValue',
    'Input CGST': 'cgst',
    'Input SGST': 'sgst',
    'Input IGST': 'igst',
    'Rounded Off': 'roundOff',
    'Gross Total': 'invoiceValue',
    'TCS Rate': 'tcsRate',
    'TCS on Purchase': 'tcsAmount',
    'TCS Section': 'section',
  } satisfies Record<string, PurchaseField>,
};

export const SALES_REGISTER_HEADERS = Object.keys(REGISTER_COLUMNS.sales);
export const PURCHASE_REGISTER_HEADERS = Object.keys(REGISTER_COLUMNS.purchase);

// Tally leaves a zero amount blank.
const amount = (p: number): string => (p === 0 ? '' : formatIndianRupees(p));

const sum = <T>(items: readonly T[], of: (item: T) => number): number =>
  items.reduce((s, item) => s + of(item), 0);

const titleLines = (entityName: string, report: string, year: YearSpan): string[] => [
  entityName,
  report,
  `${tallyDate(year.from)} to ${tallyDate(year.to)}`,
  '',
];

const text = (lines: readonly string[]): string => `${lines.join('\r\n')}\r\n`;

// Which identifiers a sales line shows depends on the customer's planted case.
const salesIdentifiers = (invoice: Invoice, showPan: boolean) => {
  const c = invoice.customer;
  if (c.case === 'name-variant')
    return { name: NAME_VARIANT_BOOK_NAME, gstin: '', pan: '', tan: '', code: '' };
  // Not in the master and booked by name alone: only 26AS names the company.
  if (c.case === 'name-only') return { name: c.bookName, gstin: '', pan: '', tan: '', code: '' };
  // Booked with the GSTIN only: the PAN inside it identifies the customer.
  if (c.case === 'no-tan-in-sales')
    return { name: c.bookName, gstin: c.gstin ?? '', pan: '', tan: '', code: c.code };
  return {
    name: c.bookName,
    gstin: c.gstin ?? '',
    pan: showPan ? (c.pan ?? '') : '',
    tan: c.tan,
    code: c.code,
  };
};

export const salesRegisterText = (
  entityName: string,
  year: YearSpan,
  invoices: readonly Invoice[],
  customersShowingPan: ReadonlySet<string>,
): string => {
  const lines = [...titleLines(entityName, 'Sales Register', year), SALES_REGISTER_HEADERS.join('\t')];
  for (const inv of invoices) {
    const id = salesIdentifiers(inv, customersShowingPan.has(inv.customer.code));
    lines.push(
      [
        tallyDate(inv.date),
        id.name,
        'Sales',
        inv.voucher,
        inv.ref ?? '',
        id.gstin,
        id.pan,
        id.tan,
        id.code,
        inv.customer.address.city,
        inv.customer.address.region,
        amount(inv.saleAmount),
        amount(inv.cgst),
        amount(inv.sgst),
        amount(inv.igst),
        amount(inv.invoiceValue),
        inv.customer.section,
        `${ratePercent(inv.rateBasisPoints)}%`,
        amount(inv.tds),
      ].join('\t'),
    );
  }
  lines.push(
    [
      '',
      'Grand Total',
      ...Array<string>(9).fill(''),
      amount(sum(invoices, (i) => i.saleAmount)),
      amount(sum(invoices, (i) => i.cgst)),
      amount(sum(invoices, (i) => i.sgst)),
      amount(sum(invoices, (i) => i.igst)),
      amount(sum(invoices, (i) => i.invoiceValue)),
      '',
      '',
      amount(sum(invoices, (i) => i.tds)),
    ].join('\t'),
  );
  return text(lines);
};

export const purchaseRegisterText = (entityName: string, year: YearSpan, bills: readonly Bill[]): string => {
  const lines = [...titleLines(entityName, 'Purchase Register', year), PURCHASE_REGISTER_HEADERS.join('\t')];
  for (const b of bills) {
    lines.push(
      [
        tallyDate(b.date),
        b.vendor.bookName,
        b.number,
        b.vendor.gstin,
        b.vendor.pan,
        b.vendor.tan,
        amount(b.taxable),
        amount(b.cgst),
        amount(b.sgst),
        amount(b.igst),
        amount(b.roundOff),
        amount(b.invoiceValue),
        b.tcsBasisPoints === null ? '' : ratePercent(b.tcsBasisPoints),
        amount(b.tcs),
        b.tcs === 0 ? '' : '206C(1H)',
      ].join('\t'),
    );
  }
  lines.push(
    [
      '',
      'Grand Total',
      ...Array<string>(4).fill(''),
      amount(sum(bills, (b) => b.taxable)),
      amount(sum(bills, (b) => b.cgst)),
      amount(sum(bills, (b) => b.sgst)),
      amount(sum(bills, (b) => b.igst)),
      amount(sum(bills, (b) => b.roundOff)),
      amount(sum(bills, (b) => b.invoiceValue)),
      '',
      amount(sum(bills, (b) => b.tcs)),
      '',
    ].join('\t'),
  );
  return text(lines);
};
