export { computePayable, type PayableOptions } from './compute.ts';
export {
  type BookRow,
  countByStatus,
  FORM26Q_STATUSES,
  type Form26qCounts,
  type Form26qLine,
  type Form26qStatus,
  normalisePan,
  type ReturnRow,
  reconcile26q,
  TDS_TOLERANCE_PAISE,
} from './form26q.ts';
export { EXCESS_ONLY_SECTIONS, SHIPPED_SECTION_TYPES } from './section-types-data.ts';
export { isAll, NEW_ACT_FROM, normaliseSection, paymentCodeOf } from './sections.ts';
export type * from './types.ts';
