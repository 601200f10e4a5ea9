import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';

// Spec part 3: Sync TAN and PAN (the TRACES portal) and Search 26AS Customer
// Linkages. The portal's username, password, captcha text and session cookie
// travel in the path of get-pan-from-tan (the spec's shape); the route is
// marked `secretPath`, so none of them reaches the request log.

// Spec part 3 section 9.
export const MAX_TANS_PER_SYNC = 500;
export const LINKAGE_SEARCH_PAGE_SIZE = 50;

// Spec part 3 section 8.
export const TANPAN_MESSAGES = {
  synced: 'TAN with PAN Synced Successfully from Traces Portal',
  authFailed: 'Failed to authenticate Traces login details. Please check your login credentials and captcha',
  syncFailed: 'Failed to Sync TAN with PAN from Traces Portal',
  captchaFailed: 'Captcha Failed.',
  countFailed: 'Failed to Get Unverified TAN Count.',
} as const;

export const Captcha = z.object({
  // base64 png, without the data: prefix
  captchaImage: z.string(),
  // the portal's session cookie the login must carry back
  cookie: z.string(),
  severity: z.enum(['success', 'error']),
  message: z.string(),
});
export type Captcha = z.infer<typeof Captcha>;

export const TanPanResult = z.object({
  tan: z.string(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  pan: z.string().nullable(),
  error: z.string().nullable(),
});
export type TanPanResult = z.infer<typeof TanPanResult>;

export const TanPanSyncAnswer = z.object({
  severity: z.enum(['success', 'error']),
  message: z.string(),
  results: z.array(TanPanResult),
  // unverified TANs left for the next sync (more than 500, or failed lookups)
  remaining: z.number().int(),
});
export type TanPanSyncAnswer = z.infer<typeof TanPanSyncAnswer>;

export const UnverifiedTanCount = z.object({ count: z.number().int() });

export const LinkageSearchRequest = z.object({
  keyword: z.string().max(200).default(''),
  page: z.number().int().min(1).default(1),
});
export const LinkageRow = z.object({
  customerCode: z.string().nullable(),
  legalName: z.string().nullable(),
  pan: z.string().nullable(),
  tanNumber: z.string(),
  // 'master' for the customer's own TAN, 'linked' for a TAN linked to it (a connected entity)
  source: z.enum(['master', 'linked']),
});
export type LinkageRow = z.infer<typeof LinkageRow>;
export const LinkageSearchAnswer = z.object({
  rows: z.array(LinkageRow),
  totalRecords: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LinkageSearchAnswer = z.infer<typeof LinkageSearchAnswer>;

// Link Customers in 26AS to Sales: a preview job proposes which customer
// each unlinked 26AS deductor (TAN) is, the user reviews the .txt and uploads it.
export const LINKAGE_JOB_TYPE = 'PreviewCustomerLinkage';
export const LINKAGE_JOBS_PAGE_SIZE = 5000;
export const LINKAGE_UNABLE_TO_SUBMIT = 'Unable to submit the job.';
export const LINKAGE_FILE_HEADER = [
  'TAN',
  '26AS Name',
  'Customer Code',
  'Customer Name',
  'Link (Y/N)',
  'Reason',
];
export const LinkageJob = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  status: z.string(),
  // proposed links (Y) and lines for review (N)
  proposed: z.number().int().nullable(),
  lines: z.number().int().nullable(),
});
export type LinkageJob = z.infer<typeof LinkageJob>;
export const LinkageSubmitAnswer = z.object({
  severity: z.enum(['success', 'error']),
  message: z.string(),
  jobId: z.string().nullable(),
});
export const PerformLinkageAnswer = z.object({
  severity: z.enum(['success', 'error']),
  message: z.string(),
  linked: z.number().int(),
  alreadyLinked: z.number().int(),
});
export type PerformLinkageAnswer = z.infer<typeof PerformLinkageAnswer>;

const PortalLogin = z.object({
  user: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
  captchaText: z.string().min(1).max(20),
  cookie: z.string().min(1).max(4000),
});

export const linkageRoutes = {
  customerLinker: defineRoute({
    method: 'POST',
    path: '/job/customer-linker',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Start a preview of which customer each unlinked 26AS deductor is',
    response: LinkageSubmitAnswer,
  }),
  customerLinkageJobs: defineRoute({
    method: 'GET',
    path: '/job/jobs-queue/PreviewCustomerLinkage',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'The linkage preview jobs of the current entity, newest first (5,000 a page)',
    response: z.array(LinkageJob),
  }),
  customerLinkagePreview: defineRoute({
    method: 'GET',
    path: '/ftp/content/customerlinkages/:id',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: "A finished preview job's .txt of proposed links, to review",
    params: z.object({ id: z.string().uuid() }),
    produces: 'binary',
    response: z.unknown(),
  }),
  performCustomerLinkage: defineRoute({
    method: 'PUT',
    path: '/job/perform-customer-linkage',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: 'Link the TANs of the reviewed preview (lines marked Y) to their customers, in one transaction',
    consumes: 'multipart',
    response: PerformLinkageAnswer,
  }),
  tanPanCaptcha: defineRoute({
    method: 'GET',
    path: '/customer-mapping/get-captcha',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: "Fetch the TRACES portal's login captcha and session cookie",
    response: Captcha,
  }),
  tanPanSync: defineRoute({
    method: 'GET',
    path: '/customer-mapping/get-pan-from-tan/:user/:password/:captchaText/:cookie',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'Sign in to TRACES and fill the PAN of up to 500 customer TANs without one',
    params: PortalLogin,
    secretPath: true,
    response: TanPanSyncAnswer,
  }),
  unverifiedTanCount: defineRoute({
    method: 'GET',
    path: '/customer-mapping/get-unverified-tan-count',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'How many customer TANs have no PAN yet',
    response: UnverifiedTanCount,
  }),
  search26asLinkages: defineRoute({
    method: 'POST',
    path: '/search/26as-linkages',
    access: needs('DATA_MANAGEMENT_26AS'),
    summary: 'Customers and their linked TANs by legal name, TAN or PAN, 50 a page',
    body: LinkageSearchRequest,
    response: LinkageSearchAnswer,
  }),
} as const;
