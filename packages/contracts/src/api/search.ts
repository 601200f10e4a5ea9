import { z } from 'zod';
import { CalendarDate, RequestFinancialYear } from '../common.ts';
import { defineRoute, FULL_USER, needs } from '../route.ts';

// Spec part 2 section 2.10: searches of 26AS, sales book and purchase book
// entries. At most 1000 records come back per page; the totals cover every
// matching row, not only the page.
const IsoDate = CalendarDate;
const optionalText = z.string().trim().max(200).optional();

const Paging = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(50),
  sortBy: z.string().max(50).optional(),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});

export const SearchTotals = z.object({ count: z.number().int(), amount: z.string(), tax: z.string() });

export const Search26asRequest = Paging.extend({
  tanNumber: optionalText,
  customerName: optionalText,
  panNumber: optionalText,
  // a year, or none ('' from a cleared picker): any other text found nothing, answered 200
  financialYear: z.preprocess((v) => (v === '' ? undefined : v), RequestFinancialYear.optional()),
  taxType: z.enum(['TDS', 'TCS']).optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});
export const TaxEntryRecord = z.object({
  id: z.string(),
  customername: z.string(),
  tannumber: z.string(),
  section: z.string(),
  transactiondate: z.string(),
  status: z.string(),
  bookingdate: z.string().nullable(),
  amountpaid: z.string(),
  taxdeducted: z.string(),
  taxfiled: z.string(),
  taxtype: z.enum(['TDS', 'TCS']),
  financialyear: z.string(),
  file: z.string(),
  line: z.number().int(),
});

export const SearchSalesRequest = Paging.extend({
  tanNumber: optionalText,
  customerName: optionalText,
  panNumber: optionalText,
  invoiceNumber: optionalText,
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});
export const SalesEntryRecord = z.object({
  id: z.string(),
  customername: z.string(),
  customercode: z.string().nullable(),
  vouchernumber: z.string().nullable(),
  pannumber: z.string().nullable(),
  tannumber: z.string().nullable(),
  originaltransactiondate: z.string(),
  transactiondate: z.string(),
  invoicevalue: z.string().nullable(),
  professionalservices: z.string().nullable(),
  tdsrate: z.string().nullable(),
  tdsonsales: z.string().nullable(),
  section: z.string().nullable(),
  toReconcile: z.boolean(),
});
export type SalesEntryRecord = z.infer<typeof SalesEntryRecord>;

export const SearchPurchaseRequest = Paging.extend({
  tanNumber: optionalText,
  supplierName: optionalText,
  panNumber: optionalText,
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});
export const PurchaseEntryRecord = z.object({
  id: z.string(),
  suppliername: z.string(),
  tannumber: z.string().nullable(),
  billnumber: z.string().nullable(),
  pannumber: z.string().nullable(),
  transactiondate: z.string(),
  invoicevalue: z.string().nullable(),
  purchasevalue: z.string().nullable(),
  tcsrate: z.string().nullable(),
  tcsonpurchase: z.string().nullable(),
});

const answer = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), totalRecords: z.number().int(), totals: SearchTotals });

const Rupees = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d{1,2})?$/, 'an amount in rupees with at most two decimals');

// The kinds of data a year picker can ask about.
export const YEAR_DATA_KINDS = [
  'sales',
  'purchase',
  '26as',
  'expenses',
  'payments',
  'payable-sales',
  '34a',
  'form16a',
] as const;
export const YearDataKind = z.enum(YEAR_DATA_KINDS);
export type YearDataKind = z.infer<typeof YearDataKind>;

export const searchRoutes = {
  search26as: defineRoute({
    method: 'POST',
    path: '/search/26as',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'Search 26AS entries of the current entity',
    body: Search26asRequest,
    response: answer(TaxEntryRecord),
  }),
  searchSales: defineRoute({
    method: 'POST',
    path: '/search/sales',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Search sales book entries',
    body: SearchSalesRequest,
    response: answer(SalesEntryRecord),
  }),
  searchPurchase: defineRoute({
    method: 'POST',
    path: '/search/purchase',
    access: needs('DATA_MANAGEMENT'),
    summary: 'Search purchase book entries',
    body: SearchPurchaseRequest,
    response: answer(PurchaseEntryRecord),
  }),
  // The year pickers start on the latest year that has data and mark which have.
  financialYearsWithData: defineRoute({
    method: 'GET',
    path: '/search/financial-years',
    // every full user: the years are what the submit and data screens pick from
    access: FULL_USER,
    summary:
      'Financial years (2024-25) that hold data of one kind in the current entity, latest first: sales (TDS) or purchase (TCS) book entries, 26AS entries, uploaded expense, vendor-payment or payable sales-register files, 34A runs, Form 16A certificates',
    query: z.object({ book: YearDataKind }),
    response: z.object({ years: z.array(z.string()) }),
  }),
  salesToReconcile: defineRoute({
    method: 'GET',
    path: '/search/sales/to-reconcile',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Customers whose sales entries were edited since the last reconciliation',
    response: z.object({ customers: z.array(z.string()) }),
  }),
  editSalesEntry: defineRoute({
    method: 'PUT',
    path: '/ingest/sales',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: "Change a sales entry's TDS rate and amount; its customer is marked to be reconciled again",
    query: z.object({
      id: z.string().regex(/^\d+$/),
      saleAmount: Rupees.optional(),
      tdsAmount: Rupees.refine((v) => !v.startsWith('-'), 'the TDS amount must not be negative'),
      // A percentage: 9400 is a typing slip, not a rate (spec part 2 section 2.10).
      tdsRate: z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,4})?$/, 'a rate like 10 or 0.1')
        .refine((v) => Number(v) <= 100, 'the TDS rate must be a percentage between 0 and 100'),
    }),
    response: z.object({ status: z.boolean(), message: z.string() }),
  }),
} as const;
