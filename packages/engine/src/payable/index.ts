export {
  type Allocation,
  type AllocationChallan,
  type AllocationRow,
  allocateRows,
  daysBetween,
  lateDeductionInterest,
  lateDepositInterest,
  lateFilingFee234E,
  returnDueDate,
} from './challans.ts';
export { computePayable, type PayableOptions } from './compute.ts';
export {
  countByStatus,
  FORM26Q_STATUSES,
  type Form26qBookRow,
  type Form26qCounts,
  type Form26qLine,
  type Form26qReturnRow,
  type Form26qStatus,
  normalisePan,
  reconcile26q,
  TDS_TOLERANCE_PAISE,
} from './form26q.ts';
export { EXCESS_ONLY_SECTIONS, SHIPPED_SECTION_TYPES } from './section-types-data.ts';
export { isAll, NEW_ACT_FROM, normaliseSection, paymentCodeOf, splitSection } from './sections.ts';
export type * from './types.ts';
