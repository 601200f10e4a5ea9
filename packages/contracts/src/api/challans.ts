import { z } from 'zod';
import { isCalendarDate, isRequestFinancialYear, isRequestMonth, Message } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { DEPOSIT_FIELD_LABELS, DepositMode, voucherNumberProblems } from './challan-deposit.ts';
import {
  PayableDeducteeType,
  PayableGroupParams,
  PayableMonthYear,
  PayableSubsectionQuery,
  PayMoney,
} from './payable.ts';

// Challans of a TDS payable summary line (spec part 3 sections 2-5, 7-9;
// issue 12). Paths the spec does not give are marked "(chosen)".

const PAYABLE = needs('RECON_TDS_PAYABLE');
const binary = { produces: 'binary' as const, response: z.unknown() };

export const CHALLAN_MESSAGES = {
  created: 'Challan Created Succesfully',
  updated: 'Challan Upated Succesfully',
  deleted: 'Challan Deleted Succesfully',
  error: 'Error Creating Challan',
  deleteConfirm: 'The data deleted cannot be recovered. Do you want to permanently delete?',
  noChallans: 'No challans found!',
  noImage: 'Challan Not Available!!',
  lockedNoDelete: 'A locked challan cannot be deleted. Unlock it first.',
  imageUploaded: 'Challan image uploaded',
  entriesEmailed: 'Job Submitted - The file will be emailed to the mentioned email address.',
  // the send job (spec part 3 section 8): one at a time for a line
  sendInProgress: 'Theres already a job in progress. Please wait for it to finish',
  sendFailed: 'Failed to submit the Job',
} as const;
export const CHALLAN_IMAGE_MAX_BYTES = 20_000_000;
export const CHALLAN_DEFAULT_MINOR_HEAD = '300';
export const CHALLAN_SERIAL_MAX = 5;
export const CHALLAN_SUBSECTION_MAX = 10;
export const CHALLAN_AMOUNT_FIELDS = [
  'taxAmount',
  'fee',
  'surcharge',
  'educationCess',
  'interest',
  'penalty',
  'others',
] as const;
export type ChallanAmountField = (typeof CHALLAN_AMOUNT_FIELDS)[number];

// Rupees as typed: '' (nothing) or a number with at most two decimals. The
// sign is read apart so that a negative amount gets its own message.
const AMOUNT_PATTERN = /^-?\d+(\.\d{1,2})?$/;
// 13 digits of rupees: the seven amounts of a challan still sum to paise
// within Number.MAX_SAFE_INTEGER (numeric(18,2) alone would take 16).
const AMOUNT_MAX_DIGITS = 13;
const AMOUNT_SIZE = new RegExp(`^0*\\d{1,${AMOUNT_MAX_DIGITS}}(\\.\\d+)?$`);
const TAN_PATTERN = /^[A-Z]{4}\d{5}[A-Z]$/;
// The bank's challan serial number of the day (CIN: BSR code + date + 5-digit
// serial); the counterfoil may print it with or without leading zeros.
export const CHALLAN_SERIAL_PATTERN = /^\d{1,5}$/;
export const BSR_CODE_PATTERN = /^\d{7}$/;
export const CHALLAN_SERIAL_MESSAGE =
  "Challan serial number must be 1 to 5 digits, as the bank's challan counterfoil prints it";
export const BSR_CODE_MESSAGE = 'BSR code must be exactly 7 digits';

const Amount = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const Text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

export interface ChallanFormValues {
  // absent: a bank challan, or on an edit the mode the challan has
  depositMode?: DepositMode;
  challanSerialNumber: string;
  dateOfDeposit: string;
  bsrCode: string;
  tanNumber: string;
  taxAmount: string;
  fee: string;
  surcharge: string;
  educationCess: string;
  interest: string;
  penalty: string;
  others: string;
}

// The challan dialog's form with nothing typed (a bank challan).
export const EMPTY_CHALLAN_FORM: ChallanFormValues = {
  depositMode: 'challan',
  challanSerialNumber: '',
  dateOfDeposit: '',
  bsrCode: '',
  tanNumber: '',
  taxAmount: '',
  fee: '',
  surcharge: '',
  educationCess: '',
  interest: '',
  penalty: '',
  others: '',
};

const LABELS: Record<ChallanAmountField, string> = {
  taxAmount: 'Tax amount',
  fee: 'Fee',
  surcharge: 'Surcharge',
  educationCess: 'Education cess',
  interest: 'Interest',
  penalty: 'Penalty',
  others: 'Others',
};

