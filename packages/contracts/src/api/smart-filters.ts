import { z } from 'zod';
import { CalendarDate } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { FinancialYear } from './housekeeping.ts';
import {
  CategoryParams,
  Money,
  ReconCategory,
  ReportFileQuery,
  ThrottledAnswer,
} from './reconciliation-schemas.ts';

// Smart filters and bulk update (spec part 2 section 2.7 and the calls under
// "Smart filters"), the discrepancy downloads they use (by entity-id list and
// by summary) and the smart-recon suggestions of a year.

const RECON = needs('RECON_TDS_RECEIVABLE');
const binary = { produces: 'binary' as const, response: z.unknown() };

export const SMART_FILTER_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'between', 'in', 'not in'] as const;
export const SmartFilterOperator = z.enum(SMART_FILTER_OPERATORS);
export type SmartFilterOperator = z.infer<typeof SmartFilterOperator>;

export const SMART_FILTER_SORTS = ['ASC', 'DESC', 'No Sort'] as const;

export const SmartFilterCondition = z.object({
  fieldName: z.string(),
  // the column the server evaluates; named for the spec's metadata, never taken from a request
  dbColumnName: z.string(),
  dataType: z.enum(['number', 'string']),
  allowedOperators: z.array(SmartFilterOperator),
  readOnly: z.boolean(),
  // the value a read-only condition always has (shown, not edited)
  fixedValue: z.string().nullable(),
});
export type SmartFilterCondition = z.infer<typeof SmartFilterCondition>;

export const SmartFilter = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  conditions: z.array(SmartFilterCondition),
});
export type SmartFilter = z.infer<typeof SmartFilter>;

// One ticked condition as the dialog sends it: the value as typed ("10",
// "10,20" for between, "abc,def" for an in-list).
export const SmartFilterTerm = z.object({
  field: z.string().min(1).max(60),
  operator: SmartFilterOperator,
  value: z.string().max(2000),
  sort: z.enum(SMART_FILTER_SORTS).default('No Sort'),
});
export type SmartFilterTerm = z.infer<typeof SmartFilterTerm>;

export const SmartFilterQuery = z.object({
  filter: z.string().min(1).max(60),
  conditions: z.array(SmartFilterTerm).max(20).default([]),
});
export type SmartFilterQuery = z.infer<typeof SmartFilterQuery>;

const jsonText = <T extends z.ZodType>(schema: T, what: string) =>
  z.string().transform((text, c): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      c.addIssue({ code: 'custom', message: `${what} is not valid JSON` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      c.addIssue({
        code: 'custom',
        message: `${what}: ${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}`,
      });
      return z.NEVER;
    }
    return parsed.data;
  });

export const SmartFilterEntitiesQuery = z.object({
  query: jsonText(SmartFilterQuery, 'query'),
  // "field:ASC,field2:DESC"; the dialog's sort choices travel here too
  orderBy: z.string().max(400).optional(),
});

export const SmartFilterJobDetails = z.object({
  jobType: z.string(),
  financialYear: z.string(),
  transactionStartDate: z.string(),
  transactionEndDate: z.string(),
  reconciliationTolerancePerCustomer: Money,
});

export const SmartFilterEntity = z.object({
  entityId: z.string(),
  customerName: z.string(),
  customerCode: z.string().nullable(),
  customerTAN: z.string().nullable(),
  customerPAN: z.string().nullable(),
  category: ReconCategory,
  bookTax: Money,
  taxBookTax: Money,
  // book minus 26AS
  difference: Money,
  matchedPercentage: z.number(),
  notClaimableTax: Money,
  statusUTax: Money,
  bookRows: z.number().int(),
  taxBookRows: z.number().int(),
});
export type SmartFilterEntity = z.infer<typeof SmartFilterEntity>;

export const SmartFilterResult = z.object({
  filter: z.string(),
  total: z.number().int(),
  entities: z.array(SmartFilterEntity),
  // more matched than are listed
  truncated: z.boolean(),
});
export type SmartFilterResult = z.infer<typeof SmartFilterResult>;

export const BULK_ACTIONS = ['Accept', 'Hold', 'FollowUp', 'Do Nothing'] as const;
export const BulkAction = z.enum(BULK_ACTIONS);

const IsoDate = CalendarDate;

export const SmartBulkUpdateRequest = z.object({
  jobId: z.string().uuid(),
  salesStatus: BulkAction,
  taxbookStatus: BulkAction,
  entityIds: z.array(z.string().min(1).max(200)).min(1, 'Select at least one customer.').max(5000),
  transactionStartDate: IsoDate.optional(),
  transactionEndDate: IsoDate.optional(),
});
export type SmartBulkUpdateRequest = z.infer<typeof SmartBulkUpdateRequest>;

