import { z } from 'zod';
import { defineRoute, FULL_USER, needs } from '../route.ts';

export const INGEST_KINDS = [
  'form-26as',
  'sales-register',
  'purchase-register',
  'customer-mapping',
  'customer-master',
  'vendor-master',
] as const;
export const IngestKind = z.enum(INGEST_KINDS);
export type IngestKind = z.infer<typeof IngestKind>;

// What a person sees after a load: rows read, loaded and rejected, and the
// sums read versus loaded, so nothing can go missing unnoticed.
export const ControlTotals = z.object({
  rowsRead: z.number().int(),
  rowsLoaded: z.number().int(),
  rowsRejected: z.number().int(),
  rowsSkipped: z.number().int(),
  amountRead: z.string(),
  amountLoaded: z.string(),
  taxRead: z.string(),
  taxLoaded: z.string(),
  balanced: z.boolean(),
});
export type ControlTotals = z.infer<typeof ControlTotals>;

export const UploadAnswer = z.object({
  message: z.string(),
  jobId: z.string().nullable(),
  validationErrorsCount: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;

// Form fields sent beside the file(s). mappingDefinition maps target field keys
// to header names, e.g. {"voucherNumber":"Vch No."}; headers is the pasted header row.
// An upload answered 409 with one of these codes asks the user a question
// ("load it again?"); sending it again with force=true loads it anyway.
export const DUPLICATE_FILE = 'DUPLICATE_FILE';
// a 26AS statement whose transactions are mostly loaded already (same PAN and year)
export const ROWS_ALREADY_LOADED = 'ROWS_ALREADY_LOADED';
// a 26AS of a PAN other than the 26AS already loaded, into an entity with no PAN yet
export const PAN_UNCONFIRMED = 'PAN_UNCONFIRMED';
export const UPLOAD_CONFIRM_CODES: readonly string[] = [DUPLICATE_FILE, ROWS_ALREADY_LOADED, PAN_UNCONFIRMED];
// a 26AS whose PAN is not the entity's PAN: refused, never loaded "anyway"
export const PAN_MISMATCH = 'PAN_MISMATCH';

export const UploadFields = z.object({
  financialYear: z.string().optional(),
  mappingDefinition: z.string().optional(),
  headers: z.string().optional(),
  password: z.string().optional(),
  // load a file again although the same bytes, or most of its rows, were loaded before
  force: z.enum(['true', 'false']).optional(),
});

export const MappingField = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  header: z.string().nullable(),
  score: z.number(),
});

export const MappingAnswer = z.object({
  kind: IngestKind,
  fields: z.array(MappingField),
  // true when the mapping came from the last upload of this entity
  remembered: z.boolean(),
});

const RegisterKind = z.object({ kind: z.enum(['sales-register', 'purchase-register']) });

export const FolderListing = z.object({
  folder: z.string(),
  files: z.array(z.object({ fileName: z.string(), sizeBytes: z.number().int(), modifiedAt: z.string() })),
});
export const FolderLoadRequest = z.object({
  fileNames: z.array(z.string().max(255)).max(500).optional(),
  financialYear: z.string().optional(),
  mappingDefinition: z.record(z.string(), z.string()).optional(),
  header: z.string().max(10_000).optional(),
  // load although the same bytes, or most of a 26AS's rows, were loaded before ("Load again")
  force: z.boolean().optional(),
});

const folderRoutes = (
  name: string,
  folder: string,
  permission: 'DATA_MANAGEMENT_26AS' | 'DATA_MANAGEMENT_SALES' | 'DATA_MANAGEMENT',
) => ({
  list: defineRoute({
    method: 'GET',
    path: `/ingest/${folder}-data-folder`,
    access: needs(permission),
    summary: `Files waiting in the server folder for ${name}`,
    response: FolderListing,
  }),
  load: defineRoute({
    method: 'PUT',
    path: `/ingest/${folder}-folder-ingest`,
    access: needs(permission),
    summary: `Load ${name} from the server folder`,
    body: FolderLoadRequest,
    response: UploadAnswer,
  }),
});
const raw26as = folderRoutes('raw 26AS text files', 'taxbook-raw', 'DATA_MANAGEMENT_26AS');
const salesFolder = folderRoutes('sales registers', 'sales', 'DATA_MANAGEMENT_SALES');
const purchaseFolder = folderRoutes('purchase registers', 'purchase', 'DATA_MANAGEMENT');

