import {
  MISC_RECEIVABLE_REPORTS,
  MISC_REPORT_JOB_TYPE,
  type MiscReportItem,
  PAYABLE_REPORT_NAMES,
  type ReportsDashboard,
} from '@taxrecon/contracts';
import { csvRows } from '@taxrecon/shared/csv';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { goneIfReportDeleted } from '../../platform/queue/results-deleted.ts';
import { PAYABLE_REPORT_JOB_TYPE } from '../payable/reports/report-job.ts';

// The View Reports list (receivable miscellaneous reports and the TDS payable
// reports, each shown only to a holder of its permission), downloads, and the
// reports dashboard's counts. Everything is read inside the caller's current
// entity; another entity's report is a 404.

const mayReceivable = (c: Caller) => c.permissions.includes('RECON_TDS_RECEIVABLE');
const mayPayable = (c: Caller) => c.permissions.includes('RECON_TDS_PAYABLE');

interface ListRow {
  id: string;
  source: 'receivable' | 'payable';
  report_id: string;
  financial_year: string;
  month: string | null;
  format: 'xlsx' | 'csv';
  file_name: string;
  status: 'InProgress' | 'Completed' | 'Failed';
  summary: string | null;
  created_by_login: string;
  created_at: Date;
  completed_at: Date | null;
  failure_reason: string | null;
  storage_path: string | null;
}

// Both tables as one, limited to what the caller may see.
const unionSql = (caller: Caller): string => {
  const parts: string[] = [];
  if (mayReceivable(caller)) {
    parts.push(`SELECT id, 'receivable' AS source, report_id, financial_year, NULL::text AS month, format, file_name,
      status, summary, created_by_login, created_at, completed_at, failure_reason, storage_path
      FROM misc_reports WHERE entity_id = $1`);
  }
  if (mayPayable(caller)) {
    parts.push(`SELECT id, 'payable' AS source, report_type AS report_id, financial_year, month, 'xlsx' AS format,
      file_name, status, NULL::text AS summary, created_by_login, created_at, completed_at, failure_reason, storage_path
      FROM payable_reports WHERE entity_id = $1`);
  }
  return parts.length === 0 ? 'SELECT NULL WHERE false' : parts.join(' UNION ALL ');
};

const reportName = (r: Pick<ListRow, 'source' | 'report_id'>): string =>
  r.source === 'receivable'
    ? (MISC_RECEIVABLE_REPORTS[r.report_id as keyof typeof MISC_RECEIVABLE_REPORTS] ?? r.report_id)
    : (PAYABLE_REPORT_NAMES[r.report_id] ?? r.report_id);

const itemOf = (r: ListRow): MiscReportItem => ({
  id: r.id,
  source: r.source,
  reportId: r.report_id,
  reportName: reportName(r),
  financialYear: r.financial_year,
  month: r.month,
  format: r.format,
  fileName: r.file_name,
  status: r.status,
  summary: r.summary,
  userId: r.created_by_login,
  datetime: r.created_at.toISOString(),
  enddatetime: r.completed_at?.toISOString() ?? null,
  errorMsg: r.failure_reason,
});

export const listMiscReports = async (ctx: AppContext, caller: Caller, page: number, pageSize: number) => {
  const entityId = entityOf(caller);
  if (!mayReceivable(caller) && !mayPayable(caller)) return { records: [], totalRecords: 0 };
  const pool = ctx.database.pool;
  const union = unionSql(caller);
  const { rows } = await pool.query<ListRow>(
    `SELECT * FROM (${union}) r ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [entityId, pageSize, (page - 1) * pageSize],
  );
  const count = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) r`, [entityId]);
  return { records: rows.map(itemOf), totalRecords: count.rows[0]?.n ?? 0 };
};

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const findMiscReport = async (ctx: AppContext, caller: Caller, id: string) => {
  const entityId = entityOf(caller);
  if (!mayReceivable(caller) && !mayPayable(caller)) throw notFound('Report not found');
  const { rows } = await ctx.database.pool.query<ListRow>(
    `SELECT * FROM (${unionSql(caller)}) r WHERE id = $2`,
    [entityId, id],
  );
  const r = rows[0];
  if (!r) {
    // its row went with Delete Data: 410 with when and by whom (session 39)
    if (mayReceivable(caller))
      await goneIfReportDeleted(ctx.db, caller, id, { jobType: MISC_REPORT_JOB_TYPE, key: 'miscId' });
    if (mayPayable(caller))
      await goneIfReportDeleted(ctx.db, caller, id, { jobType: PAYABLE_REPORT_JOB_TYPE, key: 'reportId' });
    throw notFound('Report not found');
  }
  if (r.status !== 'Completed' || !r.storage_path) {
    throw notFound(
      r.status === 'Failed'
        ? `The report failed: ${r.failure_reason ?? 'unknown reason'}`
        : 'The report is not ready yet.',
    );
  }
  return { key: r.storage_path, fileName: r.file_name, type: CONTENT_TYPES[r.format] };
};