export const SmartBulkUpdateAnswer = z.object({ message: z.string(), jobId: z.string() });

export const EntityIdListBody = z.object({
  entityIds: z.array(z.string().min(1).max(200)).min(1, 'Select at least one customer.').max(5000),
});

export const SmartReconSuggestQuery = z.object({
  taxType: z.enum(['TDS', 'TCS']).default('TDS'),
  tolerance: z.coerce.number().min(0).max(100).default(0),
  matchByName: z.enum(['true', 'false']).default('false'),
  noOfCharactersToMatchForName: z.coerce.number().int().min(1).max(100).default(5),
});

export const SmartReconSuggestion = z.object({
  // the sales-book customer and the 26AS deductor that look like the same party
  bookEntityId: z.string(),
  bookName: z.string(),
  bookTax: Money,
  taxBookEntityId: z.string(),
  taxBookName: z.string(),
  taxBookTan: z.string().nullable(),
  taxBookTax: Money,
  difference: Money,
  reason: z.string(),
});
export type SmartReconSuggestion = z.infer<typeof SmartReconSuggestion>;
export const SmartReconSuggestions = z.object({
  jobId: z.string().nullable(),
  suggestions: z.array(SmartReconSuggestion),
});

export const smartFilterRoutes = {
  smartFilters: defineRoute({
    method: 'GET',
    path: '/smart-filters/smart-filters',
    access: RECON,
    summary: 'The pre-built smart filters and their conditions',
    response: z.array(SmartFilter),
  }),
  smartFilterJobDetails: defineRoute({
    method: 'GET',
    path: '/smart-filters/jobDetails/:jobId',
    access: RECON,
    summary: "A job's type, transaction dates and tolerance, for the smart filter screen",
    params: z.object({ jobId: z.string().uuid() }),
    response: SmartFilterJobDetails,
  }),
  smartFilterEntities: defineRoute({
    method: 'GET',
    path: '/smart-filters/entityId/:jobId/:year',
    access: RECON,
    summary: "The customers of a job's result that a smart filter selects",
    params: z.object({ jobId: z.string().uuid(), year: FinancialYear }),
    query: SmartFilterEntitiesQuery,
    response: SmartFilterResult,
  }),
  smartBulkUpdate: defineRoute({
    method: 'PUT',
    path: '/smart-filters/update-discrepancies-bulk',
    access: RECON,
    summary: "Record a decision on the chosen customers' open entries, in the background",
    body: SmartBulkUpdateRequest,
    response: SmartBulkUpdateAnswer,
  }),
  downloadTdsEntityIdListAsync: defineRoute({
    method: 'POST',
    path: '/discrepancy/tds-entries-by-entityIdList/download-async/:jobId/:category',
    access: RECON,
    summary: "The chosen customers' full report, generated in the background",
    params: CategoryParams,
    query: ReportFileQuery,
    body: EntityIdListBody,
    response: ThrottledAnswer,
  }),
  downloadTdsEntityIdList: defineRoute({
    method: 'GET',
    path: '/discrepancy/tds-entries-by-entityIdList/download/:jobId/:category',
    access: RECON,
    summary: "The chosen customers' full report (xlsx and CSV in a zip), up to 2000 transactions",
    params: CategoryParams,
    query: z.object({ entityIdList: z.string().min(1).max(200_000) }),
    ...binary,
  }),
  downloadTdsSummaryAsync: defineRoute({
    method: 'POST',
    path: '/discrepancy/tds-entries-by-summary/download-async/:jobId/:category',
    access: RECON,
    summary: "The chosen customers' summary (xlsx), generated in the background",
    params: CategoryParams,
    query: z.object({ file: ReportFileQuery.shape.fileName }),
    body: EntityIdListBody,
    response: ThrottledAnswer,
  }),
  downloadTdsSummary: defineRoute({
    method: 'GET',
    path: '/discrepancy/tds-entries-by-summary/download/:jobId/:category',
    access: RECON,
    summary: "The chosen customers' summary as xlsx",
    params: CategoryParams,
    query: z.object({ entityIdList: z.string().min(1).max(200_000) }),
    ...binary,
  }),
  smartReconSuggest: defineRoute({
    method: 'GET',
    path: '/smart-recon/suggest/:year',
    access: RECON,
    summary: 'Sales-book customers and 26AS deductors of the latest job that look like the same party',
    params: z.object({ year: FinancialYear }),
    query: SmartReconSuggestQuery,
    response: SmartReconSuggestions,
  }),
} as const;