// Today's date in India (UTC+05:30, no daylight saving), yyyy-mm-dd.
const todayInIndia = (): string => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

// Every rule of spec section 5 "Challan", as [field, message]; the server
// refuses with the first, the dialog shows each under its field.
// A transfer voucher (book entry) has its own names and rules for the
// challan's identity fields (challan-deposit.ts).
export const challanProblems = (v: ChallanFormValues): [keyof ChallanFormValues, string][] => {
  const out: [keyof ChallanFormValues, string][] = [];
  const voucher = v.depositMode === 'book_entry';
  const date = DEPOSIT_FIELD_LABELS[voucher ? 'book_entry' : 'challan'].dateOfDeposit;
  if (voucher) out.push(...voucherNumberProblems(v).filter(([f]) => f === 'challanSerialNumber'));
  else if (!v.challanSerialNumber) out.push(['challanSerialNumber', 'Challan serial number is required']);
  else if (!CHALLAN_SERIAL_PATTERN.test(v.challanSerialNumber))
    out.push(['challanSerialNumber', CHALLAN_SERIAL_MESSAGE]);
  if (!v.dateOfDeposit) out.push(['dateOfDeposit', `${date} is required`]);
  else if (!isCalendarDate(v.dateOfDeposit))
    out.push(['dateOfDeposit', `${date} must be a date (yyyy-mm-dd)`]);
  else if (v.dateOfDeposit > todayInIndia())
    out.push([
      'dateOfDeposit',
      voucher
        ? `${date} cannot be in the future: a transfer voucher records a book entry already made`
        : 'Date of deposit cannot be in the future: a challan records a deposit the bank has received',
    ]);
  if (voucher) out.push(...voucherNumberProblems(v).filter(([f]) => f === 'bsrCode'));
  else if (!v.bsrCode) out.push(['bsrCode', 'BSR code is required']);
  else if (!BSR_CODE_PATTERN.test(v.bsrCode)) out.push(['bsrCode', BSR_CODE_MESSAGE]);
  if (!v.tanNumber) out.push(['tanNumber', 'TAN is required']);
  else if (!TAN_PATTERN.test(v.tanNumber.toUpperCase()))
    out.push(['tanNumber', 'TAN must be 4 letters, 5 digits and a letter (e.g. MUMA12345B)']);
  for (const f of CHALLAN_AMOUNT_FIELDS) {
    const text = v[f];
    if (f === 'taxAmount' && !text) out.push([f, 'Tax amount is required']);
    else if (text && !AMOUNT_PATTERN.test(text))
      out.push([f, `${LABELS[f]} must be an amount in rupees with at most two decimals`]);
    else if (text.startsWith('-') && Number(text) !== 0) out.push([f, `${LABELS[f]} must not be negative`]);
    else if (text && !AMOUNT_SIZE.test(text.replace(/^-/, '')))
      out.push([f, `${LABELS[f]} must be at most ${AMOUNT_MAX_DIGITS} digits of rupees`]);
    else if (f === 'taxAmount' && Number(text) === 0) out.push([f, 'Tax amount must not be zero']);
  }
  return out;
};

const ChallanFields = z.object({
  // for book_entry, bsrCode is the Form 24G receipt number and
  // challanSerialNumber the DDO serial number of Form 24G (challan-deposit.ts)
  depositMode: DepositMode.optional(),
  challanSerialNumber: Text,
  dateOfDeposit: Text,
  bsrCode: Text,
  tanNumber: Text,
  taxAmount: Amount.optional().transform((v) => v ?? ''),
  fee: Amount.optional().transform((v) => v ?? ''),
  surcharge: Amount.optional().transform((v) => v ?? ''),
  educationCess: Amount.optional().transform((v) => v ?? ''),
  interest: Amount.optional().transform((v) => v ?? ''),
  penalty: Amount.optional().transform((v) => v ?? ''),
  others: Amount.optional().transform((v) => v ?? ''),
});

const checked = <T extends z.ZodType<ChallanFormValues>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const [path, message] of challanProblems(v)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export const CreateChallanRequest = checked(
  ChallanFields.extend({
    monthYear: z
      .string()
      .trim()
      .refine(isRequestMonth, 'monthYear must be a month as yyyy-mm, 2000-01 to 2099-12'),
    // the server checks it names a TDS section (engine's normaliseSection)
    section: z.string().trim().min(1, 'section is required').max(20, 'section must be at most 20 characters'),
    subsection: Text.pipe(
      z
        .string()
        .max(CHALLAN_SUBSECTION_MAX, `subsection must be at most ${CHALLAN_SUBSECTION_MAX} characters`),
    ),
    deducteeType: PayableDeducteeType,
    depositMode: DepositMode.default('challan'),
  }),
);
export type CreateChallanRequest = z.input<typeof CreateChallanRequest>;
export const UpdateChallanRequest = checked(ChallanFields.extend({ id: z.string().uuid() }));
export type UpdateChallanRequest = z.input<typeof UpdateChallanRequest>;

