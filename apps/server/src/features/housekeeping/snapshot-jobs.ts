import type { AppContext } from '../../platform/context.ts';
import { ENTITY_TABLES, type EntityTable } from '../../platform/db/entity-tables.ts';
import type { TaskContext, TaskOutcome } from '../../platform/queue/task.ts';
import {
  endLine,
  headerLine,
  readSnapshotFile,
  rowLine,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  tableLine,
  writeSnapshotFile,
} from './snapshot-file.ts';
import type { SnapshotTableCount } from './snapshots.ts';
import { lockEntity } from './sql.ts';
import {
  COPY_BATCH_ROWS,
  countRows,
  deleteRows,
  dumpRows,
  type RowInserter,
  rowInserter,
  type TableShape,
  tableShape,
} from './table-copy.ts';

// What the SnapshotTake and SnapshotRestore jobs do. Both work inside one
// transaction: a take reads every table at the same instant (repeatable read),
// a restore replaces the entity's rows all at once or not at all.

export type Report = (percent: number, rowsDone?: number) => void;
// the job's "done" mark, written in the job's own transaction (TaskContext.complete)
type Complete = TaskContext['complete'];

const findRow = (ctx: AppContext, snapshotId: string, entityId: string) =>
  ctx.db
    .selectFrom('snapshots')
    .selectAll()
    .where('id', '=', snapshotId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();

export const takeSnapshot = async (
  ctx: AppContext,
  { snapshotId, entityId }: { snapshotId: string; entityId: string },
  report: Report,
  complete: Complete,
): Promise<TaskOutcome> => {
  const row = await findRow(ctx, snapshotId, entityId);
  if (!row) return { remarks: 'The snapshot was deleted before it was taken.' };
  const counts: SnapshotTableCount[] = [];
  let done = 0;
  const size = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const tables: { table: EntityTable; shape: TableShape; rows: number }[] = [];
      for (const table of ENTITY_TABLES) {
        const shape = await tableShape(trx, table.name);
        if (shape) tables.push({ table, shape, rows: await countRows(trx, table, entityId) });
      }
      const total = tables.reduce((sum, t) => sum + t.rows, 0);
      async function* lines(): AsyncGenerator<string> {
        yield headerLine({
          format: SNAPSHOT_FORMAT,
          version: SNAPSHOT_VERSION,
          snapshotId,
          entityId,
          takenAt: new Date().toISOString(),
        });
        for (const { table, shape } of tables) {
          yield tableLine(table.name, shape.columns);
          let rows = 0;
          for await (const batch of dumpRows(trx, table, entityId)) {
            rows += batch.length;
            done += batch.length;
            report(total === 0 ? 100 : (done / total) * 99, done);
            yield batch.map(rowLine).join('');
          }
          counts.push({ name: table.name, rows });
        }
        yield endLine(done);
      }
      return writeSnapshotFile(ctx.files, row.storage_path, lines());
    });
  const outcome: TaskOutcome = {
    remarks: `Snapshot "${row.description}" taken: ${done} rows from ${counts.length} tables.`,
    result: { snapshotId, tables: counts, sizeBytes: size },
    transactionsCount: done,
  };
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('snapshots')
      .set({
        status: 'Completed',
        size_bytes: size,
        row_count: done,
        tables: JSON.stringify(counts),
        completed_at: new Date(),
        failure_reason: null,
      })
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) await complete(trx, outcome);
    return Number(changed.numUpdatedRows) > 0;
  });
  if (!updated) {
    await ctx.files.remove(row.storage_path);
    return { remarks: 'The snapshot was deleted while it was being taken.' };
  }
  return outcome;
};

export const markSnapshotFailed = async (ctx: AppContext, snapshotId: string, reason: string) => {
  await ctx.db
    .updateTable('snapshots')
    .set({ status: 'Failed', failure_reason: reason })
    .where('id', '=', snapshotId)
    .where('status', '=', 'InProgress')
    .execute();
};

interface Restorable {
  table: EntityTable;
  shape: TableShape;
}

// A restore touches exactly the tables the snapshot holds that are still entity
// tables: a table added to ENTITY_TABLES after the snapshot keeps its rows.
export const restoreSnapshot = async (
  ctx: AppContext,
  { snapshotId, entityId }: { snapshotId: string; entityId: string },
  report: Report,
  complete: Complete,
): Promise<TaskOutcome> => {
  const row = await findRow(ctx, snapshotId, entityId);
  if (!row) throw new Error('The snapshot no longer exists.');
  if (row.status !== 'Completed') throw new Error('The snapshot is not complete and cannot be restored.');
  if (!(await ctx.files.exists(row.storage_path))) {
    throw new Error('The snapshot file is missing from the file store.');
  }
  const listed = (row.tables ?? []) as SnapshotTableCount[];
  const expected = row.row_count ?? 0;

  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await lockEntity(trx, entityId);
    const restorable = new Map<string, Restorable>();
    for (const { name } of listed) {
      const table = ENTITY_TABLES.find((t) => t.name === name);
      const shape = table ? await tableShape(trx, name) : null;
      if (table && shape) restorable.set(name, { table, shape });
    }
    const removed: Record<string, number> = {};
    for (const { table } of [...restorable.values()].reverse()) {
      removed[table.name] = await deleteRows(trx, table, entityId);
    }

    const names = new Set(restorable.keys());
    const restored: Record<string, number> = {};
    let insert: RowInserter | null = null;
    let current = '';
    let batch: string[] = [];
    let read = 0;
    let ended = false;
    const flush = async () => {
      if (insert && batch.length > 0) {
        restored[current] = (restored[current] ?? 0) + (await insert(batch));
        report(expected === 0 ? 99 : (read / expected) * 99, read);
      }
      batch = [];
    };
    for await (const line of readSnapshotFile(ctx.files, row.storage_path)) {
      if (line.kind === 'snapshot') {
        if (line.header.entityId !== entityId)
          throw new Error('The snapshot file belongs to another entity.');
      } else if (line.kind === 'table') {
        await flush();
        const target = restorable.get(line.name);
        current = line.name;
        insert = target ? rowInserter(trx, target.table, target.shape, line.columns, names, entityId) : null;
        if (target) restored[current] = 0;
      } else if (line.kind === 'row') {
        read += 1;
        batch.push(line.json);
        if (batch.length >= COPY_BATCH_ROWS) await flush();
      } else {
        await flush();
        if (line.rows !== read || read !== expected) throw new Error('The snapshot file is incomplete.');
        ended = true;
      }
    }
    if (!ended) throw new Error('The snapshot file is incomplete.');
    const rows = Object.values(restored).reduce((a, b) => a + b, 0);
    const done: TaskOutcome = {
      remarks: `Snapshot "${row.description}" restored: ${rows} rows into ${Object.keys(restored).length} tables.`,
      result: { snapshotId, removed, restored },
      transactionsCount: rows,
    };
    // the entity's rows and the job's Completed mark commit together
    await complete(trx, done);
    return done;
  });
  return outcome;
};
