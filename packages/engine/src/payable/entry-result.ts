import { type ExemptionReason, formatInr, type Paise, paise } from '@taxrecon/shared';
import { percentOf } from './arithmetic.ts';
import { type Classified, sectionText } from './classify.ts';
import { monthOf } from './dates.ts';
import type {
  DeducteeType,
  EntryStatus,
  ErrorCode,
  LedgerEntry,
  PayableEntryResult,
  RateBasis,
  SectionSource,
} from './types.ts';

// One entry's result. Its reason is worded when it is read, from the figures
// kept here: a million entries otherwise hold a million long strings at once
// (most of the CLI's memory and garbage-collection time).

export const Threshold = {
  None: 0,
  Single: 1,
  Monthly: 2,
  AnnualLater: 3, // liable because the year's aggregate crosses later
  AnnualHere: 4,
  AnnualEarlier: 5,
  Excess: 6,
  BelowExcess: 7,
  Below: 8,
} as const;
export type Threshold = (typeof Threshold)[keyof typeof Threshold];

export interface Liability {
  liable: boolean;
  recognisedMonth: string | null;
  taxableBase: Paise;
  due: Paise;
  rate: number;
  rateBasis: RateBasis;
  threshold: Threshold;
  aggregate: number; // the aggregate the threshold was judged on
  limit: Paise | null;
  crossingDate: string | null;
  ldcPart: number;
  ldcLimit: Paise | null;
  ldcRate: number | null;
}

// Amounts in reasons as an accountant reads them: rupee sign, lakh grouping.
const rupee = (p: number): string => formatInr(p);

const thresholdText = (
  l: Liability,
  e: LedgerEntry,
  month: string,
  type: { thresholdInvoice: Paise | null; thresholdMonthly: Paise | null; thresholdAnnually: Paise | null },
): string => {
  switch (l.threshold) {
    case Threshold.None:
      return 'no threshold';
    case Threshold.Single:
      return `this payment of ${rupee(e.baseAmount)} reaches the single-payment threshold of ${rupee(l.limit!)}`;
    case Threshold.Monthly:
      return `payments of ${month} total ${rupee(l.aggregate)}, reaching the monthly threshold of ${rupee(l.limit!)}`;
    case Threshold.AnnualLater:
      return `the annual threshold of ${rupee(l.limit!)} is crossed later, on ${l.crossingDate}, so the whole year is liable${l.recognisedMonth !== month ? ` (recognised in ${l.recognisedMonth} in the monthly view)` : ''}`;
    case Threshold.AnnualHere:
      return `with this payment the year's total reaches ${rupee(l.aggregate)}, crossing the annual threshold of ${rupee(l.limit!)}`;
    case Threshold.AnnualEarlier:
      return `the annual threshold was crossed on ${l.crossingDate}`;
    case Threshold.Excess:
      return `the year's purchases of ${rupee(l.aggregate)} are above ${rupee(l.limit!)}: ${rupee(l.taxableBase)} of this payment is taxed`;
    case Threshold.BelowExcess:
      return `the year's purchases of ${rupee(l.aggregate)} have not passed ${rupee(l.limit!)} (only the excess is taxed)`;
    default: {
      const parts = [
        type.thresholdInvoice !== null ? `single ${rupee(type.thresholdInvoice)}` : null,
        type.thresholdMonthly !== null ? `monthly ${rupee(type.thresholdMonthly)}` : null,
        type.thresholdAnnually !== null
          ? `annual ${rupee(type.thresholdAnnually)} (year ${rupee(l.aggregate)})`
          : null,
      ].filter(Boolean);
      return `below the threshold (${parts.join(', ')}; this payment ${rupee(e.baseAmount)})`;
    }
  }
};

const ldcText = (l: Liability, normalRate: number): string => {
  if (l.ldcRate === null) return '';
  if (l.ldcPart === 0)
    return `; lower deduction certificate limit ${rupee(l.ldcLimit ?? 0)} used up: normal rate`;
  if (l.ldcPart === l.taxableBase) return `; lower deduction certificate at ${l.ldcRate}%`;
  return `; lower deduction certificate at ${l.ldcRate}% on ${rupee(l.ldcPart)} until its limit ${rupee(l.ldcLimit ?? 0)}, ${normalRate}% on the remaining ${rupee(l.taxableBase - l.ldcPart)}`;
};

