import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// Kysely's view of migrations/016_classifier.sql.
export interface ClassifierModelsTable {
  id: Generated<string>;
  entity_id: string;
  model: Uint8Array;
  labels: JSONColumnType<string[], string, string>;
  trained_at: ColumnType<Date, Date | string | undefined, Date | string>;
  trained_by: string | null;
  file_name: string | null;
  rows_used: number;
  rows_held_back: number;
  accuracy: number;
  macro_f1: number;
  job_id: string | null;
}

export interface ClassifierTables {
  classifier_models: ClassifierModelsTable;
}
