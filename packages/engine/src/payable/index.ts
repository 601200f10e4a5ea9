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
export { EXCESS_ONLY_SECTIONS, SHIPPED_SECTION_TYPES } from './section-types-data.ts';
export { isAll, NEW_ACT_FROM, normaliseSection, paymentCodeOf } from './sections.ts';
export type * from './types.ts';
