import {
  GOVERNMENT_DEDUCTOR_FIELDS,
  governmentFieldProblem,
  isDeductorType,
  isGovernmentDeductor,
  isValidPan,
  PAN_NOT_REQUIRED,
} from '@taxrecon/shared';
import { z } from 'zod';
import { Message } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { DepositMode } from './challan-deposit.ts';
import { ChallanQuarterParams } from './challans.ts';
import { PayableDeducteeType, PayMoney } from './payable.ts';

// Which challan paid each deductee row of a quarter (issue 12 "Allocation"),
// and the quarter's 26Q as the FVU text file built from the books, the
// challans and that allocation (issue 12 "Beyond the spec"). None of these
// paths are in the spec: all are chosen, in the style of the challan calls.

const PAYABLE = needs('RECON_TDS_PAYABLE');

export const AllocationChallan = z.object({
  id: z.string(),
  monthYear: z.string(),
  // book_entry: the Form 24G receipt number and DDO serial number below
  depositMode: DepositMode,
  bsrCode: z.string(),
  challanSerialNumber: z.string(),
  dateOfDeposit: z.string(),
  taxAmount: PayMoney,
  allocated: PayMoney,
  // tax on the challan not yet matched by deductee rows
  left: PayMoney,
  rows: z.number().int(),
});
export type AllocationChallan = z.infer<typeof AllocationChallan>;

export const AllocationRow = z.object({
  entryId: z.string(),
  monthYear: z.string(),
  documentDate: z.string().nullable(),
  ref: z.string(),
  pan: z.string().nullable(),
  vendorName: z.string(),
  base: PayMoney,
  deducted: PayMoney,
  challanId: z.string().nullable(),
  source: z.enum(['auto', 'manual']).nullable(),
});
export type AllocationRow = z.infer<typeof AllocationRow>;

// Rows and challans of one section, sub-section and deductee type: a row may
// only go to a challan of its own group (the challan's nature of payment and
// major head follow them).
export const AllocationGroup = z.object({
  section: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  challans: z.array(AllocationChallan),
  rows: z.array(AllocationRow),
  unallocated: PayMoney,
  unallocatedRows: z.number().int(),
});
export type AllocationGroup = z.infer<typeof AllocationGroup>;

export const QuarterAllocation = z.object({
  financialYear: z.string(),
  quarter: z.string(),
  groups: z.array(AllocationGroup),
  totals: z.object({
    deducted: PayMoney,
    allocated: PayMoney,
    unallocated: PayMoney,
    unallocatedRows: z.number().int(),
    // challan tax not matched by any row
    challanLeft: PayMoney,
  }),
});
export type QuarterAllocation = z.infer<typeof QuarterAllocation>;

export const AllocateAnswer = z.object({
  message: z.string(),
  allocated: z.number().int(),
  unallocated: z.number().int(),
});
export type AllocateAnswer = z.infer<typeof AllocateAnswer>;

export const MoveAllocationRequest = z.object({
  entryId: z.string().regex(/^\d{1,18}$/, 'entryId must be the id of a deductee row'),
  // null leaves the row unallocated
  challanId: z.string().uuid('challanId must be the id of a challan').nullable(),
});
export type MoveAllocationRequest = z.infer<typeof MoveAllocationRequest>;

