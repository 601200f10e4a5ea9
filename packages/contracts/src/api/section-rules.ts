import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { UploadAnswer } from './ingest.ts';
import { IsoDate } from './master-data.ts';

// Section expense types, expense section mappings and rule sets of TDS payable
// (spec part 3: screens Search Section Expense Type, Search Expense Section
// Mapping, the two uploads, /transformation-rule, /raw-upload-expense).
// Field names are the spec's: the search answers use lower-case names.

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max = 200) =>
  z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional()).transform((v) => v ?? null);
const optionalDate = z.preprocess(blankToNull, IsoDate.nullable().optional()).transform((v) => v ?? null);

// A percent of the form: a number or numeric text, 0 to 100, at most 4 decimals.
const rate = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${label} must be a number between 0 and 100` })
      .min(0, `${label} must be between 0 and 100`)
      .max(100, `${label} must be between 0 and 100`),
  );
const optionalRate = (label: string) =>
  z.preprocess(blankToNull, rate(label).nullable().optional()).transform((v) => v ?? null);

// A rate filter takes the percent as typed (10, 2.5, 2.5%), or a number;
// blank leaves it out. The message names the field and the form it takes,
// as the amount filters' do: the search screen shows it alone, above the
// filters. (It took a number, and the screen sent Number('1.2.3'), NaN,
// which JSON writes as null: the search ran without the rate.)
const RATE_EXAMPLE = 'a rate, such as 10 or 2.5';
const rateFilter = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .nullable()
      .optional()
      .transform((text, ctx): number | null => {
        if (text === null || text === undefined || text === '') return null;
        const percent = text.replace(/\s*%$/, '');
        const readable = /^\d+(\.\d+)?$/.test(percent);
        if (readable && Number(percent) <= 100 && !/\.\d{5,}$/.test(percent)) return Number(percent);
        const why = !readable
          ? ''
          : Number(percent) > 100
            ? ' (a percentage between 0 and 100)'
            : ' (at most four decimals)';
        ctx.addIssue({ code: 'custom', message: `${label}: ${text} is not ${RATE_EXAMPLE}${why}` });
        return z.NEVER;
      }),
  );

// A threshold in rupees as typed ('30000', '30000.50'), answered as exact text.
const threshold = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}(\.\d{1,2})?$/, `${label} must be an amount in rupees with at most 2 decimals`)
        .refine((s) => !s.startsWith('-'), `${label} cannot be negative`)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

// --- section expense types ---

export const SectionExpenseTypeRow = z.object({
  // a uuid, or `shipped-<n>` for a row of the shipped data (the entity has no rows of its own yet)
  sectionexpensetypeid: z.string(),
  sectionnumber: z.string(),
  subsection: z.string().nullable(),
  expensetype: z.string().nullable(),
  expensetypedetail: z.string().nullable(),
  tdsexempted: z.boolean(),
  tdsratecompany: z.number(),
  tdsrateindividual: z.number(),
  tdsrateothers: z.number(),
  tdsfornoorinvalidpan: z.number().nullable(),
  applicablefromdate: z.string(),
  applicabletodate: z.string().nullable(),
  // rupees as exact text, '3000000.00'
  thresholdinvoice: z.string().nullable(),
  thresholdmonthly: z.string().nullable(),
  thresholdannually: z.string().nullable(),
  source: z.string().nullable(),
  // true while the row is (a copy of) the shipped data
  shipped: z.boolean(),
});
export type SectionExpenseTypeRow = z.infer<typeof SectionExpenseTypeRow>;

export const SectionExpenseTypeFilter = z.object({
  sectionNumber: optionalText(),
  expenseType: optionalText(),
  expenseTypeDetail: optionalText(),
  tdsExempted: z.boolean().nullable().optional(),
  // matches a row whose company, individual or others rate is this percent
  tdsRate: rateFilter('TDS Rate'),
  // rows in force at some time between these dates (either may be left out)
  applicableFromDate: optionalDate,
  applicableToDate: optionalDate,
});
export type SectionExpenseTypeFilter = z.output<typeof SectionExpenseTypeFilter>;

export const SectionExpenseTypeUpdate = z
  .object({
    sectionexpensetypeid: z.string().trim().min(1, 'sectionexpensetypeid is required').max(60),
    sectionnumber: z.string().trim().min(1, 'Section is required').max(20),
    subsection: optionalText(20),
    expensetype: optionalText(),
    expensetypedetail: optionalText(500),
    tdsexempted: z.boolean().default(false),
    tdsratecompany: rate('TDS rate (company)'),
    tdsrateindividual: rate('TDS rate (individual)'),
    tdsrateothers: rate('TDS rate (others)'),
    tdsfornoorinvalidpan: optionalRate('TDS rate for no or invalid PAN'),
    applicablefromdate: IsoDate,
    applicabletodate: optionalDate,
    thresholdinvoice: threshold('Threshold (invoice)'),
    thresholdmonthly: threshold('Threshold (monthly)'),
    thresholdannually: threshold('Threshold (annual)'),
  })
  .superRefine((m, ctx) => {
    if (m.applicabletodate && m.applicabletodate < m.applicablefromdate)
      ctx.addIssue({
        code: 'custom',
        path: ['applicabletodate'],
        message: 'Applicable To must not be before Applicable From',
      });
  });
export type SectionExpenseTypeUpdate = z.output<typeof SectionExpenseTypeUpdate>;

export const SectionExpenseTypeUpdateRequest = z.union([
  SectionExpenseTypeUpdate,
  z.array(SectionExpenseTypeUpdate).min(1, 'Send at least one mapping').max(1000),
]);
export const SectionExpenseTypeUpdateAnswer = z.object({
  message: z.string(),
  // the rows as stored; a shipped id sent in answers with the row's new id
  rows: z.array(SectionExpenseTypeRow),
});

export const SectionNatureOfPayment = z.object({
  // canonical section, e.g. 194J(b)
  first: z.string(),
  // nature of payment
  second: z.string(),
  // payment codes of the Income-tax Act, 2025 (from 1-Apr-2026); 194C has two by payee
  paymentCodes: z.array(z.string()),
});

// The header row of the upload and download files (the formats package reads
// them; a server test keeps the two lists equal).
export const SECTION_TYPE_COLUMNS_TEXT = [
  'sectionExpenseTypeId',
  'sectionNumber',
  'subSection',
  'expenseType',
  'expenseTypeDetail',
  'tdsExempted',
  'tdsRateCompany',
  'tdsRateIndividual',
  'tdsRateOthers',
  'tdsForNoOrInvalidPAN',
  'applicableFromDate',
  'applicableToDate',
  'thresholdInvoice',
  'thresholdMonthly',
  'thresholdAnnually',
] as const;
export const EXPENSE_SECTION_COLUMNS_TEXT = [
  'expenseKey',
  'expenseDescription',
  'sectionNumber',
  'subSection',
  'expenseType',
  'expenseTypeDetail',
  'tdsExempted',
  'applicableFromDate',
  'applicableToDate',
] as const;

// --- expense section mappings ---

export const ExpenseSectionMappingRow = z.object({
  id: z.string(),
  expensekey: z.string(),
  expensedescription: z.string().nullable(),
  sectionnumber: z.string(),
  subsection: z.string().nullable(),
  expensetype: z.string().nullable(),
  expensetypedetail: z.string().nullable(),
  tdsexempted: z.boolean(),
  applicablefromdate: z.string().nullable(),
  applicabletodate: z.string().nullable(),
});
export type ExpenseSectionMappingRow = z.infer<typeof ExpenseSectionMappingRow>;

export const ExpenseSectionMappingFilter = z.object({
  expenseKey: optionalText(),
  expenseDescription: optionalText(),
  sectionNumber: optionalText(),
  expenseType: optionalText(),
  expenseTypeDetail: optionalText(),
  applicableFromDate: optionalDate,
  applicableToDate: optionalDate,
});
export type ExpenseSectionMappingFilter = z.output<typeof ExpenseSectionMappingFilter>;
export const EXPENSE_MAPPING_SEARCH_LIMIT = 10_000;

// --- rule sets ---

export const RULE_FIELDS = [
  'glCode',
  'primaryExpenseKey',
  'secondaryExpenseKey',
  'documentDescription',
  'vendorCode',
  'vendorName',
  'documentNumber',
  'panNo',
  // spec part 3 section 9: "Default rule fields include Vendor Section and GL Section"
  'vendorSection',
  'glSection',
] as const;
export const LOGICAL_OPERATORS = ['AND', 'OR', 'NOOPERATOR'] as const;
export const MATCHING_OPERATORS = ['=', 'contains'] as const;
export const RULE_INCOMPLETE =
  'Please select a value for Field Name, Matching Operator, and Field Value for the rule.';

// Checked by the server's own rules (rule-set-rules.ts) so every message is the spec's.
const looseText = z.string().max(200).nullable().optional();
const FieldValues = z
  .union([z.string().max(2000), z.array(z.string().max(500)).max(200)])
  .nullable()
  .optional();

export const RuleInput = z.object({
  fieldName: looseText,
  SourceFieldName: looseText,
  matchingOperator: looseText,
  fieldValues: FieldValues,
});
export type RuleInput = z.infer<typeof RuleInput>;

export const AddRuleSetRequest = z.object({
  ruleSetName: looseText,
  // the section
  value: looseText,
  logicalOperator: looseText,
  rules: z.array(RuleInput).max(100).optional(),
});
export type AddRuleSetRequest = z.infer<typeof AddRuleSetRequest>;

// One rule to change (ruleId), or to add to a rule set (ruleSetId without ruleId);
// logicalOperator optionally changes how the set joins its rules.
export const UpdateRuleRequest = RuleInput.extend({
  ruleId: z.string().uuid().optional(),
  ruleSetId: z.string().uuid().optional(),
  logicalOperator: looseText,
});
export type UpdateRuleRequest = z.infer<typeof UpdateRuleRequest>;

export const RuleView = z.object({
  ruleId: z.string(),
  ruleSetId: z.string(),
  ruleSetName: z.string(),
  logicOperator: z.enum(LOGICAL_OPERATORS),
  fieldName: z.string(),
  SourceFieldName: z.string().nullable(),
  matchingOperator: z.enum(MATCHING_OPERATORS),
  fieldValues: z.array(z.string()),
});
export const RuleSetView = z.object({
  ruleSetId: z.string(),
  ruleSetName: z.string(),
  value: z.string(),
  logicalOperator: z.enum(LOGICAL_OPERATORS),
  rules: z.array(RuleView),
});
export type RuleSetView = z.infer<typeof RuleSetView>;

export const RuleSetAnswer = z.object({
  message: z.string(),
  ruleSet: RuleSetView.nullable(),
  // what the server changed on its own (an AND/OR set left with one rule became NOOPERATOR)
  notice: z.string().nullable(),
});

// --- raw expense ledger ---

export const RAW_EXPENSE_FIELDS = [
  'glCode',
  'glDescription',
  'documentNumber',
  'documentType',
  'documentDate',
  'postingDate',
  'deductionDate',
  'documentDescription',
  'baseAmount',
  'invoiceAmount',
  'tdsSection',
  'tdsAmount',
  'tdsRate',
  'vendorCode',
  'vendorName',
  'vendorType',
  'panNo',
  'tanNumber',
] as const;
export type RawExpenseField = (typeof RAW_EXPENSE_FIELDS)[number];
export const RAW_EXPENSE_MANDATORY: readonly RawExpenseField[] = [
  'documentNumber',
  'documentDate',
  'postingDate',
  'documentDescription',
  'baseAmount',
  'vendorCode',
];

export const RawTransformResult = z.object({
  fileName: z.string(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsRejected: z.number().int(),
  // lines that took their section from a rule set
  rowsByRuleSet: z.number().int(),
  transformedFileName: z.string(),
  // the stored_files row of the transformed ledger (kind 'expense-transformed')
  transformedFileId: z.string(),
  errorReportFileName: z.string(),
});
export type RawTransformResult = z.infer<typeof RawTransformResult>;

const JobIdParam = z.object({ jobId: z.string().uuid() });
const access = needs('MASTERDATA_EXPENSESECTION_MAPPING');

export const sectionRulesRoutes = {
  searchSectionExpenseTypes: defineRoute({
    method: 'POST',
    path: '/search/SectionExpenseTypeMapping',
    access,
    summary: "Search the entity's section expense types (the shipped data while it has none of its own)",
    body: SectionExpenseTypeFilter,
    response: z.array(SectionExpenseTypeRow),
  }),
  updateSectionExpenseType: defineRoute({
    method: 'PUT',
    path: '/section-expense/update-section-expense-type',
    access,
    summary: 'Change one section expense type, or several (inline edit)',
    body: SectionExpenseTypeUpdateRequest,
    response: SectionExpenseTypeUpdateAnswer,
  }),
  allSectionExpenseTypes: defineRoute({
    method: 'GET',
    path: '/section-expense/get-all-section-expense-type',
    access,
    summary: 'Every section expense type of the entity',
    response: z.array(SectionExpenseTypeRow),
  }),
  sectionNatureOfPayment: defineRoute({
    method: 'GET',
    path: '/section-expense/get-section-nature-of-payment-mapping',
    access,
    summary: 'Sections with their nature of payment and 2025-Act payment codes',
    response: z.array(SectionNatureOfPayment),
  }),
  searchExpenseSectionMappings: defineRoute({
    method: 'POST',
    path: '/search/ExpenseSectionMapping',
    access,
    summary: 'Search the expense section mappings',
    body: ExpenseSectionMappingFilter,
    response: z.array(ExpenseSectionMappingRow),
  }),
  downloadExpenseSectionMappings: defineRoute({
    method: 'GET',
    path: '/expense-section-mapping/',
    access,
    summary: 'The expense section mappings as a tab-separated text file (the upload format)',
    response: z.unknown(),
    produces: 'binary',
  }),
  downloadSectionExpenseTypes: defineRoute({
    method: 'GET',
    path: '/section-expense/download-section-expense-type',
    access,
    summary: 'The section expense types as a tab-separated text file (the upload format)',
    response: z.unknown(),
    produces: 'binary',
  }),
  uploadSectionExpenseTypes: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-section-expense-type',
    access,
    summary: "Replace the entity's section expense types from a file (.txt, .csv, .xlsx)",
    consumes: 'multipart',
    body: z.object({}),
    response: UploadAnswer,
  }),
  uploadExpenseSectionMappings: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-expense-section-mapping',
    access,
    summary: 'Add or change expense section mappings from a file (by expense key and applicable from)',
    consumes: 'multipart',
    body: z.object({}),
    response: UploadAnswer,
  }),
  addRuleSet: defineRoute({
    method: 'POST',
    path: '/section-expense/add-section-rule-set',
    access,
    summary: 'Create a rule set',
    body: AddRuleSetRequest,
    response: RuleSetAnswer,
  }),
  ruleSetsOfSection: defineRoute({
    method: 'GET',
    path: '/section-expense/get-section-rule-set/:section',
    access,
    summary: 'Rule sets of one section',
    params: z.object({ section: z.string().min(1).max(30) }),
    response: z.array(RuleSetView),
  }),
  allRuleSets: defineRoute({
    method: 'GET',
    path: '/section-expense/get-all-rule-sets',
    access,
    summary: 'Every rule set of the entity, in the order they are tried',
    response: z.array(RuleSetView),
  }),
  updateRule: defineRoute({
    method: 'PUT',
    path: '/section-expense/update-rule',
    access,
    summary: 'Change a rule, or add one to a rule set',
    body: UpdateRuleRequest,
    response: RuleSetAnswer,
  }),
  deleteRule: defineRoute({
    method: 'DELETE',
    path: '/section-expense/delete-rule/:ruleId',
    access,
    summary: 'Delete a rule',
    params: z.object({ ruleId: z.string().uuid() }),
    response: RuleSetAnswer,
  }),
  deleteRuleSet: defineRoute({
    method: 'DELETE',
    path: '/section-expense/delete-rule-set/:ruleSetId',
    access,
    summary: 'Delete a rule set with its rules',
    params: z.object({ ruleSetId: z.string().uuid() }),
    response: RuleSetAnswer,
  }),
  transformRawExpenseLedger: defineRoute({
    method: 'PUT',
    path: '/ingest/transform-raw-expense-ledger',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Transform a raw expense ledger (.csv) by a column mapping and the rule sets',
    consumes: 'multipart',
    body: z.object({ mappingDefinition: z.string(), headers: z.string().optional() }),
    response: UploadAnswer,
  }),
  rawTransformedFile: defineRoute({
    method: 'GET',
    path: '/ingest/transform-raw-expense-ledger/:jobId/transformed',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'The transformed ledger of a raw expense job (34A fields, tab-separated)',
    params: JobIdParam,
    response: z.unknown(),
    produces: 'binary',
  }),
  rawErrorReport: defineRoute({
    method: 'GET',
    path: '/ingest/transform-raw-expense-ledger/:jobId/errors',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'The error report of a raw expense job (line, column, problem)',
    params: JobIdParam,
    response: z.unknown(),
    produces: 'binary',
  }),
} as const;
