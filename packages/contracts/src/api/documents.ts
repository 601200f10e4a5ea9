import { isValidPan } from '@taxrecon/shared';
import { z } from 'zod';
import { isRequestFinancialYear } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { UploadAnswer } from './ingest.ts';

// Spec part 3, Form 16A: TDS certificates the entity issues to its vendors,
// uploaded one at a time or as a zip of PDFs, searched, downloaded and
// e-mailed. The screens need FORM16A_MANAGEMENT (screens.ts), so every call
// they make does too.
const FORM16A = needs('FORM16A_MANAGEMENT');

export const FORM16A_QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
// spec part 3 section 9: at most 500 records come back; the screen shows 200 a page
export const FORM16A_SEARCH_LIMIT = 500;
export const FORM16A_PAGE_SIZE = 200;
export const FORM16A_MAX_BYTES = 200_000_000;

export const VENDOR_NOT_FOUND_FOR_PAN = 'Vendor Not found for this PAN in the Vendor Master';
export const FORM16A_MANDATORY = 'Mandatory Fields are: Financial year, Quarter, Valid PAN Number and Email';

const optionalText = z.string().trim().max(200).optional();
// an empty filter (?quarter=) is no filter, as before the year and quarter were checked
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const Form16aRecord = z.object({
  vendorName: z.string(),
  vendorCode: z.string().nullable(),
  vendorPan: z.string(),
  financialYear: z.string(),
  quarter: z.string(),
  fileName: z.string(),
  email: z.string().nullable(),
  deductorTan: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  // rupees as text ('123456.00'); null when the certificate has no such table
  amountPaid: z.string().nullable(),
  taxDeducted: z.string().nullable(),
  uploadedAt: z.string(),
});
export type Form16aRecord = z.infer<typeof Form16aRecord>;

// The search filters, shared by the search, the e-mail stats and the bulk
// e-mail job. A year or quarter that is neither (?financialYear=abc) is
// refused: it matched nothing in a search, and started a bulk e-mail job.
// A year comes back as 2024-25, the form certificates are kept in.
export const Form16aQuery = z.object({
  vendorName: optionalText,
  vendorPan: optionalText,
  financialYear: blankIsNone(
    z
      .string()
      .trim()
      .refine(
        isRequestFinancialYear,
        'financialYear must be a financial year such as 2024-25 (the second year the one after the first)',
      )
      .transform((fy) => (fy.length === 5 ? `20${fy}` : fy)),
  ),
  quarter: blankIsNone(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (q) => (FORM16A_QUARTERS as readonly string[]).includes(q),
        'quarter must be one of Q1, Q2, Q3, Q4',
      ),
  ),
});
export type Form16aQuery = z.infer<typeof Form16aQuery>;

export const Form16aSearchResponse = z.object({
  records: z.array(Form16aRecord),
  // every match, of which at most 500 are in records
  totalRecords: z.number().int(),
});
export type Form16aSearchResponse = z.infer<typeof Form16aSearchResponse>;

export const Form16aEmailRequest = z.object({
  fileName: z.string().trim().min(1).max(255),
  email: z.string().trim().min(3).max(254),
});
export const Form16aEmailAnswer = z.object({ status: z.string(), message: z.string() });

export const Form16aEmailStats = z.object({
  // PANs of the matching vendors without a contact e-mail
  missingEmails: z.array(z.string()),
});
export type Form16aEmailStats = z.infer<typeof Form16aEmailStats>;

export const Form16aBulkEmailAnswer = z.object({
  error: z.string().nullable(),
  message: z.string(),
  jobId: z.string().nullable(),
});

// Fields sent beside the PDF of a single upload.
export const Form16aUploadFields = z.object({
  financialYear: z.string().trim().optional(),
  quarter: z.string().trim().optional(),
  panNumber: z.string().trim().optional(),
  email: z.string().trim().optional(),
});

// The vendor a single upload would file a certificate under (the vendor
// master's default contact for the PAN, else its lowest code): what the upload
// screen shows, and the contact e-mail it fills the e-mail box with (spec part
// 3 "Vendor (for choice)"). Nothing else of the vendor master.
export const Form16aVendor = z.object({
  vendorCode: z.string(),
  vendorName: z.string(),
  vendorPan: z.string(),
  contactEmail: z.string().nullable(),
});
export type Form16aVendor = z.infer<typeof Form16aVendor>;
export const Form16aVendorAnswer = z.object({ vendor: Form16aVendor.nullable() });

