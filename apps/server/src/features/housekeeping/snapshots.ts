import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type JobStarted,
  SNAPSHOT_QUOTA,
  SNAPSHOT_QUOTA_MESSAGE,
  type Snapshot,
  type SnapshotList,
} from '@taxrecon/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { SnapshotsTable } from '../../platform/db/schema.ts';
import { type Caller, currentEntity } from '../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import { lockEntity } from './sql.ts';

// Snapshots of the caller's current entity: list, take, delete, restore. Taking
// and restoring run as jobs (tasks.ts, snapshot-jobs.ts); a snapshot row exists
// from the moment it is asked for, so the quota counts it at once.

type Row = Selectable<SnapshotsTable>;

export interface SnapshotTableCount {
  name: string;
  rows: number;
}

export const SNAPSHOT_NOT_FOUND = 'Snapshot not found';

const toView = (row: Row): Snapshot => ({
  id: row.id,
  description: row.description,
  userId: row.created_by_login,
  dateTimeString: row.created_at.toISOString(),
  status: row.status,
  rowCount: row.row_count,
  sizeBytes: row.size_bytes,
});

const owner = (caller: Caller, entityId: string) => ({
  tenantId: caller.tenantId,
  entityId,
  userId: caller.userId,
  login: caller.login,
});

export const snapshotService = (ctx: AppContext) => {
  const find = async (entityId: string, id: string): Promise<Row> => {
    const row = await ctx.db
      .selectFrom('snapshots')
      .selectAll()
      .where('id', '=', id)
      .where('entity_id', '=', entityId)
      .executeTakeFirst();
    if (!row) throw notFound(SNAPSHOT_NOT_FOUND);
    return row;
  };

  const listOf = async (entityId: string): Promise<SnapshotList> => {
    const rows = await ctx.db
      .selectFrom('snapshots')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('created_at', 'desc')
      .execute();
    return { snapshots: rows.map(toView), quotaReached: rows.length >= SNAPSHOT_QUOTA };
  };

  return {
    list: async (caller: Caller): Promise<SnapshotList> => listOf(await currentEntity(ctx, caller)),

    take: async (caller: Caller, description: string, task: TaskDefinition): Promise<JobStarted> => {
      const entityId = await currentEntity(ctx, caller);
      // Counted and inserted under the entity's lock, so two quick clicks cannot both slip under the quota.
      const row = await ctx.db.transaction().execute(async (trx) => {
        await lockEntity(trx, entityId);
        const { n } = await trx
          .selectFrom('snapshots')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entity_id', '=', entityId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= SNAPSHOT_QUOTA) throw new HttpError(400, 'SNAPSHOT_QUOTA', SNAPSHOT_QUOTA_MESSAGE);
        const id = randomUUID();
        return trx
          .insertInto('snapshots')
          .values({
            id,
            tenant_id: caller.tenantId,
            entity_id: entityId,
            description,
            created_by: caller.userId,
            created_by_login: caller.login,
            // a file store key (see file-store.ts)
            storage_path: path.posix.join('snapshots', entityId, `${id}.jsonl.gz`),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      try {
        const job = await ctx.jobs.start(task, { snapshotId: row.id, entityId }, owner(caller, entityId));
        await ctx.db.updateTable('snapshots').set({ job_id: job.id }).where('id', '=', row.id).execute();
        return { message: 'Snapshot requested. It is being taken in the background.', jobId: job.id };
      } catch (error) {
        await ctx.db.deleteFrom('snapshots').where('id', '=', row.id).execute();
        throw error;
      }
    },

    remove: async (caller: Caller, id: string): Promise<SnapshotList> => {
      const entityId = await currentEntity(ctx, caller);
      const row = await find(entityId, id);
      await ctx.db.deleteFrom('snapshots').where('id', '=', row.id).execute();
      await ctx.files.remove(row.storage_path);
      return listOf(entityId);
    },

    restore: async (caller: Caller, id: string, task: TaskDefinition): Promise<JobStarted> => {
      const entityId = await currentEntity(ctx, caller);
      const row = await find(entityId, id);
      if (row.status === 'InProgress') throw badRequest('This snapshot is still being taken. Please wait.');
      if (row.status === 'Failed')
        throw badRequest('This snapshot could not be taken and cannot be restored.');
      const job = await ctx.jobs.start(task, { snapshotId: row.id, entityId }, owner(caller, entityId));
      return { message: 'Snapshot restore requested. It runs in the background.', jobId: job.id };
    },
  };
};