const upperTrim = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase());
// What the 26Q batch header needs about the deductor and the person
// responsible for deducting tax. The deductor's PAN is the entity's unless
// given here: a government deductor (Annexure 4: A, S, D, E, G, H, L, N) may
// give PANNOTREQD, any other deductor needs a valid PAN.
export const ReturnDeductor = z
  .object({
    tan: upperTrim.pipe(
      z.string().regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'TAN must be 4 letters, 5 digits and a letter'),
    ),
    name: z.string().trim().min(1, 'Deductor name is required').max(75),
    branch: z.string().trim().max(75).default(''),
    address1: z.string().trim().min(1, 'Address line 1 is required').max(25),
    address2: z.string().trim().max(25).default(''),
    city: z.string().trim().min(1, 'Town or city is required').max(25),
    stateCode: z
      .string()
      .regex(/^\d{2}$/, 'State code must be the two digits of the 26Q annexure (e.g. 19 Maharashtra)'),
    pin: z.string().regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits'),
    email: z
      .string()
      .trim()
      .regex(/^[^\s@^]+@[^\s@^]+\.[^\s@^]+$/, 'Invalid Email Address'),
    phone: z
      .string()
      .trim()
      .regex(/^\d{0,10}$/, 'Phone must be digits')
      .default(''),
    deductorType: upperTrim
      .pipe(
        z
          .string()
          .refine(
            isDeductorType,
            'Deductor type must be a code of the 26Q annexure: K company, A central government, S state government...',
          ),
      )
      .default('K'),
    // '' for the entity's PAN
    pan: upperTrim.default(''),
    responsibleName: z.string().trim().min(1, 'Name of the responsible person is required').max(75),
    responsibleDesignation: z.string().trim().min(1, 'Designation is required').max(20),
    responsiblePan: upperTrim.pipe(z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'Invalid PAN Number')),
    responsibleMobile: z.string().regex(/^\d{10}$/, 'Mobile must be 10 digits'),
    // A government deductor's fields of the batch header (shared
    // government-deductor.ts says for which types; '' when not given). The
    // lengths are ours: no source gives the format's sizes.
    paoCode: upperTrim.pipe(z.string().max(20)).default(''),
    ddoCode: upperTrim.pipe(z.string().max(20)).default(''),
    ministry: z.string().trim().default(''),
    ministryOther: upperTrim.pipe(z.string().max(75)).default(''),
    paoRegistration: upperTrim.pipe(z.string().max(20)).default(''),
    ddoRegistration: upperTrim.pipe(z.string().max(20)).default(''),
    ain: upperTrim.pipe(z.string().max(20)).default(''),
  })
  .superRefine((d, ctx) => {
    for (const field of GOVERNMENT_DEDUCTOR_FIELDS) {
      const message = governmentFieldProblem(field, d);
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
    if (d.pan === '' || isValidPan(d.pan)) return;
    if (d.pan === PAN_NOT_REQUIRED && isGovernmentDeductor(d.deductorType)) return;
    ctx.addIssue({
      code: 'custom',
      path: ['pan'],
      message:
        d.pan === PAN_NOT_REQUIRED
          ? `PANNOTREQD is only for a government deductor (type A, S, D, E, G, H, L or N); deductor type ${d.deductorType} needs a valid PAN`
          : "Invalid PAN Number: give the deductor's PAN, or PANNOTREQD for a government deductor",
    });
  });
export type ReturnDeductor = z.input<typeof ReturnDeductor>;
const text = z.string();
export const ReturnDeductorAnswer = z.object({
  deductor: z
    .object({
      tan: text,
      name: text,
      branch: text,
      address1: text,
      address2: text,
      city: text,
      stateCode: text,
      pin: text,
      email: text,
      phone: text,
      deductorType: text,
      // '' when the return carries the entity's PAN
      pan: text,
      responsibleName: text,
      responsibleDesignation: text,
      responsiblePan: text,
      responsibleMobile: text,
      paoCode: text,
      ddoCode: text,
      ministry: text,
      ministryOther: text,
      paoRegistration: text,
      ddoRegistration: text,
      ain: text,
    })
    .nullable(),
  // the entity's PAN, which the return carries as the deductor's
  pan: z.string().nullable(),
});
export type ReturnDeductorAnswer = z.infer<typeof ReturnDeductorAnswer>;

export const challanAllocationRoutes = {
  quarterAllocation: defineRoute({
    method: 'GET',
    path: '/tds-payable/challan-allocation/:fy/:quarter',
    access: PAYABLE,
    summary: "The quarter's deductee rows and the challans they are allocated to (chosen)",
    params: ChallanQuarterParams,
    response: QuarterAllocation,
  }),
  autoAllocate: defineRoute({
    method: 'POST',
    path: '/tds-payable/challan-allocation/:fy/:quarter/auto',
    access: PAYABLE,
    summary: 'Allocate the unallocated rows of a quarter by amount and date (chosen)',
    params: ChallanQuarterParams,
    response: AllocateAnswer,
  }),
  moveAllocation: defineRoute({
    method: 'PUT',
    path: '/tds-payable/challan-allocation/move',
    access: PAYABLE,
    summary: 'Move a deductee row to another challan of its group, or unallocate it (chosen)',
    body: MoveAllocationRequest,
    response: Message,
  }),
  returnDeductor: defineRoute({
    method: 'GET',
    path: '/tds-payable/return-deductor',
    access: PAYABLE,
    summary: "The deductor's details the 26Q batch header carries (chosen)",
    response: ReturnDeductorAnswer,
  }),
  saveReturnDeductor: defineRoute({
    method: 'PUT',
    path: '/tds-payable/return-deductor',
    access: PAYABLE,
    summary: "Save the deductor's details for the 26Q (chosen)",
    body: ReturnDeductor,
    response: Message,
  }),
  form26qFvuText: defineRoute({
    method: 'GET',
    path: '/tds-payable/download-26q-fvu/:fy/:quarter',
    access: PAYABLE,
    summary: "The quarter's 26Q as the FVU text file; 422 listing what is missing (chosen)",
    params: ChallanQuarterParams,
    produces: 'binary',
    response: z.unknown(),
  }),
};
