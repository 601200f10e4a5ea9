import { z } from 'zod';
import { EMAIL_PATTERN } from '../common.ts';
import { defineRoute, needs } from '../route.ts';

// Spec part 2 sections 2.8 and 2.9 and the calls under "Follow-ups": the
// follow-up e-mail to one customer (vendor) with its transactions attached as
// xlsx, a thread per customer and job with its history, the bulk follow-up
// job and the search. Every follow-up screen needs RECON_TDS_RECEIVABLE
// (screens.ts), so every call does too.
const RECON = needs('RECON_TDS_RECEIVABLE');

// spec section 9: the statuses a follow-up may include
export const FOLLOW_UP_STATUSES = ['Accept', 'FollowUp', 'Matched', 'Hold', 'Pending', 'Split'] as const;
export const FollowUpStatus = z.enum(FOLLOW_UP_STATUSES);
export type FollowUpStatus = z.infer<typeof FollowUpStatus>;
export const FOLLOW_UP_TYPES = ['TDSFollowup', 'TCSFollowup'] as const;
export const FollowUpType = z.enum(FOLLOW_UP_TYPES);
export type FollowUpType = z.infer<typeof FollowUpType>;
export const THREAD_STATUSES = ['Open', 'Closed'] as const;
export const ThreadStatus = z.enum(THREAD_STATUSES);
export type ThreadStatus = z.infer<typeof ThreadStatus>;

// spec 2.8 and section 8
export const DEFAULT_FOLLOW_UP_SUBJECT = 'TDS Transactions to be followed up.';
export const DEFAULT_TCS_FOLLOW_UP_SUBJECT = 'TCS Transactions to be followed up.';
export const DEFAULT_FOLLOW_UP_BODY =
  'Dear Customer, Please find attached the TDS transactions for your review and action.';
export const DEFAULT_TCS_FOLLOW_UP_BODY =
  'Dear Vendor, Please find attached the TCS transactions for your review and action.';
export const NO_CUSTOMERS_TO_FOLLOW_UP =
  'No customers found to follow up. Please mark the transactions as FollowUp.';
export const MISSING_CONTACT_EMAIL_WARNING =
  'Some of the customers do not have a contact email address. Please update them via the Master Data screens';
export const NO_FOLLOW_UPS_FOUND = 'No Follow ups found for given criteria';
export const FOLLOW_UP_ERROR = 'Error sending follow up request';
export const BULK_FOLLOW_UP_SUBMITTED = 'Job Submitted';
export const tdsFollowUpSent = (customer: string) =>
  `Follow up job submitted. Status will be known shortly: ${customer}`;
export const tcsFollowUpSent = (customer: string) => `Follow up request sent to the contact of: ${customer}`;
export const statusActionText = (status: ThreadStatus) => `Updated status to ${status}`;
// spec section 4: check-circle with a red badge when Closed, star with green when Open
export const STATUS_ACTION_LOOK: Record<ThreadStatus, { icon: string; badgeColor: string }> = {
  Closed: { icon: 'check-circle', badgeColor: 'red' },
  Open: { icon: 'star', badgeColor: 'green' },
};

const Money = z.string();
const Uuid = z.string().uuid();
// the rich-text body, limited so a pasted document cannot fill the database
const RichText = z.string().max(100_000);

// "a@x.in, b@y.in": every address must be one
export const EmailList = z
  .string()
  .trim()
  .min(1, 'Enter at least one e-mail address')
  .max(2000)
  .transform((text) => text.split(/[,;\s]+/).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(EMAIL_PATTERN, 'Invalid Email Address'))
      .min(1, 'Enter at least one e-mail address')
      .max(20),
  );

export const FollowUpRequest = z.object({
  jobId: Uuid,
  // the party of the job: TAN, master code or key, as the result screens carry it
  tanNumber: z.string().trim().min(1).max(200),
  customerName: z.string().trim().max(300).optional(),
  followuptype: FollowUpType,
  followupemailAddress: EmailList,
  // absent: no CC; present it must hold addresses (spec 2.9: present but empty blocks)
  followupccEmailAddress: EmailList.optional(),
  followupsendDiscrepanciesSummary: z.boolean().default(true),
  followupselectedStatuses: z
    .array(FollowUpStatus)
    .min(1, 'Choose at least one transaction status to include'),
  followupEmailContent: RichText,
  subject: z.string().trim().min(1, 'Subject is required').max(300),
  saveTemplate: z.boolean().default(false),
});
export type FollowUpRequest = z.input<typeof FollowUpRequest>;

