import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema.ts';
import type { Caller } from '../http/caller.ts';
import { HttpError } from '../http/errors.ts';

// A job whose results were deleted (Delete Data, or a reconciliation or 34A
// job deleted from its jobs screen) keeps its row on the jobs list, the record
// of who ran what and when, marked with when and by whom its results went: the
// list then offers no View, and the result's address answers 410 saying so
// instead of a 404 that reads like a broken link (docs/decisions.md, session 39).

export const RESULTS_DELETED = 'RESULTS_DELETED';

export const markResultsDeleted = async (
  db: Kysely<DB>,
  jobIds: readonly string[],
  login: string | null,
): Promise<void> => {
  if (jobIds.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ results_deleted_at: sql`now()`, results_deleted_by_login: login })
    .where('id', 'in', jobIds)
    .where('results_deleted_at', 'is', null)
    .execute();
};

// The same through a pg client, inside its transaction.
export const markResultsDeletedPg = async (
  db: Pick<pg.PoolClient, 'query'>,
  jobIds: readonly string[],
  login: string | null,
): Promise<void> => {
  if (jobIds.length === 0) return;
  await db.query(
    `UPDATE jobs SET results_deleted_at = now(), results_deleted_by_login = $2
     WHERE id = ANY($1::uuid[]) AND results_deleted_at IS NULL`,
    [jobIds, login],
  );
};

// India time: the users' clock ('12 Jun 2025, 3:04 pm')
const whenIst = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const resultsDeletedMessage = (at: Date, by: string | null): string =>
  `The results of this job were deleted on ${whenIst.format(at)}${by ? ` by ${by}` : ''}. The job stays on the jobs list as a record; run it again to see results.`;

// Where a job's result is not found: a job of the caller's entity whose
// results were deleted is 410 Gone, with when and by whom; anything else is
// left to the caller's own 404.
export const goneIfResultsDeleted = async (db: Kysely<DB>, caller: Caller, jobId: string): Promise<void> => {
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) return;
  const row = await db
    .selectFrom('jobs')
    .select(['results_deleted_at', 'results_deleted_by_login'])
    .where('id', '=', jobId)
    .where('tenant_id', '=', caller.tenantId)
    .where('entity_id', '=', caller.entityId ?? '00000000-0000-0000-0000-000000000000')
    .executeTakeFirst();
  if (row?.results_deleted_at)
    throw new HttpError(
      410,
      RESULTS_DELETED,
      resultsDeletedMessage(row.results_deleted_at, row.results_deleted_by_login),
    );
};

// Where a report asked for by its id is not found: Delete Data removes the
// report's row, but its job stays, and the job's input names the report (a
// reconciliation or payable report's `reportId`, a miscellaneous report's
// `miscId`). A report of the caller's entity whose job's results were deleted
// is 410 Gone, with when and by whom; an id nobody made, or another entity's,
// is left to the caller's own 404. `where` narrows the jobs by other fields of
// their input (the payable error reports' type).
export const goneIfReportDeleted = async (
  db: Kysely<DB>,
  caller: Caller,
  reportId: string,
  report: { jobType: string; key: 'reportId' | 'miscId'; type?: { equals: boolean; value: string } },
): Promise<void> => {
  if (!/^[0-9a-f-]{36}$/i.test(reportId)) return;
  let q = db
    .selectFrom('jobs')
    .select(['results_deleted_at', 'results_deleted_by_login'])
    .where('tenant_id', '=', caller.tenantId)
    .where('entity_id', '=', caller.entityId ?? '00000000-0000-0000-0000-000000000000')
    .where('job_type', '=', report.jobType)
    .where(sql<string>`input->>${report.key}`, '=', reportId)
    .where('results_deleted_at', 'is not', null);
  const { type } = report;
  if (type) q = q.where(sql<string>`input->>'type'`, type.equals ? '=' : '<>', type.value);
  const row = await q.orderBy('results_deleted_at', 'desc').executeTakeFirst();
  if (row?.results_deleted_at)
    throw new HttpError(
      410,
      RESULTS_DELETED,
      reportDeletedMessage(row.results_deleted_at, row.results_deleted_by_login),
    );
};

export const reportDeletedMessage = (at: Date, by: string | null): string =>
  `This report was deleted on ${whenIst.format(at)}${by ? ` by ${by}` : ''}. The job that made it stays on the jobs list as a record; request the report again to download it.`;
