import { paiseOfNumeric } from '@taxrecon/shared';
import type pg from 'pg';
import { latestRunSql } from '../payable/runs/job.ts';
import { financialYearOfMonth } from '../payable/runs/months.ts';

type Db = pg.Pool | pg.PoolClient;

export interface Line {
  entityId: string;
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: string;
}

// A line is verified when its challans' tax covers the tax deducted on it
// (the latest 34A result's monthly rows); a month is verified when every line
// of it with tax deducted is. A verified month is locked for the 34A job.

const lineFigures = async (db: Db, line: Line) => {
  const fy = financialYearOfMonth(line.monthYear);
  const run = (await db.query<{ job_id: string }>(latestRunSql, [line.entityId, fy])).rows[0]?.job_id ?? null;
  const deducted = await db.query<{ v: string | null }>(
    `SELECT sum(deducted)::text AS v FROM payable_months
     WHERE job_id = $1 AND month = $2 AND section_number = $3 AND deductee_type = $4 AND sub_section = $5`,
    [run, line.monthYear, line.section, line.deducteeType, line.subsection],
  );
  const deposited = await db.query<{ v: string | null }>(
    `SELECT sum(tax_amount)::text AS v FROM payable_challans
     WHERE entity_id = $1 AND month = $2 AND section_number = $3 AND deductee_type = $4 AND sub_section = $5`,
    [line.entityId, line.monthYear, line.section, line.deducteeType, line.subsection],
  );
  return {
    deducted: paiseOfNumeric(deducted.rows[0]?.v ?? '0'),
    deposited: paiseOfNumeric(deposited.rows[0]?.v ?? '0'),
  };
};

export const covers = (deducted: number, deposited: number): boolean =>
  deposited >= deducted && (deducted > 0 || deposited > 0);

export const lineState = async (db: Db, line: Line) => {
  const f = await lineFigures(db, line);
  return { ...f, lineVerified: covers(f.deducted, f.deposited) };
};

// Every line of the month with tax deducted against the challans on it.
export const monthCovered = async (db: Db, entityId: string, month: string): Promise<boolean> => {
  const fy = financialYearOfMonth(month);
  const run = (await db.query<{ job_id: string }>(latestRunSql, [entityId, fy])).rows[0]?.job_id;
  if (!run) return false;
  const { rows } = await db.query<{ deducted: string; deposited: string | null }>(
    `SELECT m.deducted::text AS deducted, (
        SELECT sum(c.tax_amount) FROM payable_challans c
        WHERE c.entity_id = $2 AND c.month = m.month AND c.section_number = m.section_number
          AND c.deductee_type = m.deductee_type AND c.sub_section = m.sub_section)::text AS deposited
     FROM (SELECT month, section_number, deductee_type, sub_section, sum(deducted) AS deducted
           FROM payable_months WHERE job_id = $1 AND month = $3
           GROUP BY month, section_number, deductee_type, sub_section) m
     WHERE m.deducted > 0`,
    [run, entityId, month],
  );
  return (
    rows.length > 0 && rows.every((r) => paiseOfNumeric(r.deposited ?? '0') >= paiseOfNumeric(r.deducted))
  );
};

// After a challan changes: the month's verified flag follows its challans.
export const refreshMonthVerified = async (db: Db, entityId: string, month: string): Promise<boolean> => {
  const verified = await monthCovered(db, entityId, month);
  await db.query(
    `INSERT INTO payable_month_states (entity_id, financial_year, month, verified, verified_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END)
     ON CONFLICT (entity_id, financial_year, month) DO UPDATE
       SET verified = EXCLUDED.verified,
           verified_at = CASE WHEN EXCLUDED.verified THEN coalesce(payable_month_states.verified_at, now()) END`,
    [entityId, financialYearOfMonth(month), month, verified],
  );
  return verified;
};
