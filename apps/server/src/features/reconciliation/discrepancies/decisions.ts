import type { UpdateDiscrepanciesRequest } from '@taxrecon/contracts';
import {
  applyDecisions,
  type Decision,
  type PartyInfo,
  type PartyResult,
  partyRowKeys,
  type ReconcileResult,
  type ResolvedOptions,
  type RowRef,
} from '@taxrecon/engine';
import type { FinancialYear } from '@taxrecon/shared';
import type pg from 'pg';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../../platform/http/errors.ts';
import { recomputeParty } from '../matching/compute.ts';
import { ChunkWriter } from '../matching/copy-text.ts';
import {
  decodeStoredParty,
  type JobScope,
  PARTY_COLUMNS,
  partyLine,
  ROW_COLUMNS,
  rowLines,
  storedRowsSelect,
} from '../matching/result-codec.ts';
import { storedDecisions } from '../matching/source-read.ts';
import { parseRowId } from '../results/row-view.ts';
import { completedRun, type RunView, runOptions } from '../runs/runs.ts';

// A person's decision on the discrepancy screen (spec 2.6 and 4): checked by
// the engine against the party's current result, stored apart from the
// automatic result (keyed by row content, so it survives re-runs and
// re-uploads) and applied at once to this job's stored rows by reconciling
// the one party again, exactly as a whole run would.

type Client = pg.PoolClient;

interface PartyState {
  info: PartyInfo;
  options: ResolvedOptions;
  overridden: boolean;
}

const partyState = async (client: Client, run: RunView, party: number): Promise<PartyState> => {
  const { rows } = await client.query<{
    party_key: string;
    code: string | null;
    name: string;
    tan: string | null;
    pan: string | null;
    members: string[];
    in_master: boolean;
    options: ResolvedOptions | null;
  }>(
    `SELECT party_key, code, name, tan, pan, members, in_master, options
     FROM recon_parties WHERE job_id = $1 AND party = $2`,
    [run.job_id, party],
  );
  const p = rows[0];
  if (!p)
    throw badRequest(
      'This customer is no longer in the reconciliation; refresh the page.',
      'PARTY_NOT_FOUND',
    );
  return {
    info: {
      key: p.party_key,
      code: p.code,
      name: p.name,
      tan: p.tan,
      pan: p.pan,
      members: p.members,
      inMaster: p.in_master,
    },
    options: p.options ?? runOptions(run),
    overridden: p.options !== null,
  };
};

// The party as the decisions so far make it, from its stored rows.
export const currentParty = async (
  ctx: AppContext,
  client: Client,
  run: RunView,
  party: number,
  options?: ResolvedOptions,
): Promise<{ state: PartyState; result: ReconcileResult }> => {
  const state = await partyState(client, run, party);
  const text = new TextDecoder().decode(
    await ctx.database.copyOut(client, storedRowsSelect(run.job_id, party)),
  );
  const work = decodeStoredParty(state.info, text);
  const decisions = await storedDecisions(client, run.entity_id, run.kind, run.financial_year);
  const { result } = recomputeParty(
    work,
    { kind: run.kind, financialYear: run.financial_year as FinancialYear, options: options ?? state.options },
    decisions,
  );
  return { state, result };
};

// Replaces a party's stored rows and figures, in the caller's transaction.
export const writeParty = async (
  ctx: AppContext,
  client: Client,
  run: RunView,
  ordinal: number,
  party: PartyResult,
  options: ResolvedOptions | null,
): Promise<void> => {
  const scope: JobScope = { jobId: run.job_id, entityId: run.entity_id, financialYear: run.financial_year };
  await client.query('DELETE FROM recon_rows WHERE job_id = $1 AND party = $2', [run.job_id, ordinal]);
  await client.query('DELETE FROM recon_parties WHERE job_id = $1 AND party = $2', [run.job_id, ordinal]);
  await ctx.database.copyInto(client, 'recon_parties', PARTY_COLUMNS, [
    partyLine(scope, ordinal, party, options),
  ]);
  const rows = new ChunkWriter();
  rowLines(scope, ordinal, party, (line) => rows.add(line));
  await ctx.database.copyInto(client, 'recon_rows', ROW_COLUMNS, rows.finish());
};

// The sign-in page's all-totals read the job's claimable tax from its result.
export const refreshJobTotals = async (client: Client, jobId: string): Promise<void> => {
  await client.query(
    `UPDATE jobs SET result = jsonb_set(coalesce(result, '{}'::jsonb), '{reconciledRupees}',
       to_jsonb((SELECT coalesce(sum(claimable_tax), 0) FROM recon_parties WHERE job_id = $1)))
     WHERE id = $1`,
    [jobId],
  );
};