export const Challan = z.object({
  id: z.string(),
  // book_entry: bsrCode is the Form 24G receipt number, challanSerialNumber
  // the DDO serial number and dateOfDeposit the transfer voucher's date
  depositMode: DepositMode,
  challanSerialNumber: z.string(),
  dateOfDeposit: z.string(),
  bsrCode: z.string(),
  tanNumber: z.string(),
  taxAmount: PayMoney,
  fee: PayMoney,
  surcharge: PayMoney,
  educationCess: PayMoney,
  interest: PayMoney,
  penalty: PayMoney,
  others: PayMoney,
  amountDeposited: PayMoney,
  minorHead: z.string(),
  sectionCode: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  monthYear: z.string(),
  locked: z.boolean(),
  hasImage: z.boolean(),
});
export type Challan = z.infer<typeof Challan>;

// Who verified the month and when; or, once a challan of it or the allocation
// of its rows changed after it was verified, that change, until the month is
// verified again (timestamps are ISO instants).
export const MonthVerification = z.object({
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  cleared: z
    .object({
      because: z.string(),
      at: z.string(),
      by: z.string(),
      // when the verification the change cleared had been made
      verifiedAt: z.string().nullable(),
    })
    .nullable(),
  // every line of the month with tax deducted is covered: it can be verified
  covered: z.boolean(),
});
export type MonthVerification = z.infer<typeof MonthVerification>;

// The line's challans and whether their deposits cover its deducted tax.
export const ChallanList = z.object({
  challans: z.array(Challan),
  deducted: PayMoney,
  deposited: PayMoney,
  // deposits (tax amounts) cover the line's deducted tax
  lineVerified: z.boolean(),
  // every line of the month is covered: the month is locked for the 34A job
  monthVerified: z.boolean(),
  monthVerification: MonthVerification,
  // 201(1A) interest for depositing late, over the line's challans
  interestDue: PayMoney,
});
export type ChallanList = z.infer<typeof ChallanList>;

const IdParam = z.object({ id: z.string().uuid() });

export const ChallanImageRequest = z.object({
  imageUrl: z
    .string()
    .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,/, 'imageUrl must be a data URL (data:<type>;base64,...)'),
});
export const ChallanImage = z.object({ imageUrl: z.string().nullable() });

export const ChallanQuarterParams = z.object({
  fy: z
    .string()
    .trim()
    .refine(
      isRequestFinancialYear,
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ),
  quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4'], 'quarter must be Q1, Q2, Q3 or Q4'),
});
export const ChallanQuarterQuery = z.object({
  filedOn: z
    .string()
    .trim()
    .refine(isCalendarDate, 'filedOn must be a calendar date (yyyy-mm-dd)')
    .optional(),
});
// A challan as its CIN names it: BSR code, serial number and date of deposit;
// a transfer voucher (?mode=book_entry) by its Form 24G receipt number, DDO
// serial number and date, which have the same shapes.
export const ChallanDetailsParams = z.object({
  bsr: z.string().regex(BSR_CODE_PATTERN, 'bsr must be the 7-digit BSR code'),
  serial: z.string().regex(CHALLAN_SERIAL_PATTERN, 'serial must be the challan serial number, 1 to 5 digits'),
  date: z.string().refine(isCalendarDate, 'date must be the date of deposit as a calendar date (yyyy-mm-dd)'),
});
export const ChallanDetailsQuery = z.object({ mode: DepositMode.default('challan') });
export const QuarterChallanRow = z.object({
  id: z.string(),
  monthYear: z.string(),
  section: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  taxDeducted: PayMoney,
  interestPaid: PayMoney,
  fee: PayMoney,
  surcharge: PayMoney,
  educationCess: PayMoney,
  penalty: PayMoney,
  others: PayMoney,
  totalTDSDeposited: PayMoney,
  modeOfDesposited: z.string(),
  depositMode: DepositMode,
  bsrCode: z.string(),
  challanDate: z.string(),
  challanSerialNumber: z.string(),
  minorHeadOfChallan: z.string(),
  // 201(1A) interest for late deposit of the tax this challan covers
  interestDue: PayMoney,
});
export type QuarterChallanRow = z.infer<typeof QuarterChallanRow>;
export const QuarterChallanSummary = z.object({
  financialYear: z.string(),
  quarter: z.string(),
  rows: z.array(QuarterChallanRow),
  totals: z.object({
    deducted: PayMoney,
    deposited: PayMoney,
    interestPaid: PayMoney,
    interestDue: PayMoney,
    // 234E late filing fee when the return's filing date is given (?filedOn=)
    fee234E: PayMoney.nullable(),
    returnDueDate: z.string(),
  }),
});
export type QuarterChallanSummary = z.infer<typeof QuarterChallanSummary>;