export const FollowUpAnswer = z.object({
  message: z.string(),
  threadId: Uuid,
  transactions: z.number().int(),
});

export const Thread = z.object({
  threadId: Uuid,
  jobId: Uuid,
  userId: z.string(),
  customerTan: z.string().nullable(),
  // the party's key in the job (what the result and discrepancy screens carry)
  entityId: z.string(),
  customerName: z.string(),
  followupType: FollowUpType,
  financialYear: z.string(),
  status: ThreadStatus,
  createdDateTime: z.string(),
  updatedDateTime: z.string(),
  transactionsStartDate: z.string().nullable(),
  transactionsEndDate: z.string().nullable(),
});
export type Thread = z.infer<typeof Thread>;

export const Conversation = z.object({
  id: z.string(),
  threadId: Uuid,
  userId: z.string(),
  conversationType: z.enum(['ACTION', 'COMMENT']),
  // sanitised HTML
  comments: z.string(),
  systemCreated: z.boolean(),
  metadata: z.object({ icon: z.string().nullable(), badgeColor: z.string().nullable() }),
  createdDateTime: z.string(),
  totalFromBook: Money.nullable(),
  totalTaxFromBook: Money.nullable(),
  totalFromTaxBook: Money.nullable(),
  totalTaxFromTaxBook: Money.nullable(),
  // book minus 26AS
  diffTotal: Money.nullable(),
  diffTax: Money.nullable(),
  additionalInfo: z.record(z.string(), z.unknown()).nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

export const NewConversation = z.object({
  conversationType: z.literal('COMMENT').default('COMMENT'),
  comments: RichText.refine((s) => s.replace(/<[^>]*>/g, '').trim().length > 0, 'Write a comment first'),
});

export const ThreadUpdate = z.object({ threadId: Uuid, status: ThreadStatus });

export const ThreadCreate = z.object({
  jobId: Uuid,
  customerTan: z.string().trim().min(1).max(200),
  customerName: z.string().trim().max(300).optional(),
  followupType: FollowUpType,
  status: ThreadStatus.default('Open'),
});

export const EmailTemplate = z.object({
  toEmailAddress: z.string(),
  ccEmailAddress: z.string().nullable(),
  bodyContent: z.string(),
  sender: z.string(),
  subject: z.string(),
  saved: z.boolean(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const FollowUpCustomer = z.object({
  // master id, for "Add email"; null when the party is not in the master
  customerId: z.string().nullable(),
  // the party's key in the job
  entityId: z.string(),
  customerName: z.string(),
  customerCode: z.string().nullable(),
  tanNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  followUpEntries: z.number().int(),
  // book minus 26AS
  taxDifference: Money,
});
export type FollowUpCustomer = z.infer<typeof FollowUpCustomer>;

export const BulkFollowUpStatus = z.enum(['FollowUp', 'All']);
export const BulkFollowUpRequest = z.object({
  jobId: Uuid,
  subject: z.string().trim().min(1, 'Subject is required').max(300),
  emailBody: RichText,
  status: BulkFollowUpStatus,
  selectedTans: z.array(z.string().trim().min(1).max(200)).min(1, 'Select at least one customer').max(5000),
});
export type BulkFollowUpRequest = z.input<typeof BulkFollowUpRequest>;
export const BulkFollowUpAnswer = z.object({
  status: z.literal('Submitted'),
  message: z.string(),
  jobId: Uuid,
});

export const ThreadSearchQuery = z.object({
  customer: z.string().trim().max(200).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), ThreadStatus.optional()),
  jobId: z.preprocess((v) => (v === '' ? undefined : v), Uuid.optional()),
  followupType: z.preprocess((v) => (v === '' ? undefined : v), FollowUpType.optional()),
});
export const ThreadSummary = Thread.extend({
  entries: z.number().int(),
  lastActivity: z.string(),
  totalTaxFromBook: Money.nullable(),
  totalTaxFromTaxBook: Money.nullable(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

const FU = '/follow-up';
const ThreadParam = z.object({ threadId: Uuid });

export const followUpRoutes = {
  followUpCustomers: defineRoute({
    method: 'GET',
    path: `${FU}/follow-up/:jobId/customers`,
    access: RECON,
    summary: 'Customers of a job to follow up: those with FollowUp entries, or (status=All) every mismatch',
    params: z.object({ jobId: Uuid }),
    query: z.object({ status: BulkFollowUpStatus.default('FollowUp') }),
    response: z.array(FollowUpCustomer),
  }),
  bulkFollowUp: defineRoute({
    method: 'POST',
    path: `${FU}/bulk-follow-up`,
    access: RECON,
    summary: 'Start a job e-mailing each selected customer its transactions (one thread each)',
    body: BulkFollowUpRequest,
    response: BulkFollowUpAnswer,
  }),
  followUpCustomer: defineRoute({
    method: 'PUT',
    path: `${FU}/follow-up-customer`,
    access: RECON,
    summary: "E-mail one customer its chosen transactions as xlsx and record it on the customer's thread",
    body: FollowUpRequest,
    response: FollowUpAnswer,
  }),
  followUpThread: defineRoute({
    method: 'GET',
    path: `${FU}/follow-up-thread/:threadId`,
    access: RECON,
    summary: 'One follow-up thread',
    params: ThreadParam,
    response: Thread,
  }),
  followUpConversations: defineRoute({
    method: 'GET',
    path: `${FU}/follow-up-conversations/:threadId`,
    access: RECON,
    summary: "A thread's history, oldest first",
    params: ThreadParam,
    response: z.array(Conversation),
  }),
  addConversation: defineRoute({
    method: 'POST',
    path: `${FU}/follow-up-conversation/:threadId`,
    access: RECON,
    summary: 'Add a comment (rich text, sanitised) to a thread',
    params: ThreadParam,
    body: NewConversation,
    response: Conversation,
  }),
  updateThread: defineRoute({
    method: 'PUT',
    path: FU,
    access: RECON,
    summary: "Change a thread's status; posts the 'Updated status to ...' ACTION entry",
    body: ThreadUpdate,
    response: Thread,
  }),
  threadsByTan: defineRoute({
    method: 'GET',
    path: `${FU}/follow-up-threads/get-by-tan`,
    access: RECON,
    summary: "A customer's follow-up threads (of one job, or of every job)",
    query: z.object({
      customerTan: z.string().trim().min(1).max(200),
      jobId: z.preprocess((v) => (v === '' ? undefined : v), Uuid.optional()),
    }),
    response: z.array(Thread),
  }),
  createThread: defineRoute({
    method: 'POST',
    path: `${FU}/follow-up-threads`,
    access: RECON,
    summary: "Open a customer's thread for a job (the existing one when there is one)",
    body: ThreadCreate,
    response: Thread,
  }),
  emailTemplate: defineRoute({
    method: 'GET',
    path: `${FU}/email-template/:customerTan`,
    access: RECON,
    summary: "The customer's saved follow-up template, or the defaults with its contact e-mails",
    params: z.object({ customerTan: z.string().trim().min(1).max(200) }),
    query: z.object({ jobId: Uuid, templateType: FollowUpType.default('TDSFollowup') }),
    response: EmailTemplate,
  }),
  followUpEmails: defineRoute({
    method: 'GET',
    path: `${FU}/follow-up-email/:customerTan`,
    access: RECON,
    summary: "The customer's contact e-mails",
    params: z.object({ customerTan: z.string().trim().min(1).max(200) }),
    query: z.object({ jobId: Uuid }),
    response: z.array(z.object({ contactEmail: z.string() })),
  }),
  searchFollowUps: defineRoute({
    method: 'GET',
    path: `${FU}/search-follow-ups`,
    access: RECON,
    summary: 'Follow-up threads of the current entity by customer, status, job and type (at most 1000)',
    query: ThreadSearchQuery,
    response: z.array(ThreadSummary),
  }),
} as const;
