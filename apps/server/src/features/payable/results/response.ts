import type { PayableResponse } from '@taxrecon/contracts';
import type { PayableResult } from '@taxrecon/engine';
import { type FinancialYear, formatRupees, paiseOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { monthsOfYear, quarterOfMonth } from '../runs/months.ts';
import type { PayableRunView } from '../runs/runs.ts';
import { challanDeposits, form3cdWithChallans, withChallans } from './challan-deposits.ts';
import { money } from './money.ts';

type MonthlyRow = PayableResponse['monthly'][number];

// A run's monthly rows, one per month, section, deductee type and TAN, with
// whether the month is verified and the challans deposited on them (of the
// months the run computed: a run up to June shows no deposit of July).
export const monthlyRows = async (ctx: AppContext, jobId: string, month?: string): Promise<MonthlyRow[]> => {
  const run = (
    await ctx.database.pool.query<{ entity_id: string; financial_year: string; month: string }>(
      'SELECT entity_id, financial_year, month FROM payable_runs WHERE job_id = $1',
      [jobId],
    )
  ).rows[0];
  if (!run) return [];
  const months = monthsOfYear(run.financial_year as FinancialYear).filter(
    (m) => m <= run.month && (month === undefined || m === month),
  );
  const { rows } = await ctx.database.pool.query<{
    tan: string | null;
    month: string;
    section_number: string;
    sub_section: string;
    deductee_type: MonthlyRow['deducteeType'];
    entries: number;
    base: string;
    due: string;
    deducted: string;
    shortfall: string;
    interest: string;
    errors: number;
    verified: boolean | null;
  }>(
    `SELECT m.tan, m.month, m.section_number, m.sub_section, m.deductee_type, m.entries, m.base::text,
       m.due::text, m.deducted::text, m.shortfall::text, m.interest::text, m.errors, s.verified
     FROM payable_months m
     LEFT JOIN payable_month_states s ON s.entity_id = m.entity_id AND s.financial_year = m.financial_year
       AND s.month = m.month
     WHERE m.job_id = $1 AND ($2::text IS NULL OR m.month = $2)
     ORDER BY m.month, m.section_number, m.sub_section, m.deductee_type, m.tan NULLS FIRST`,
    [jobId, month ?? null],
  );
  const computed = rows.map((r) => ({
    tan: r.tan,
    monthYear: r.month,
    section: r.section_number,
    subsection: r.sub_section,
    deducteeType: r.deductee_type,
    entries: r.entries,
    base: money(r.base),
    tds: money(r.due),
    deducted: money(r.deducted),
    shortfall: money(r.shortfall),
    interest: money(r.interest),
    challansCount: 0,
    errors: r.errors,
    verified: r.verified ?? false,
  }));
  return withChallans(computed, await challanDeposits(ctx.database.pool, run.entity_id, months));
};

const add = (a: string, b: string) => formatRupees(paiseOfNumeric(a) + paiseOfNumeric(b));

export const quarterlyRows = (monthly: readonly MonthlyRow[]): PayableResponse['quarterly'] => {
  const rows = new Map<string, PayableResponse['quarterly'][number]>();
  for (const m of monthly) {
    const quarter = quarterOfMonth(m.monthYear);
    const key = `${quarter}|${m.section}|${m.subsection}|${m.deducteeType}`;
    const q = rows.get(key);
    if (!q) {
      rows.set(key, {
        quarter,
        section: m.section,
        subsection: m.subsection,
        deducteeType: m.deducteeType,
        entries: m.entries,
        base: m.base,
        tds: m.tds,
        deducted: m.deducted,
        shortfall: m.shortfall,
        interest: m.interest,
        deposited: m.deposited,
        challansCount: m.challansCount,
        errors: m.errors,
      });
    } else {
      q.entries += m.entries;
      q.base = add(q.base, m.base);
      q.tds = add(q.tds, m.tds);
      q.deducted = add(q.deducted, m.deducted);
      q.shortfall = add(q.shortfall, m.shortfall);
      q.interest = add(q.interest, m.interest);
      q.deposited = add(q.deposited, m.deposited);
      q.challansCount += m.challansCount;
      q.errors += m.errors;
    }
  }
  return [...rows.values()].sort((a, b) =>
    `${a.quarter}|${a.section}|${a.subsection}|${a.deducteeType}`.localeCompare(
      `${b.quarter}|${b.section}|${b.subsection}|${b.deducteeType}`,
    ),
  );
};

export const payableResponse = async (ctx: AppContext, run: PayableRunView): Promise<PayableResponse> => {
  const summary = run.summary as PayableResult['summary'] | null;
  const form3cd = (run.form3cd as PayableResult['form3cd'] | null) ?? [];
  const monthly = run.status === 'Completed' ? await monthlyRows(ctx, run.job_id) : [];
  const sum = (pick: (r: MonthlyRow) => string) =>
    formatRupees(monthly.reduce((n, r) => n + paiseOfNumeric(pick(r)), 0));
  const by = summary?.byStatus;
  return {
    jobId: run.job_id,
    status: run.status === 'Running' ? 'InProgress' : run.status,
    fy: run.financial_year.slice(2),
    financialYear: run.financial_year,
    month: run.month,
    totalNoOfVendors: summary?.vendors ?? 0,
    dataQualitySummary: {
      totalEntries: summary?.totalEntries ?? 0,
      totalGlCodeUnMappedErrors: summary?.glUnmapped ?? 0,
      totalVendorMissingErrors: summary?.vendorMissing ?? 0,
    },
    counts: {
      entries: summary?.totalEntries ?? 0,
      shortOrNotDeducted: (by?.short ?? 0) + (by?.notDeducted ?? 0),
      excess: by?.excess ?? 0,
      errors: summary?.errors ?? 0,
    },
    totals: {
      due: sum((r) => r.tds),
      deducted: sum((r) => r.deducted),
      shortfall: sum((r) => r.shortfall),
      interest: sum((r) => r.interest),
    },
    monthly,
    quarterly: quarterlyRows(monthly),
    annual: form3cdWithChallans(form3cd, monthly),
  };
};
