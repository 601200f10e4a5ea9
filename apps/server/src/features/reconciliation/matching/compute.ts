import {
  applyDecisions,
  assembleResult,
  type Decision,
  type DecisionError,
  type EngineWarning,
  type MappingEntry,
  type PartyMaster,
  type PartyResult,
  type PartyWork,
  planReconciliation,
  type ReconcileOptions,
  type ReconcileResult,
  type ReconKind,
  type ResolvedOptions,
  reconcileParties,
} from '@taxrecon/engine';
import { utf8Text } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import { ChunkWriter } from './copy-text.ts';
import { type JobScope, partyLine, rowLines, unresolvedLine } from './result-codec.ts';
import { decodeBookRows, decodeTaxBookRows } from './source-rows.ts';

// One reconciliation from the rows as read (COPY text) to the rows to write
// (COPY text): decode, plan, reconcile the parties in batches, apply the
// decisions, encode. Pure CPU; it runs in a worker thread (worker.ts).

export interface ComputeRequest {
  scope: JobScope;
  kind: ReconKind;
  financialYear: FinancialYear;
  options: Omit<ReconcileOptions, 'onProgress'>;
  book: Uint8Array;
  taxBook: Uint8Array;
  broughtForwardBook: Uint8Array;
  broughtForwardTaxBook: Uint8Array;
  parties: PartyMaster[];
  mappings: MappingEntry[];
  decisions: Decision[];
  // master codes; null reconciles every party
  selected: string[] | null;
  batches: number;
  // Reconciling some parties of an existing job again: the ordinals they
  // already hold there, and the first free one for parties new to it.
  ordinals?: Record<string, number>;
  nextOrdinal?: number;
}

export interface ComputeStats {
  bookRows: number;
  taxBookRows: number;
  broughtForwardBookRows: number;
  broughtForwardTaxBookRows: number;
  parties: number;
  unresolved: number;
  categories: Record<PartyResult['category'], number>;
  // paise
  claimableTax: number;
}

export interface ComputeResult {
  partyChunks: string[];
  rowChunks: string[];
  unresolvedChunks: string[];
  rows: number;
  options: ResolvedOptions;
  warnings: EngineWarning[];
  decisionErrors: DecisionError[];
  applied: number;
  stats: ComputeStats;
  timings: Record<string, number>;
}

// Batches of about equal rows, so progress moves evenly.
export const batchesOf = (work: readonly PartyWork[], count: number): PartyWork[][] => {
  const total = work.reduce((n, w) => n + w.book.length + w.taxBook.length, 0);
  const target = Math.max(1, Math.ceil(total / Math.max(1, count)));
  const out: PartyWork[][] = [];
  let current: PartyWork[] = [];
  let size = 0;
  for (const w of work) {
    current.push(w);
    size += w.book.length + w.taxBook.length;
    if (size >= target) {
      out.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
};

export const computeReconciliation = (
  request: ComputeRequest,
  onProgress: (finished: number, total: number) => void,
): ComputeResult => {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const book = decodeBookRows(utf8Text(request.book));
  const taxBook = decodeTaxBookRows(utf8Text(request.taxBook));
  const bfBook = decodeBookRows(utf8Text(request.broughtForwardBook));
  const bfTaxBook = decodeTaxBookRows(utf8Text(request.broughtForwardTaxBook));
  lap('decode');

  const plan = planReconciliation(
    {
      kind: request.kind,
      financialYear: request.financialYear,
      book,
      taxBook,
      parties: request.parties,
      mappings: request.mappings,
      broughtForward: { book: bfBook, taxBook: bfTaxBook },
    },
    request.options,
  );
  const selected = request.selected ? new Set(request.selected) : null;
  const work = selected
    ? plan.work.filter((w) => selected.has(w.party.key) || w.party.members.some((m) => selected.has(m)))
    : plan.work;
  lap('plan');

  const batches = batchesOf(work, request.batches);
  onProgress(0, batches.length);
  const parties: PartyResult[] = [];
  batches.forEach((batch, i) => {
    for (const p of reconcileParties(batch, plan)) parties.push(p);
    onProgress(i + 1, batches.length);
  });
  const { work: _work, ...planWithoutWork } = plan;
  const assembled = assembleResult(
    selected ? { ...planWithoutWork, unresolved: [] } : planWithoutWork,
    parties,
  );
  lap('match');
  const decided = applyDecisions(assembled, request.decisions);
  lap('decisions');

  const result = decided.result;
  const partyOut = new ChunkWriter();
  const rowOut = new ChunkWriter(1 << 16);
  const unresolvedOut = new ChunkWriter();
  const add = (line: string) => rowOut.add(line);
  let next = request.nextOrdinal ?? 0;
  result.parties.forEach((p, index) => {
    const ordinal = request.ordinals ? (request.ordinals[p.key] ?? next++) : index;
    partyOut.add(partyLine(request.scope, ordinal, p));
    rowLines(request.scope, ordinal, p, add);
  });
  for (const u of result.unresolved) unresolvedOut.add(unresolvedLine(request.scope, u));
  lap('encode');

  return {
    partyChunks: partyOut.finish(),
    rowChunks: rowOut.finish(),
    unresolvedChunks: unresolvedOut.finish(),
    rows: rowOut.rows,
    options: result.options,
    warnings: result.warnings,
    decisionErrors: decided.errors,
    applied: decided.applied,
    stats: statsOf(result, {
      book: book.length,
      taxBook: taxBook.length,
      bfBook: bfBook.length,
      bfTaxBook: bfTaxBook.length,
    }),
    timings,
  };
};

export const statsOf = (
  result: ReconcileResult,
  read: { book: number; taxBook: number; bfBook: number; bfTaxBook: number },
): ComputeStats => ({
  bookRows: read.book,
  taxBookRows: read.taxBook,
  broughtForwardBookRows: read.bfBook,
  broughtForwardTaxBookRows: read.bfTaxBook,
  parties: result.parties.length,
  unresolved: result.unresolved.length,
  categories: { ...result.summary.categories },
  claimableTax: result.summary.claimableTax,
});

// One party again, from its stored rows, with the decisions of its entity,
// kind and year: what a whole run would give it. Used after a decision.
export const recomputeParty = (
  work: PartyWork,
  context: { kind: ReconKind; financialYear: FinancialYear; options: ResolvedOptions },
  decisions: readonly Decision[],
): { result: ReconcileResult; errors: DecisionError[] } => {
  const plan = { ...context, unresolved: [], warnings: [] };
  const [party] = reconcileParties([work], plan);
  const assembled = assembleResult(plan, party ? [party] : []);
  const decided = applyDecisions(assembled, decisions);
  return { result: decided.result, errors: decided.errors };
};
