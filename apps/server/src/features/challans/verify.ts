import { formatInr, type Paise, paiseOfNumeric } from '@taxrecon/shared';
import type pg from 'pg';
import { withTransaction } from '../../platform/db/transaction.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { latestRunSql } from '../payable/runs/job.ts';
import { financialYearOfMonth, monthLabel } from '../payable/runs/months.ts';
import { lockEntityChallans } from './identity.ts';

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
// A change to a verified month's challans, or to the allocation of rows to
// them, clears its verification (what was checked is no longer what is
// there); the month then stays unverified, with the change named, until the
// user verifies it again (docs/decisions.md, session 39).

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

const LINE_SQL = `SELECT m.section_number, m.sub_section, m.deductee_type, m.deducted::text AS deducted, (
        SELECT sum(c.tax_amount) FROM payable_challans c
        WHERE c.entity_id = $2 AND c.month = m.month AND c.section_number = m.section_number
          AND c.deductee_type = m.deductee_type AND c.sub_section = m.sub_section)::text AS deposited
     FROM (SELECT month, section_number, deductee_type, sub_section, sum(deducted) AS deducted
           FROM payable_months WHERE job_id = $1 AND month = $3
           GROUP BY month, section_number, deductee_type, sub_section) m
     WHERE m.deducted > 0
     ORDER BY m.section_number, m.sub_section, m.deductee_type`;

// The month's lines with tax deducted whose challans do not cover it; null
// when the month has no such line (or no 34A result), which nothing verifies.
export const uncoveredLines = async (db: Db, entityId: string, month: string) => {
  const fy = financialYearOfMonth(month);
  const run = (await db.query<{ job_id: string }>(latestRunSql, [entityId, fy])).rows[0]?.job_id;
  if (!run) return null;
  const { rows } = await db.query<{
    section_number: string;
    sub_section: string;
    deductee_type: string;
    deducted: string;
    deposited: string | null;
  }>(LINE_SQL, [run, entityId, month]);
  if (rows.length === 0) return null;
  return rows
    .map((r) => ({
      section: r.section_number,
      subsection: r.sub_section,
      deducteeType: r.deductee_type,
      deducted: paiseOfNumeric(r.deducted),
      deposited: paiseOfNumeric(r.deposited ?? '0'),
    }))
    .filter((l) => l.deposited < l.deducted);
};

// Every line of the month with tax deducted against the challans on it.
export const monthCovered = async (db: Db, entityId: string, month: string): Promise<boolean> => {
  const short = await uncoveredLines(db, entityId, month);
  return short !== null && short.length === 0;
};

// After the deposits of an unverified month change (or the tax deducted on
// it, by an adjustment): the month is verified once its challans cover every
// line, unless a change cleared an earlier verification of it. Such a month is
// verified again only by the user (verifyMonth), who has seen what changed.
export const refreshMonthVerified = async (
  db: Db,
  entityId: string,
  month: string,
  login: string | null = null,
): Promise<boolean> => {
  const fy = financialYearOfMonth(month);
  const state = (
    await db.query<{ verified: boolean; cleared: boolean }>(
      `SELECT verified, cleared_at IS NOT NULL AS cleared FROM payable_month_states
       WHERE entity_id = $1 AND financial_year = $2 AND month = $3 FOR UPDATE`,
      [entityId, fy, month],
    )
  ).rows[0];
  const covered = await monthCovered(db, entityId, month);
  const verified = covered && (state?.verified === true || state?.cleared !== true);
  if (verified === (state?.verified ?? false)) return verified;
  await db.query(
    `INSERT INTO payable_month_states (entity_id, financial_year, month, verified, verified_at, verified_by_login)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN $5 END)
     ON CONFLICT (entity_id, financial_year, month) DO UPDATE
       SET verified = EXCLUDED.verified, verified_at = EXCLUDED.verified_at,
           verified_by_login = EXCLUDED.verified_by_login`,
    [entityId, fy, month, verified, login],
  );
  return verified;
};

