export * from './classifier/index.ts';
export {
  type CompanyName,
  CompanyNameIndex,
  compareCompanyNames,
  type NameCandidate,
  type NameResolution,
  readCompanyName,
  resolveCompanyName,
} from './company-names.ts';
export { dayNumber } from './dates.ts';
export type {
  Decision,
  DecisionError,
  DecisionErrorCode,
  DecisionOutcome,
  RowRef,
  SplitPart,
} from './decision-types.ts';
export { applyDecisions } from './decisions.ts';
export { normalisePan, normaliseTan, panFromGstin } from './identifiers.ts';
export {
  badBookRow,
  badTaxBookRow,
  bookIdentity,
  type GatheredRow,
  type IdentityPlan,
  type Placement,
  planByIdentity,
  taxBookIdentity,
  UnresolvedRows,
  workOf,
} from './identity-plan.ts';
export type {
  BookRow,
  ConfirmedMapping,
  MappingEntry,
  PartyMaster,
  ReconcileInput,
  ReconKind,
  TaxBookRow,
} from './input-types.ts';
export { normaliseName } from './names.ts';
export { DEFAULT_OPTIONS, type MatchMode, type ReconcileOptions, type ResolvedOptions } from './options.ts';
export * from './payable/index.ts';
export { type PartyWork, type PlanContext, planReconciliation, type ReconcilePlan } from './plan.ts';
export { describeUnmatched } from './reason-text.ts';
export { assembleResult, type ProgressCallback, reconcile, reconcileParties } from './reconcile.ts';
export { reconcileParty } from './reconcile-party.ts';
export {
  type ReconReport,
  type ReportList,
  type ReportMatch,
  type ReportParty,
  type ReportSink,
  type ReportUnmatched,
  streamPartyItems,
  streamReport,
  toReport,
} from './report.ts';
export { SummaryFold } from './result-summary.ts';
export type * from './result-types.ts';
export {
  bookRowFingerprint,
  type PartyRowKeys,
  partyRowKeys,
  tanOfKey,
  taxBookRowFingerprint,
  voucherOfKey,
} from './row-keys.ts';
