import type { LedgerEntry } from '@taxrecon/engine';
import { numericOfPaise, type Paise, paiseOfNumeric } from '@taxrecon/shared';
import type { Queryable } from '../payable/inputs/queryable.ts';
import type { AdjustmentChange } from './read-adjusted.ts';

// SQL of the adjustments: the uploads (payable_adjustments) and what they set
// on ledger lines (payable_entry_adjustments), read by every 34A run.

export interface AdjustmentLine {
  entityId: string;
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: string;
}

export interface AdjustmentRow {
  id: string;
  entity_id: string;
  financial_year: string;
  month: string;
  section_number: string;
  sub_section: string;
  deductee_type: string;
  file_name: string;
  original_key: string;
  errors_key: string | null;
  job_id: string | null;
  changes: AdjustmentChange[];
  status: 'Queued' | 'Completed' | 'Failed';
  rows_changed: number;
  error_count: number;
  failure_reason: string | null;
  created_by_login: string;
  created_at: Date;
  completed_at: Date | null;
}

export const insertAdjustment = async (
  db: Queryable,
  a: {
    id: string;
    line: AdjustmentLine;
    financialYear: string;
    fileName: string;
    originalKey: string;
    errorsKey: string | null;
    changes: AdjustmentChange[];
    status: 'Queued' | 'Failed';
    errorCount: number;
    reason: string | null;
    login: string;
  },
) => {
  await db.query(
    `INSERT INTO payable_adjustments (id, entity_id, financial_year, month, section_number, sub_section,
       deductee_type, file_name, original_key, errors_key, changes, status, rows_changed, error_count,
       failure_reason, created_by_login, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       CASE WHEN $12 = 'Failed' THEN now() END)`,
    [
      a.id,
      a.line.entityId,
      a.financialYear,
      a.line.monthYear,
      a.line.section,
      a.line.subsection,
      a.line.deducteeType,
      a.fileName,
      a.originalKey,
      a.errorsKey,
      JSON.stringify(a.changes),
      a.status,
      a.changes.length,
      a.errorCount,
      a.reason,
      a.login,
    ],
  );
};

export const attachJob = async (db: Queryable, id: string, jobId: string) => {
  await db.query('UPDATE payable_adjustments SET job_id = $2 WHERE id = $1', [id, jobId]);
};

export const findAdjustment = async (db: Queryable, entityId: string, id: string) =>
  (
    await db.query<AdjustmentRow>('SELECT * FROM payable_adjustments WHERE id = $1 AND entity_id = $2', [
      id,
      entityId,
    ])
  ).rows[0] ?? null;

export const lineAdjustments = async (db: Queryable, line: AdjustmentLine) =>
  (
    await db.query<
      AdjustmentRow & {
        job_status: string | null;
        job_started: Date | null;
        job_ended: Date | null;
        job_reason: string | null;
      }
    >(
      `SELECT a.*, j.status AS job_status, j.started_at AS job_started, j.ended_at AS job_ended,
         j.failure_reason AS job_reason
       FROM payable_adjustments a LEFT JOIN jobs j ON j.id = a.job_id
       WHERE a.entity_id = $1 AND a.month = $2 AND a.section_number = $3 AND a.deductee_type = $4
         AND a.sub_section = $5
       ORDER BY a.created_at DESC LIMIT 500`,
      [line.entityId, line.monthYear, line.section, line.deducteeType, line.subsection],
    )
  ).rows;

// The values an adjustment sets: a column it leaves null keeps what an earlier
// adjustment of the same ledger line set. Absolute values, so writing them
// again (a retried job) changes nothing.
export const saveEntryAdjustments = async (
  db: Queryable,
  entityId: string,
  financialYear: string,
  adjustmentId: string,
  changes: readonly AdjustmentChange[],
) => {
  for (const c of changes) {
    await db.query(
      `INSERT INTO payable_entry_adjustments (entity_id, financial_year, file, line, ref, section, rate, deducted,
         document_date, adjustment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (entity_id, financial_year, file, line) DO UPDATE SET
         ref = EXCLUDED.ref,
         section = coalesce(EXCLUDED.section, payable_entry_adjustments.section),
         rate = coalesce(EXCLUDED.rate, payable_entry_adjustments.rate),
         deducted = coalesce(EXCLUDED.deducted, payable_entry_adjustments.deducted),
         document_date = coalesce(EXCLUDED.document_date, payable_entry_adjustments.document_date),
         adjustment_id = EXCLUDED.adjustment_id,
         updated_at = now()`,
      [
        entityId,
        financialYear,
        c.file,
        c.line,
        c.ref,
        c.section,
        c.rate,
        c.deductedPaise === null ? null : numericOfPaise(c.deductedPaise as Paise),
        c.documentDate,
        adjustmentId,
      ],
    );
  }
};

export const loadEntryAdjustments = async (
  db: Queryable,
  entityId: string,
  financialYear: string,
): Promise<AdjustmentChange[]> => {
  const { rows } = await db.query<{
    file: string;
    line: number;
    ref: string;
    section: string | null;
    rate: string | null;
    deducted: string | null;
    document_date: string | null;
  }>(
    `SELECT file, line, ref, section, rate::text, deducted::text, document_date::text
     FROM payable_entry_adjustments WHERE entity_id = $1 AND financial_year = $2`,
    [entityId, financialYear],
  );
  return rows.map((r) => ({
    file: r.file,
    line: r.line,
    ref: r.ref,
    section: r.section,
    rate: r.rate === null ? null : Number(r.rate),
    deductedPaise: r.deducted === null ? null : paiseOfNumeric(r.deducted),
    documentDate: r.document_date,
  }));
};

// The engine's reference of a ledger line (its document number), as
// payable_entries.ref holds it.
const refOf = (e: LedgerEntry) => e.documentNumber ?? '';

// Puts the adjusted values on the ledger lines they name; a line whose
// document is no longer the one adjusted (the file was replaced) is left as read.
export const applyAdjustments = (
  entries: readonly LedgerEntry[],
  changes: readonly AdjustmentChange[],
): LedgerEntry[] => {
  if (changes.length === 0) return [...entries];
  const byKey = new Map(changes.map((c) => [`${c.file}\u0000${c.line}`, c]));
  return entries.map((e) => {
    const c = byKey.get(`${e.file}\u0000${e.line}`);
    if (!c || c.ref !== refOf(e)) return e;
    return {
      ...e,
      ...(c.section === null ? {} : { adjustedSection: c.section }),
      ...(c.rate === null ? {} : { adjustedRate: c.rate }),
      ...(c.deductedPaise === null ? {} : { tdsAmount: c.deductedPaise as Paise }),
      ...(c.documentDate === null ? {} : { documentDate: c.documentDate }),
    };
  });
};
