import type { Form26qFile, Form26qLine, Form26qResult } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';

// form26q_reconciliations (migration 025): one row per reconciled file of an entity.

interface Row {
  id: string;
  financial_year: string;
  quarter: string;
  file_name: string;
  result_file_name: string;
  result_key: string;
  rows: number;
  counts: Record<string, number>;
  return_tds: string;
  book_deducted: string;
  created_by_login: string;
  created_at: Date;
  lines?: Form26qLine[];
}

const HEAD = `id, financial_year, quarter, file_name, result_file_name, result_key, rows, counts,
  return_tds::text, book_deducted::text, created_by_login, created_at`;

const fileOf = (r: Row): Form26qFile => ({
  id: r.id,
  financialYear: r.financial_year,
  quarter: r.quarter,
  fileName: r.file_name,
  resultFileName: r.result_file_name,
  rows: r.rows,
  counts: r.counts,
  returnTds: r.return_tds,
  bookDeducted: r.book_deducted,
  createdBy: r.created_by_login,
  createdAt: new Date(r.created_at).toISOString(),
});

export interface NewReconciliation {
  id: string;
  entityId: string;
  financialYear: string;
  quarter: string;
  fileName: string;
  resultFileName: string;
  originalKey: string;
  resultKey: string;
  mapping: Record<string, string>;
  sectionMapping: Record<string, string>;
  headerDefinition: string | null;
  rows: number;
  counts: Record<string, number>;
  returnTds: string;
  bookDeducted: string;
  lines: Form26qLine[];
  userId: string;
  login: string;
}

export const insertReconciliation = async (ctx: AppContext, n: NewReconciliation): Promise<void> => {
  await ctx.database.pool.query(
    `INSERT INTO form26q_reconciliations
       (id, entity_id, financial_year, quarter, file_name, result_file_name, original_key, result_key, mapping,
        section_mapping, header_definition, rows, counts, return_tds, book_deducted, lines, created_by, created_by_login)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      n.id,
      n.entityId,
      n.financialYear,
      n.quarter,
      n.fileName,
      n.resultFileName,
      n.originalKey,
      n.resultKey,
      JSON.stringify(n.mapping),
      JSON.stringify(n.sectionMapping),
      n.headerDefinition,
      n.rows,
      JSON.stringify(n.counts),
      n.returnTds,
      n.bookDeducted,
      JSON.stringify(n.lines),
      n.userId,
      n.login,
    ],
  );
};

export const listReconciliations = async (
  ctx: AppContext,
  entityId: string,
  fy: string | null,
  quarter: string | null,
): Promise<Form26qFile[]> => {
  const { rows } = await ctx.database.pool.query<Row>(
    `SELECT ${HEAD} FROM form26q_reconciliations
      WHERE entity_id = $1 AND ($2::text IS NULL OR financial_year = $2) AND ($3::text IS NULL OR quarter = $3)
      ORDER BY created_at DESC, id`,
    [entityId, fy, quarter],
  );
  return rows.map(fileOf);
};

// Another entity's reconciliation answers 404, like one that does not exist.
export const findReconciliation = async (
  ctx: AppContext,
  entityId: string,
  id: string,
): Promise<Form26qResult & { resultKey: string }> => {
  const { rows } = await ctx.database.pool.query<Row>(
    `SELECT ${HEAD}, lines FROM form26q_reconciliations WHERE entity_id = $1 AND id = $2`,
    [entityId, id],
  );
  const row = rows[0];
  if (row === undefined) throw notFound('No such reconciled 26Q file.');
  return { ...fileOf(row), lines: row.lines ?? [], resultKey: row.result_key };
};