export const lockParty = async (client: Client, jobId: string, party: number): Promise<void> => {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`recon-party:${jobId}:${party}`]);
};

type Body = z.output<typeof UpdateDiscrepanciesRequest>;

// Who decides: a person on the screen, or the person whose background job (a
// smart filter's bulk update) records decisions on their behalf.
export type Decider = Pick<Caller, 'userId' | 'login'>;

const buildDecision = (body: Body, refs: RowRef[], caller: Decider): Decision => {
  const base = { note: body.notes || null, by: caller.login, at: new Date().toISOString() };
  switch (body.actionType) {
    case 'Accept':
      return { ...base, action: 'Accept', rows: refs, ...(body.correlate ? { correlate: true } : {}) };
    case 'AcceptPartial':
      if (body.acceptedTax === undefined)
        throw badRequest('Enter the tax to accept.', 'INVALID_ACCEPTED_TAX');
      return { ...base, action: 'AcceptPartial', rows: refs, acceptedTax: body.acceptedTax };
    case 'Hold':
    case 'FollowUp':
    case 'Pending':
      return { ...base, action: body.actionType, rows: refs };
    case 'Pair':
      return { ...base, action: 'Pair', rows: refs };
    case 'Split': {
      if (refs.length !== 1) throw badRequest('Select exactly one entry to split.', 'INVALID_SPLIT');
      const parts = body.splitParts ?? [];
      if (parts.length < 2) throw badRequest('A split needs at least two parts.', 'INVALID_SPLIT');
      return { ...base, action: 'Split', row: refs[0]!, parts };
    }
    case 'Unpair':
      if (refs.length !== 1) throw badRequest('Select exactly one entry to unpair.', 'INVALID_SELECTION');
      return { ...base, action: 'Unpair', row: refs[0]! };
  }
};

export const updateDiscrepancies = async (ctx: AppContext, caller: Caller, body: Body) =>
  decideOnRun(ctx, await completedRun(ctx, caller, body.jobId), caller, body);

// The decision on a run already resolved for the caller's entity.
export const decideOnRun = async (ctx: AppContext, run: RunView, caller: Decider, body: Body) => {
  const picked = [
    ...body.salesPurchaseBookDiscrepancyIds.map((id) => ({ side: 'book' as const, ...parseRowId(id, 'B') })),
    ...body.taxBookDiscrepancyIds.map((id) => ({ side: 'taxBook' as const, ...parseRowId(id, 'T') })),
  ];
  if (picked.length === 0) throw badRequest('Select at least one entry.', 'NO_ROWS');
  const parties = new Set(picked.map((p) => p.party));
  if (parties.size > 1) {
    throw badRequest(
      'The entries belong to different customers; decide on one customer at a time.',
      'DIFFERENT_PARTIES',
    );
  }
  const ordinal = picked[0]!.party;

  return await withTransaction(ctx.database.pool, async (client) => {
    await lockParty(client, run.job_id, ordinal);
    const { state, result } = await currentParty(ctx, client, run, ordinal);
    const party = result.parties[0];
    if (!party) throw badRequest('This customer has no entries left; refresh the page.', 'PARTY_NOT_FOUND');
    const keys = partyRowKeys(party);
    const refs: RowRef[] = picked.map((p) => {
      const key = keys[p.side][p.ord];
      if (key === undefined) {
        throw badRequest('An entry is no longer in the result; refresh the page.', 'ROW_NOT_FOUND');
      }
      return { side: p.side, key };
    });
    const decision = buildDecision(body, refs, caller);
    const outcome = applyDecisions(result, [decision]);
    const error = outcome.errors[0];
    if (error) throw new HttpError(400, error.code, error.message);
    const decided = outcome.result.parties[0]!;
    const stored = { ...decision };
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO recon_decisions (entity_id, kind, financial_year, party_key, action, decision, note, made_on_job,
         created_by, created_by_login)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        run.entity_id,
        run.kind,
        run.financial_year,
        state.info.key,
        body.actionType === 'Accept' && body.correlate ? 'Accept (correlated)' : body.actionType,
        JSON.stringify(stored),
        body.notes || null,
        run.job_id,
        caller.userId,
        caller.login,
      ],
    );
    await writeParty(ctx, client, run, ordinal, decided, state.overridden ? state.options : null);
    await refreshJobTotals(client, run.job_id);
    return {
      message: 'Entries updated',
      decisionId: String(inserted.rows[0]?.id ?? ''),
      entityId: state.info.key,
      category: decided.category,
    };
  });
};