export class EntryResult implements PayableEntryResult {
  readonly index: number;
  readonly ref: string;
  readonly file: string;
  readonly line: number;
  readonly documentDate: string | null;
  readonly month: string | null;
  readonly vendorCode: string | null;
  readonly pan: string | null;
  readonly section: string | null;
  readonly sectionSource: SectionSource | null;
  readonly paymentCode: string | null;
  readonly returnForm: '26Q' | '27Q' | null;
  readonly deducteeType: DeducteeType | null;
  readonly base: Paise;
  readonly taxableBase: Paise;
  readonly rate: number | null;
  readonly rateBasis: RateBasis | null;
  readonly ldcTaxable: Paise | null;
  readonly normalRate: number | null;
  readonly liable: boolean;
  readonly recognisedMonth: string | null;
  readonly due: Paise;
  readonly deducted: Paise;
  readonly deposited: boolean;
  readonly interestLateDeduction: Paise;
  readonly interestLateDeposit: Paise;
  readonly status: EntryStatus;
  readonly errorCode: ErrorCode | null;
  readonly exemptReason: ExemptionReason | null;
  readonly #entry: LedgerEntry;
  readonly #classified: Classified;
  readonly #liability: Liability | null;

  constructor(
    index: number,
    e: LedgerEntry,
    c: Classified,
    l: Liability | null,
    status: EntryStatus,
    extra: { paymentCode: string | null; interestLateDeduction: Paise; interestLateDeposit: Paise },
  ) {
    this.index = index;
    this.ref = e.documentNumber ?? '';
    this.file = e.file;
    this.line = e.line;
    this.documentDate = e.documentDate;
    this.month = e.documentDate ? monthOf(e.documentDate) : null;
    this.vendorCode = e.vendorCode;
    this.pan = c.pan;
    this.section = c.section;
    this.sectionSource = c.sectionSource;
    this.paymentCode = extra.paymentCode;
    this.returnForm = c.section === null ? null : c.kind === 'final' && c.nonResident ? '27Q' : '26Q';
    this.deducteeType = c.deducteeType;
    this.base = e.baseAmount;
    this.taxableBase = l ? l.taxableBase : paise(0);
    this.rate = l ? l.rate : null;
    this.rateBasis = l ? l.rateBasis : null;
    const split = l !== null && l.rateBasis === 'LDC+normal' && c.kind === 'pending';
    this.ldcTaxable = split ? paise(l.ldcPart) : null;
    this.normalRate = split ? percentOf(c.units) : null;
    this.liable = l ? l.liable : false;
    this.recognisedMonth = l ? l.recognisedMonth : null;
    this.due = l ? l.due : paise(0);
    this.deducted = e.tdsAmount;
    this.deposited = e.tdsDepositDate !== null;
    this.interestLateDeduction = extra.interestLateDeduction;
    this.interestLateDeposit = extra.interestLateDeposit;
    this.status = status;
    this.errorCode = c.kind === 'final' ? c.errorCode : null;
    this.exemptReason = c.kind === 'final' && c.status === 'exempt' ? (c.exemptReason ?? null) : null;
    this.#entry = e;
    this.#classified = c;
    this.#liability = l;
  }

  get reason(): string {
    const c = this.#classified;
    const e = this.#entry;
    const deductedText = `deducted ${rupee(e.tdsAmount)}`;
    if (c.kind === 'final')
      return c.status === 'error' ? c.why : `${c.why}${e.tdsAmount !== 0 ? ` (${deductedText})` : ''}`;
    const l = this.#liability!;
    const outcome =
      this.status === 'belowThreshold'
        ? `no TDS due${e.tdsAmount !== 0 ? ` (${deductedText})` : ''}`
        : `due ${rupee(l.due)}${l.taxableBase !== e.baseAmount ? ` on ${rupee(l.taxableBase)}` : ''}, ${deductedText}`;
    return `${sectionText(c.section, c.sectionSource, c.sectionDetail)}; ${c.rateWhy}${ldcText(l, c.units / 10_000)}; ${thresholdText(l, e, this.month!, c.type)}; ${outcome}.`;
  }

  // JSON (and structured clones to a worker's caller) carry the worded reason.
  toJSON(): PayableEntryResult {
    const { reason } = this;
    return { ...this, reason };
  }
}