interface Latest {
  id: string;
  name: string;
  file_name: string;
  status: 'InProgress' | 'Completed' | 'Failed';
  created_at: Date;
}

const tileOf = async (
  ctx: AppContext,
  key: ReportsDashboard['tiles'][number]['key'],
  allowed: boolean,
  from: string,
  params: unknown[],
  nameOf: (r: Latest) => string,
): Promise<ReportsDashboard['tiles'][number]> => {
  if (!allowed) return { key, count: null, inProgress: null, latest: [] };
  const pool = ctx.database.pool;
  const counts = await pool.query<{ n: number; running: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'InProgress')::int AS running FROM (${from}) r`,
    params,
  );
  const latest = await pool.query<Latest>(
    `SELECT * FROM (${from}) r ORDER BY created_at DESC LIMIT 3`,
    params,
  );
  return {
    key,
    count: counts.rows[0]?.n ?? 0,
    inProgress: counts.rows[0]?.running ?? 0,
    latest: latest.rows.map((r) => ({
      id: r.id,
      name: nameOf(r),
      fileName: r.file_name,
      status: r.status,
      datetime: r.created_at.toISOString(),
    })),
  };
};

export const reportsDashboard = async (ctx: AppContext, caller: Caller): Promise<ReportsDashboard> => {
  const entityId = entityOf(caller);
  const recon = `SELECT id, kind || ' ' || report_type AS name, file_name, status, created_at
    FROM recon_reports WHERE entity_id = $1`;
  const payable = (errors: boolean) => `SELECT id, report_type AS name, file_name, status, created_at
    FROM payable_reports WHERE entity_id = $1 AND error_report = ${errors}`;
  const misc = `SELECT id, source || ':' || report_id AS name, file_name, status, created_at
    FROM (${unionSql(caller)}) u`;
  const payableName = (r: Latest) => PAYABLE_REPORT_NAMES[r.name] ?? r.name;
  return {
    tiles: [
      await tileOf(ctx, 'reconciliation', mayReceivable(caller), recon, [entityId], (r) => r.name),
      await tileOf(
        ctx,
        'miscellaneous',
        mayReceivable(caller) || mayPayable(caller),
        misc,
        [entityId],
        (r) => {
          const [source, id] = r.name.split(':') as ['receivable' | 'payable', string];
          return reportName({ source, report_id: id });
        },
      ),
      await tileOf(ctx, 'payable', mayPayable(caller), payable(false), [entityId], payableName),
      await tileOf(ctx, 'payableErrors', mayPayable(caller), payable(true), [entityId], payableName),
    ],
  };
};

// Spec part 3: GET /data-admin/download/customer-tan, the customer master's
// TANs (the customer's own and its connected entities'), one a line.
export const customerTanCsv = async (ctx: AppContext, caller: Caller): Promise<string> => {
  const { rows } = await ctx.database.pool.query<{
    tan: string;
    customer_code: string | null;
    customer_name: string;
    pan_number: string | null;
    relation: string;
  }>(
    `SELECT tan, customer_code, customer_name, pan_number, relation FROM (
       SELECT c.tan_number AS tan, c.customer_code, c.customer_name, c.pan_number, 'Customer' AS relation
         FROM customers c WHERE c.entity_id = $1 AND c.tan_number IS NOT NULL AND c.tan_number <> ''
       UNION ALL
       SELECT ch.tan_number, c.customer_code, c.customer_name, c.pan_number, 'Connected entity'
         FROM customer_children ch JOIN customers c ON c.id = ch.customer_id WHERE c.entity_id = $1
     ) t ORDER BY customer_name, relation DESC, tan`,
    [entityOf(caller)],
  );
  // csvRows quotes and neutralises a name a spreadsheet would run as a formula
  return csvRows(
    [
      ['TAN', 'Customer code', 'Customer name', 'PAN', 'TAN of'],
      ...rows.map((r) => [r.tan, r.customer_code, r.customer_name, r.pan_number, r.relation]),
    ],
    { recordDelimiter: '\r\n' },
  );
};
