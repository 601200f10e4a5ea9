import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { UploadFields } from './ingest.ts';
import { CustomerInput, VendorInput } from './master-data.ts';

// Create Customer Template and Create Vendor Template (spec part 2 section
// 2.13): a zip of the sales (or purchase) csv and 26AS text files; each party
// of the book is matched to a 26AS deductor (collector) and proposed as a
// master row, which the person reviews and creates.

// spec part 2 section 5: a template zip is at most 40,000,000 bytes
export const TEMPLATE_ZIP_MAX_BYTES = 40_000_000;

export const TEMPLATE_MATCHES = ['TAN', 'PAN', 'GSTIN', 'NAME', 'NONE'] as const;
export const TemplateMatch = z.enum(TEMPLATE_MATCHES);
export type TemplateMatch = z.infer<typeof TemplateMatch>;

export const TemplateProposal = z.object({
  // as the book writes it
  bookName: z.string(),
  bookCode: z.string().nullable(),
  bookRows: z.number().int(),
  // the proposed master row
  name: z.string(),
  tanNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
  gstIn: z.string().nullable(),
  nameFrom26AS: z.string().nullable(),
  matchedBy: TemplateMatch,
  // how it was found, in words (or why nothing was)
  how: z.string(),
  // a master row with this code or TAN exists already: not proposed for creation
  inMaster: z.boolean(),
});
export type TemplateProposal = z.infer<typeof TemplateProposal>;

export const TemplateAnswer = z.object({
  message: z.string(),
  jobId: z.string().nullable(),
  error: z.string().nullable(),
  fileName: z.string(),
  proposals: z.array(TemplateProposal),
  // 26AS deductors (collectors) no book party was matched to
  unmatchedDeductors: z.array(z.object({ tan: z.string(), name: z.string() })),
});
export type TemplateAnswer = z.infer<typeof TemplateAnswer>;

export const CreateCustomersRequest = z.object({ customers: z.array(CustomerInput).min(1).max(5000) });
export const CreateVendorsRequest = z.object({ vendors: z.array(VendorInput).min(1).max(5000) });
export const CreatePartiesAnswer = z.object({ message: z.string(), created: z.number().int() });
export type CreatePartiesAnswer = z.infer<typeof CreatePartiesAnswer>;

export const templateRoutes = {
  customerTemplate: defineRoute({
    method: 'PUT',
    path: '/ingest/customer-template',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Propose the customer master from a zip of a sales csv and 26AS text files',
    consumes: 'multipart',
    body: UploadFields,
    response: TemplateAnswer,
  }),
  vendorTemplate: defineRoute({
    method: 'PUT',
    path: '/ingest/vendor-template',
    access: needs('MASTERDATA_VENDORS'),
    summary: 'Propose the vendor master from a zip of a purchase csv and 26AS text files',
    consumes: 'multipart',
    body: UploadFields,
    response: TemplateAnswer,
  }),
  createTemplateCustomers: defineRoute({
    method: 'POST',
    path: '/master-data-management/customer-template/customers',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Create the reviewed customers of a customer template, all or none',
    body: CreateCustomersRequest,
    response: CreatePartiesAnswer,
  }),
  createTemplateVendors: defineRoute({
    method: 'POST',
    path: '/master-data-management/vendor-template/vendors',
    access: needs('MASTERDATA_VENDORS'),
    summary: 'Create the reviewed vendors of a vendor template, all or none',
    body: CreateVendorsRequest,
    response: CreatePartiesAnswer,
  }),
} as const;