export const Form16aUploadAnswer = UploadAnswer.extend({ record: Form16aRecord.nullable() });

export const Form16aRejectedFile = z.object({ fileName: z.string(), reason: z.string() });
export type Form16aRejectedFile = z.infer<typeof Form16aRejectedFile>;

// The outcome of a bulk upload job: the certificates loaded and every file left out, with why.
export const Form16aBulkResult = z.object({
  jobId: z.string(),
  status: z.string(),
  zipName: z.string(),
  filesRead: z.number().int(),
  loaded: z.number().int(),
  rejected: z.array(Form16aRejectedFile),
});
export type Form16aBulkResult = z.infer<typeof Form16aBulkResult>;

const DOCS = '/document-management';

export const documentRoutes = {
  form16aList: defineRoute({
    method: 'GET',
    path: `${DOCS}/form-16-a`,
    access: FORM16A,
    summary: 'Form 16A certificates of the current entity, newest first (at most 500)',
    response: Form16aSearchResponse,
  }),
  form16aDownload: defineRoute({
    method: 'GET',
    path: `${DOCS}/form-16-a/:fileName`,
    access: FORM16A,
    summary: 'The PDF of one Form 16A certificate',
    params: z.object({ fileName: z.string().min(1).max(255) }),
    produces: 'binary',
    response: z.unknown(),
  }),
  form16aSearch: defineRoute({
    method: 'GET',
    path: `${DOCS}/search-form-16-a`,
    access: FORM16A,
    summary:
      'Search Form 16A certificates by vendor PAN, vendor name, quarter and financial year (at most 500)',
    query: Form16aQuery,
    response: Form16aSearchResponse,
  }),
  form16aEmail: defineRoute({
    method: 'PUT',
    path: `${DOCS}/email-form-16-a`,
    access: FORM16A,
    summary: 'E-mail one certificate (the PDF attached) to an address',
    body: Form16aEmailRequest,
    response: Form16aEmailAnswer,
  }),
  form16aEmailStats: defineRoute({
    method: 'GET',
    path: `${DOCS}/email-prompt-stats-form-16-a`,
    access: FORM16A,
    summary: 'PANs of the vendors matching a search that have no contact e-mail',
    query: Form16aQuery,
    response: Form16aEmailStats,
  }),
  form16aBulkEmail: defineRoute({
    method: 'POST',
    path: '/job/bulk-email-form-16-a',
    access: FORM16A,
    summary: 'Start a job e-mailing each matching vendor its certificates',
    query: Form16aQuery,
    response: Form16aBulkEmailAnswer,
  }),
  // The upload screen's look-up by PAN: a Form 16A user need not hold the
  // vendor master permission (MASTERDATA_VENDORS) to file a certificate.
  form16aVendor: defineRoute({
    method: 'GET',
    path: `${DOCS}/form-16-a-vendor/:pan`,
    access: FORM16A,
    summary: "The current entity's vendor a Form 16A upload for this PAN is filed under (chosen path)",
    params: z.object({
      pan: z
        .string()
        .trim()
        .transform((s) => s.toUpperCase())
        .pipe(z.string().refine(isValidPan, 'Invalid PAN Number')),
    }),
    response: Form16aVendorAnswer,
  }),
  form16aUpload: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-form-16-a',
    access: FORM16A,
    summary: 'Upload one Form 16A PDF for a vendor (fields financialYear, quarter, panNumber, email)',
    consumes: 'multipart',
    body: Form16aUploadFields,
    response: Form16aUploadAnswer,
  }),
  form16aBulkUpload: defineRoute({
    method: 'PUT',
    path: '/ingest/bulk-form16a',
    access: FORM16A,
    summary: 'Upload a zip of Form 16A PDFs; a job reads each and loads those of known vendors',
    consumes: 'multipart',
    response: UploadAnswer,
  }),
  form16aBulkResult: defineRoute({
    method: 'GET',
    path: `${DOCS}/bulk-form-16-a/:jobId`,
    access: FORM16A,
    summary: 'What a bulk Form 16A upload loaded and which files it left out, with the reasons',
    params: z.object({ jobId: z.string().uuid() }),
    response: Form16aBulkResult,
  }),
} as const;
