import type pg from 'pg';
import { liveJobSql } from './job-runner.ts';

// One job of a purpose per entity at a time (a second submit is throttled).
// The lock is a row of `table` (entity_id, purpose, job_id, created_at) taken
// with INSERT ... ON CONFLICT DO NOTHING, which is atomic on PostgreSQL and
// PGlite alike and needs no transaction around starting the job. A lock
// whose job has finished, whose job a crashed process held (InProgress with
// no live worker), or that never got a job is stale and taken over, so a
// crash can never leave an entity locked.

type Queryable = Pick<pg.Pool, 'query'>;
export type LockTable = 'recon_locks' | 'payable_locks';

export interface EntityLocks<P extends string> {
  take(db: Queryable, entityId: string, purpose: P): Promise<boolean>;
  attach(db: Queryable, entityId: string, purpose: P, jobId: string): Promise<void>;
  // releases the lock if it is this job's (jobId null: the caller's own lock, not yet attached)
  release(db: Queryable, entityId: string, purpose: P, jobId: string | null): Promise<void>;
}

export const entityLocks = <P extends string>(table: LockTable): EntityLocks<P> => ({
  async take(db, entityId, purpose) {
    await db.query(
      `DELETE FROM ${table} l
       WHERE l.entity_id = $1 AND l.purpose = $2 AND (
         (l.job_id IS NULL AND l.created_at < now() - interval '2 minutes')
         OR (l.job_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM jobs j WHERE j.id = l.job_id AND ${liveJobSql('j')})))`,
      [entityId, purpose],
    );
    const taken = await db.query(
      `INSERT INTO ${table} (entity_id, purpose) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING entity_id`,
      [entityId, purpose],
    );
    return (taken.rowCount ?? 0) > 0;
  },
  async attach(db, entityId, purpose, jobId) {
    await db.query(`UPDATE ${table} SET job_id = $3 WHERE entity_id = $1 AND purpose = $2`, [
      entityId,
      purpose,
      jobId,
    ]);
  },
  async release(db, entityId, purpose, jobId) {
    await db.query(
      `DELETE FROM ${table} WHERE entity_id = $1 AND purpose = $2 AND job_id IS NOT DISTINCT FROM $3::uuid`,
      [entityId, purpose, jobId],
    );
  },
});
