import type { ModelInfo } from '@taxrecon/contracts';
import { type ClassifierModel, modelFromBytes } from '@taxrecon/engine';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TrainResult } from './train-worker.ts';

// The current model of each entity: one row of classifier_models, and a copy
// decoded in memory. The cache is checked against the row's training time on
// every use (a one-row index read), so a retrain by this or another process
// is seen at once; only the bytes are read again, and only then.

interface Cached {
  version: string;
  model: ClassifierModel;
}
const cache = new Map<string, Cached>();

const versionOf = (row: { trained_at: Date; job_id: string | null }) =>
  `${row.trained_at.toISOString()}/${row.job_id ?? ''}`;

export const forgetModel = (entityId: string): void => {
  cache.delete(entityId);
};

export const loadModel = async (db: Kysely<DB>, entityId: string): Promise<ClassifierModel | null> => {
  const current = await db
    .selectFrom('classifier_models')
    .select(['trained_at', 'job_id'])
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!current) {
    cache.delete(entityId);
    return null;
  }
  const version = versionOf(current);
  const hit = cache.get(entityId);
  if (hit?.version === version) return hit.model;
  const row = await db
    .selectFrom('classifier_models')
    .select(['model', 'trained_at', 'job_id'])
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!row) return null;
  const model = modelFromBytes(new Uint8Array(row.model));
  cache.set(entityId, { version: versionOf(row), model });
  return model;
};

export const modelInfo = async (db: Kysely<DB>, entityId: string): Promise<ModelInfo | null> => {
  const row = await db
    .selectFrom('classifier_models as m')
    .leftJoin('users as u', 'u.id', 'm.trained_by')
    .select([
      'm.trained_at',
      'u.login',
      'm.file_name',
      'm.rows_used',
      'm.rows_held_back',
      'm.accuracy',
      'm.macro_f1',
      'm.labels',
      'm.job_id',
    ])
    .where('m.entity_id', '=', entityId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    trainedAt: row.trained_at.toISOString(),
    trainedBy: row.login,
    fileName: row.file_name,
    rowsUsed: row.rows_used,
    rowsHeldBack: row.rows_held_back,
    accuracy: row.accuracy,
    macroF1: row.macro_f1,
    sections: row.labels,
    jobId: row.job_id,
  };
};

// Replaces the entity's model in the job's transaction.
export const saveModel = async (
  tx: Transaction<DB>,
  values: {
    entityId: string;
    userId: string | null;
    fileName: string;
    jobId: string | null;
    rowsUsed: number;
  },
  result: TrainResult,
): Promise<boolean> => {
  const row = {
    entity_id: values.entityId,
    model: Buffer.from(result.model),
    labels: JSON.stringify(result.labels),
    trained_at: new Date(),
    trained_by: values.userId,
    file_name: values.fileName,
    rows_used: values.rowsUsed,
    rows_held_back: result.heldBack,
    accuracy: result.accuracy,
    macro_f1: result.macroF1,
    job_id: values.jobId,
  };
  // A model replaces the entity's model unless that one came from a training
  // job started later: an older job retried after a newer one finished must
  // not put its older file's model back.
  const saved = await tx
    .insertInto('classifier_models')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('entity_id')
        .doUpdateSet({ ...row, entity_id: undefined })
        .where(
          sql<boolean>`excluded.job_id IS NULL OR classifier_models.job_id IS NULL OR
            coalesce((SELECT created_at FROM jobs WHERE id = classifier_models.job_id), '-infinity')
              <= coalesce((SELECT created_at FROM jobs WHERE id = excluded.job_id), 'infinity')`,
        ),
    )
    .executeTakeFirst();
  return Number(saved.numInsertedOrUpdatedRows ?? 0) > 0;
};
