import type pg from 'pg';
import { liveJobSql } from '../../../platform/queue/job-runner.ts';

// One reconciliation and one report generation per entity at a time (spec
// sections 4 and 8: a second submit is throttled). The lock is a row taken
// with INSERT ... ON CONFLICT DO NOTHING, which is atomic on PostgreSQL and
// PGlite alike and needs no transaction around starting the job. A lock
// whose job has finished, whose job a crashed process held (InProgress with
// no live worker), or that never got a job is stale and taken over, so a
// crash can never leave an entity locked.

export type LockPurpose = 'recon' | 'report';

type Queryable = Pick<pg.Pool, 'query'>;

export const takeLock = async (db: Queryable, entityId: string, purpose: LockPurpose): Promise<boolean> => {
  await db.query(
    `DELETE FROM recon_locks l
     WHERE l.entity_id = $1 AND l.purpose = $2 AND (
       (l.job_id IS NULL AND l.created_at < now() - interval '2 minutes')
       OR (l.job_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM jobs j WHERE j.id = l.job_id AND ${liveJobSql('j')})))`,
    [entityId, purpose],
  );
  const taken = await db.query(
    `INSERT INTO recon_locks (entity_id, purpose) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING entity_id`,
    [entityId, purpose],
  );
  return (taken.rowCount ?? 0) > 0;
};

export const attachLock = async (
  db: Queryable,
  entityId: string,
  purpose: LockPurpose,
  jobId: string,
): Promise<void> => {
  await db.query('UPDATE recon_locks SET job_id = $3 WHERE entity_id = $1 AND purpose = $2', [
    entityId,
    purpose,
    jobId,
  ]);
};

// Releases the lock if it is this job's (jobId null: the caller's own lock, not yet attached).
export const releaseLock = async (
  db: Queryable,
  entityId: string,
  purpose: LockPurpose,
  jobId: string | null,
): Promise<void> => {
  await db.query(
    'DELETE FROM recon_locks WHERE entity_id = $1 AND purpose = $2 AND job_id IS NOT DISTINCT FROM $3::uuid',
    [entityId, purpose, jobId],
  );
};
