import type { FinancialYear } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { latestRunSql } from '../runs/job.ts';
import { financialYearOfMonth } from '../runs/months.ts';
import { money } from './money.ts';
import { monthlyRows } from './response.ts';

// The year's latest result: the monthly rows of the newest completed run over
// all vendors (verified months carried in it), and the entries it left.

export const latestRunId = async (ctx: AppContext, entityId: string, fy: string): Promise<string> => {
  const { rows } = await ctx.database.pool.query<{ job_id: string }>(latestRunSql, [entityId, fy]);
  if (!rows[0]) throw notFound(`There is no completed 34A reconciliation for ${fy} yet.`);
  return rows[0].job_id;
};

export const monthSummary = async (ctx: AppContext, entityId: string, fy: FinancialYear, month: string) => {
  const jobId = await latestRunId(ctx, entityId, fy);
  const rows = await monthlyRows(ctx, jobId, month);
  const errors = await ctx.database.pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payable_entries
     WHERE entity_id = $1 AND financial_year = $2 AND month = $3 AND status = 'error'`,
    [entityId, fy, month],
  );
  const totals = await ctx.database.pool.query<{ entries: string | null; due: string | null }>(
    'SELECT sum(entries)::text AS entries, sum(due)::text AS due FROM payable_months WHERE job_id = $1 AND month = $2',
    [jobId, month],
  );
  const challans = await ctx.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payable_challans WHERE entity_id = $1 AND month = $2',
    [entityId, month],
  );
  return {
    totalEntries: Number(totals.rows[0]?.entries ?? 0),
    totalErrors: Number(errors.rows[0]?.n ?? 0),
    totalTds: money(totals.rows[0]?.due),
    challansCount: challans.rows[0]?.n ?? 0,
    rows,
  };
};

export const exploreGroup = async (
  ctx: AppContext,
  entityId: string,
  group: { monthYear: string; section: string; deducteeType: 'company' | 'individual' | 'others' },
  subsection: string | undefined,
) => {
  const fy = financialYearOfMonth(group.monthYear);
  const jobId = await latestRunId(ctx, entityId, fy);
  const { rows } = await ctx.database.pool.query<{
    entries: string | null;
    due: string | null;
    deducted: string | null;
    shortfall: string | null;
  }>(
    `SELECT sum(entries)::text AS entries, sum(due)::text AS due, sum(deducted)::text AS deducted,
       sum(shortfall)::text AS shortfall
     FROM payable_months WHERE job_id = $1 AND month = $2 AND section_number = $3 AND deductee_type = $4
       AND ($5::text IS NULL OR sub_section = $5)`,
    [jobId, group.monthYear, group.section, group.deducteeType, subsection ?? null],
  );
  const state = await ctx.database.pool.query<{ verified: boolean }>(
    'SELECT verified FROM payable_month_states WHERE entity_id = $1 AND financial_year = $2 AND month = $3',
    [entityId, fy, group.monthYear],
  );
  const r = rows[0];
  return {
    monthYear: group.monthYear,
    count: Number(r?.entries ?? 0),
    tds: money(r?.due),
    deducted: money(r?.deducted),
    shortfall: money(r?.shortfall),
    section: group.section,
    subsection: subsection ?? '',
    deducteeType: group.deducteeType,
    verified: state.rows[0]?.verified ?? false,
  };
};
