import type { ReconcileInput } from './input-types.ts';
import type { ReconcileOptions } from './options.ts';
import { type PartyWork, type PlanContext, planReconciliation, type ReconcilePlan } from './plan.ts';
import { reconcileParty } from './reconcile-party.ts';
import { collectCarryForward, summarize } from './result-summary.ts';
import type { PartyResult, ReconcileResult } from './result-types.ts';

export type ProgressCallback = (doneParties: number, totalParties: number) => void;

// Reconciles a batch of parties (a slice of a plan's `work`), e.g. inside a
// worker thread. Progress is reported each time another whole percent is done.
export const reconcileParties = (
  work: readonly PartyWork[],
  ctx: PlanContext,
  onProgress?: ProgressCallback,
): PartyResult[] => {
  const out: PartyResult[] = [];
  let lastPercent = -1;
  for (const w of work) {
    out.push(reconcileParty(w, ctx));
    if (onProgress) {
      const percent = Math.floor((out.length * 100) / work.length);
      if (percent !== lastPercent) {
        lastPercent = percent;
        onProgress(out.length, work.length);
      }
    }
  }
  return out;
};

// Joins the party results of all batches (in any order) with the plan's
// unresolved rows and warnings into one result.
export const assembleResult = (
  plan: Omit<ReconcilePlan, 'work'>,
  parties: readonly PartyResult[],
): ReconcileResult => {
  // Batches usually arrive in key order already (the plan's order): then no copy and no sort.
  let inOrder = true;
  for (let i = 1; i < parties.length && inOrder; i++) inOrder = parties[i - 1]!.key < parties[i]!.key;
  const sorted = inOrder
    ? (parties as PartyResult[])
    : [...parties].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    kind: plan.kind,
    financialYear: plan.financialYear,
    options: plan.options,
    parties: sorted,
    unresolved: plan.unresolved,
    warnings: plan.warnings,
    summary: summarize(sorted, plan.unresolved),
    carryForward: collectCarryForward(sorted),
  };
};

export const reconcile = (input: ReconcileInput, options: ReconcileOptions = {}): ReconcileResult => {
  const plan = planReconciliation(input, options);
  const parties = reconcileParties(plan.work, plan, options.onProgress);
  return assembleResult(plan, parties);
};
