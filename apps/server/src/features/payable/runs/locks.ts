import type pg from 'pg';
import { liveJobSql } from '../../../platform/queue/job-runner.ts';

// One 34A run and one report generation per entity at a time (spec section 4:
// a second submit is throttled), as reconciliation/runs/locks.ts: a row taken
// with INSERT ... ON CONFLICT DO NOTHING; a lock whose job finished or died,
// or that never got a job, is stale and taken over.

export type PayableLockPurpose = 'run' | 'report';
type Queryable = Pick<pg.Pool, 'query'>;

export const takePayableLock = async (
  db: Queryable,
  entityId: string,
  purpose: PayableLockPurpose,
): Promise<boolean> => {
  await db.query(
    `DELETE FROM payable_locks l
     WHERE l.entity_id = $1 AND l.purpose = $2 AND (
       (l.job_id IS NULL AND l.created_at < now() - interval '2 minutes')
       OR (l.job_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM jobs j WHERE j.id = l.job_id AND ${liveJobSql('j')})))`,
    [entityId, purpose],
  );
  const taken = await db.query(
    'INSERT INTO payable_locks (entity_id, purpose) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING entity_id',
    [entityId, purpose],
  );
  return (taken.rowCount ?? 0) > 0;
};

export const attachPayableLock = async (
  db: Queryable,
  entityId: string,
  purpose: PayableLockPurpose,
  jobId: string,
): Promise<void> => {
  await db.query('UPDATE payable_locks SET job_id = $3 WHERE entity_id = $1 AND purpose = $2', [
    entityId,
    purpose,
    jobId,
  ]);
};

// Releases the lock if it is this job's (jobId null: the caller's own, not yet attached).
export const releasePayableLock = async (
  db: Queryable,
  entityId: string,
  purpose: PayableLockPurpose,
  jobId: string | null,
): Promise<void> => {
  await db.query(
    'DELETE FROM payable_locks WHERE entity_id = $1 AND purpose = $2 AND job_id IS NOT DISTINCT FROM $3::uuid',
    [entityId, purpose, jobId],
  );
};