// A verified month's challans or their allocation changed: what was verified
// is not what is there now, so the verification is cleared, with the change,
// who made it and when, until the user verifies the month again. Months not
// verified are left as they are. Answers the months cleared.
export const clearMonthVerification = async (
  db: Db,
  entityId: string,
  months: Iterable<string>,
  login: string,
  because: string,
): Promise<string[]> => {
  const list = [...new Set(months)];
  if (list.length === 0) return [];
  const { rows } = await db.query<{ month: string }>(
    `UPDATE payable_month_states
        SET verified = false, cleared_at = now(), cleared_by_login = $3, cleared_because = $4,
            cleared_verified_at = verified_at, verified_at = NULL, verified_by_login = NULL
      WHERE entity_id = $1 AND month = ANY($2::text[]) AND verified
      RETURNING month`,
    [entityId, list, login, because],
  );
  return rows.map((r) => r.month).sort();
};

// After a challan is added, edited or deleted: its month (and the months of
// rows allocated to it) lose a verification made before; an unverified month
// of the challan is verified once covered, as before.
export const challanChanged = async (
  db: Db,
  entityId: string,
  challanMonth: string,
  rowMonths: Iterable<string>,
  login: string,
  because: string,
): Promise<void> => {
  const cleared = await clearMonthVerification(db, entityId, [challanMonth, ...rowMonths], login, because);
  if (!cleared.includes(challanMonth)) await refreshMonthVerified(db, entityId, challanMonth, login);
};

// The months of the rows allocated to a challan (a row of one month may be
// paid by a challan of another month of the quarter).
export const allocatedRowMonths = async (db: Db, entityId: string, challanId: string) =>
  (
    await db.query<{ month: string }>(
      `SELECT DISTINCT e.month FROM challan_allocations a JOIN payable_entries e ON e.id = a.entry_id
       WHERE a.challan_id = $1 AND a.entity_id = $2 AND e.entity_id = $2`,
      [challanId, entityId],
    )
  ).rows.map((r) => r.month);

export interface MonthVerificationRow {
  verified: boolean;
  verified_at: Date | null;
  verified_by_login: string | null;
  cleared_at: Date | null;
  cleared_by_login: string | null;
  cleared_because: string | null;
  cleared_verified_at: Date | null;
}

export const monthVerificationRow = async (db: Db, entityId: string, month: string) =>
  (
    await db.query<MonthVerificationRow>(
      `SELECT verified, verified_at, verified_by_login, cleared_at, cleared_by_login, cleared_because,
              cleared_verified_at
         FROM payable_month_states WHERE entity_id = $1 AND financial_year = $2 AND month = $3`,
      [entityId, financialYearOfMonth(month), month],
    )
  ).rows[0];

// The user verifies a month again (after a change cleared its verification):
// only when its challans cover every line with tax deducted, as the automatic
// verification requires.
export const verifyMonth = async (pool: pg.Pool, entityId: string, month: string, login: string) =>
  withTransaction(pool, async (db) => {
    await lockEntityChallans(db, entityId);
    const state = await monthVerificationRow(db, entityId, month);
    if (state?.verified) return { message: `${monthLabel(month)} is verified already.` };
    const short = await uncoveredLines(db, entityId, month);
    if (short === null)
      throw new HttpError(
        409,
        'MONTH_NOT_COVERED',
        `${monthLabel(month)} cannot be verified: the latest 34A result has no tax deducted in it.`,
      );
    if (short.length > 0) {
      const named = short
        .slice(0, 5)
        .map(
          (l) =>
            `${l.section}${l.subsection ? `(${l.subsection})` : ''} ${l.deducteeType}: ${formatInr(l.deposited as Paise)} deposited of ${formatInr(l.deducted as Paise)} deducted`,
        );
      throw new HttpError(
        409,
        'MONTH_NOT_COVERED',
        `${monthLabel(month)} cannot be verified: the challans do not cover the tax deducted on ${short.length} ${short.length === 1 ? 'line' : 'lines'} (${named.join('; ')}${short.length > 5 ? '; …' : ''}).`,
      );
    }
    await db.query(
      `INSERT INTO payable_month_states (entity_id, financial_year, month, verified, verified_at, verified_by_login)
       VALUES ($1, $2, $3, true, now(), $4)
       ON CONFLICT (entity_id, financial_year, month) DO UPDATE
         SET verified = true, verified_at = now(), verified_by_login = $4, cleared_at = NULL,
             cleared_by_login = NULL, cleared_because = NULL, cleared_verified_at = NULL`,
      [entityId, financialYearOfMonth(month), month, login],
    );
    return { message: `${monthLabel(month)} verified.` };
  });