export const EmailEntriesQuery = PayableSubsectionQuery.extend({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid Email Address'),
});

export const challanRoutes = {
  emailLineEntries: defineRoute({
    method: 'POST',
    path: '/job/entries/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary: "Adjustments step 1: e-mail the line's entries as xlsx to adjust against challans",
    params: PayableGroupParams,
    query: EmailEntriesQuery,
    response: Message,
  }),
  listChallans: defineRoute({
    method: 'GET',
    path: '/tds-payable/tds-payable-challans/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary: 'Challans of one summary line, with its deducted and deposited tax and verified flags',
    params: PayableGroupParams,
    query: PayableSubsectionQuery,
    response: ChallanList,
  }),
  createChallan: defineRoute({
    method: 'POST',
    path: '/tds-payable/tds-payable-challan/create',
    access: PAYABLE,
    summary: 'Create a challan on a summary line',
    body: CreateChallanRequest,
    response: Message,
  }),
  updateChallan: defineRoute({
    method: 'PUT',
    path: '/tds-payable/tds-payable-challan/update',
    access: PAYABLE,
    summary: 'Update a challan (the deposit date is kept as it was)',
    body: UpdateChallanRequest,
    response: Message,
  }),
  deleteChallan: defineRoute({
    method: 'DELETE',
    path: '/tds-payable/tds-payable-challan/delete/:id',
    access: PAYABLE,
    summary: 'Delete an unlocked challan',
    params: IdParam,
    response: Message,
  }),
  lockChallan: defineRoute({
    method: 'PUT',
    path: '/tds-payable/tds-payable-challan/lock/:id',
    access: PAYABLE,
    summary: 'Lock or unlock a challan (chosen)',
    params: IdParam,
    body: z.object({ locked: z.boolean() }),
    response: Message,
  }),
  uploadChallanImage: defineRoute({
    method: 'POST',
    path: '/tds-payable/tds-payable-challan/uploadChallan/:id',
    access: PAYABLE,
    summary: 'Attach the challan image as a data URL (at most 20 MB)',
    params: IdParam,
    body: ChallanImageRequest,
    response: Message,
    bodyLimit: 28_000_000,
  }),
  challanImage: defineRoute({
    method: 'GET',
    path: '/tds-payable/tds-payable-challan/getChallanImage/:id',
    access: PAYABLE,
    summary: 'The challan image as a data URL, null when none',
    params: IdParam,
    response: ChallanImage,
  }),
  verifyMonth: defineRoute({
    method: 'POST',
    path: '/tds-payable/month-verification/:monthYear',
    access: PAYABLE,
    summary:
      'Verify a month again after a change to its challans or allocation cleared its verification (chosen)',
    params: z.object({ monthYear: PayableMonthYear }),
    response: Message,
  }),
  quarterChallanSummary: defineRoute({
    method: 'GET',
    path: '/tds-payable/quarterly-challan-summary/:fy/:quarter',
    access: PAYABLE,
    summary: 'Challans of a quarter with deducted tax, deposits and interest',
    params: ChallanQuarterParams,
    query: ChallanQuarterQuery,
    response: QuarterChallanSummary,
  }),
  quarterChallanSummaryXlsx: defineRoute({
    method: 'GET',
    path: '/tds-payable/download-challan-summary/:fy/:quarter',
    access: PAYABLE,
    summary: 'The quarterly challan summary as xlsx',
    params: ChallanQuarterParams,
    ...binary,
  }),
  challanDetailsXlsx: defineRoute({
    method: 'GET',
    path: '/tds-payable/download-challan-details/:bsr/:serial/:date',
    access: PAYABLE,
    summary: "The entries of a challan's line as xlsx",
    params: ChallanDetailsParams,
    query: ChallanDetailsQuery,
    ...binary,
  }),
};