export const ingestRoutes = {
  listRaw26asFolder: raw26as.list,
  loadRaw26asFolder: raw26as.load,
  listSalesFolder: salesFolder.list,
  loadSalesFolder: salesFolder.load,
  listPurchaseFolder: purchaseFolder.list,
  loadPurchaseFolder: purchaseFolder.load,
  upload26as: defineRoute({
    method: 'PUT',
    path: '/ingest/taxbook',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'Upload 26AS text files or a TRACES zip (field password)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  uploadSales: defineRoute({
    method: 'PUT',
    path: '/ingest/sales-register',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Upload a sales register (.txt, .csv, .xlsx, .xls)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  uploadPurchase: defineRoute({
    method: 'PUT',
    path: '/ingest/purchase-register',
    access: needs('DATA_MANAGEMENT'),
    summary: 'Upload a purchase register (.txt, .csv, .xlsx)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  uploadCustomerMapping: defineRoute({
    method: 'PUT',
    path: '/customer-mapping/',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Upload the customer mapping file (.txt)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  uploadCustomerMaster: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-customer',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Create or update customers from a customer master file (.txt)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  uploadVendorMaster: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-vendor',
    access: needs('MASTERDATA_VENDORS'),
    summary: 'Create or update vendors from a vendor master file (.txt)',
    consumes: 'multipart',
    body: UploadFields,
    response: UploadAnswer,
  }),
  vendorBulkUpdate: defineRoute({
    method: 'PUT',
    path: '/master-data-management/vendors/bulk-update',
    access: needs('MASTERDATA_VENDORS'),
    summary: 'Change vendors by CSV: vendorCode plus the fields to change (empty cells change nothing)',
    consumes: 'multipart',
    body: UploadFields,
    response: z.object({
      message: z.string(),
      updated: z.number().int(),
      problems: z.array(z.object({ file: z.string(), line: z.number().int(), message: z.string() })),
    }),
  }),
  customerMappingTemplate: defineRoute({
    method: 'GET',
    path: '/customer-mapping/template',
    access: FULL_USER,
    summary: 'Sample customer mapping file',
    produces: 'binary',
    response: z.unknown(),
  }),
  suggestMapping: defineRoute({
    method: 'POST',
    path: '/ingest/mapping/:kind',
    access: FULL_USER,
    summary: 'Map a pasted header row onto the target fields (remembered mapping first, then closest names)',
    params: RegisterKind,
    body: z.object({ headers: z.array(z.string()).max(200) }),
    response: MappingAnswer,
  }),
  validationErrors: defineRoute({
    method: 'GET',
    path: '/data-quality/data-validation-errors/:jobId',
    access: FULL_USER,
    summary: 'Validation report of an ingest job (zip)',
    params: z.object({ jobId: z.string().uuid() }),
    produces: 'binary',
    response: z.unknown(),
  }),
  validationErrorsLarge: defineRoute({
    method: 'POST',
    path: '/data-quality/data-validation-errors/:jobId',
    access: FULL_USER,
    summary: 'Validation report of an ingest job with 2000 or more errors (zip)',
    params: z.object({ jobId: z.string().uuid() }),
    produces: 'binary',
    response: z.unknown(),
  }),
} as const;

// Parsed-26AS folder load (spec part 2 section 2.12): a 26AS already parsed into
// rows (the csv of `taxrecon parse-26as --csv`, the converter's output, or any
// sheet) mapped onto these fields and loaded like a raw 26AS. Each entity has its
// own folder; the listing shows each file's header row for the mapping.
export const PARSED_26AS_FIELDS = [
  { key: 'part', label: 'Part (TDS or TCS)', kind: 'text', required: false, synonyms: ['Part', 'Tax Type'] },
  {
    key: 'tan',
    label: 'TAN of Deductor/Collector',
    kind: 'text',
    required: true,
    synonyms: ['TAN', 'TAN of Deductor', 'TAN of Collector', 'Deductor TAN'],
  },
  {
    key: 'name',
    label: 'Name of Deductor/Collector',
    kind: 'text',
    required: true,
    synonyms: ['Name', 'Deductor Name', 'Name of Deductor', 'Name of Collector', 'Deductor'],
  },
  {
    key: 'section',
    label: 'Section',
    kind: 'text',
    required: true,
    synonyms: ['Section', 'Section 1', 'TDS Section'],
  },
  {
    key: 'transactionDate',
    label: 'Transaction Date',
    kind: 'date',
    required: true,
    synonyms: ['Transaction Date', 'Date of Transaction', 'Date of Payment/Credit', 'Date'],
  },
  {
    key: 'status',
    label: 'Status of Booking',
    kind: 'text',
    required: true,
    synonyms: ['Status', 'Status of Booking', 'Booking Status'],
  },
  {
    key: 'bookingDate',
    label: 'Date of Booking',
    kind: 'date',
    required: false,
    synonyms: ['Booking Date', 'Date of Booking'],
  },
  { key: 'remarks', label: 'Remarks', kind: 'text', required: false, synonyms: ['Remarks', 'Remark'] },
  {
    key: 'amount',
    label: 'Amount Paid/Credited',
    kind: 'amount',
    required: true,
    synonyms: [
      'Amount',
      'Amount Paid / Credited',
      'Amount Paid/Credited',
      'Amount Paid',
      'Amount Received/Debited',
    ],
  },
  {
    key: 'tax',
    label: 'Tax Deducted/Collected',
    kind: 'amount',
    required: true,
    synonyms: ['Tax', 'Tax Deducted', 'Tax Collected', 'TDS Amount', 'Tax Deducted/Collected'],
  },
  {
    key: 'deposited',
    label: 'TDS/TCS Deposited',
    kind: 'amount',
    required: true,
    synonyms: ['Deposited', 'TDS Deposited', 'TCS Deposited', 'Tax Deposited'],
  },
] as const;
export type Parsed26asFieldKey = (typeof PARSED_26AS_FIELDS)[number]['key'];

export const ParsedFolderListing = z.object({
  folder: z.string(),
  files: z.array(
    z.object({
      fileName: z.string(),
      sizeBytes: z.number().int(),
      modifiedAt: z.string(),
      // the file's header row as found in it (empty when none was found)
      header: z.array(z.string()),
    }),
  ),
});
export type ParsedFolderListing = z.infer<typeof ParsedFolderListing>;

export const ParsedFolderLoadRequest = FolderLoadRequest.extend({
  // the PAN whose 26AS the rows are: a parsed csv carries no statement header;
  // needed only when the entity has no PAN
  pan: z.string().max(10).optional(),
  // load although the rows look loaded already, or the PAN is new to the entity
  force: z.boolean().optional(),
});
export type ParsedFolderLoadRequest = z.infer<typeof ParsedFolderLoadRequest>;

export const parsed26asRoutes = {
  listParsed26asFolder: defineRoute({
    method: 'GET',
    path: '/ingest/taxbook-parsed-data-folder',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: "Parsed-26AS files in the current entity's folder, with their header rows",
    response: ParsedFolderListing,
  }),
  uploadParsed26asFolder: defineRoute({
    method: 'PUT',
    path: '/ingest/taxbook-parsed-data-folder',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: "Put parsed-26AS files (.csv, .txt, .xlsx) into the current entity's folder",
    consumes: 'multipart',
    body: UploadFields,
    response: ParsedFolderListing,
  }),
  loadParsed26asFolder: defineRoute({
    method: 'PUT',
    path: '/ingest/taxbook-parsed-folder-ingest',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'Load parsed-26AS files from the folder with a header row and column mapping',
    body: ParsedFolderLoadRequest,
    response: UploadAnswer,
  }),
} as const;
