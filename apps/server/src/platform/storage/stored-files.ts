import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

// Every original a user (or the demo) gives us is kept twice over: its bytes
// in the file store under their hash, and a stored_files row that names them
// for the entity, the uploader and the job. These are the one way to write
// that row, so a new kind of upload cannot forget the entity or the uploader.

export interface FileOwner {
  tenantId: string;
  entityId: string;
  // null for a file a job wrote from another whose uploader is gone
  userId: string | null;
}

export interface StoredFileRecord {
  kind: string;
  fileName: string;
  sha256: string;
  sizeBytes: number;
  storageKey: string;
  // the job that wrote the file, for a job's own output
  jobId?: string;
}

// The row for bytes already in the store. Gives its id.
export const recordStoredFile = async (
  db: Kysely<DB> | Transaction<DB>,
  owner: FileOwner,
  file: StoredFileRecord,
): Promise<string> => {
  const row = await db
    .insertInto('stored_files')
    .values({
      tenant_id: owner.tenantId,
      entity_id: owner.entityId,
      kind: file.kind,
      file_name: file.fileName,
      sha256: file.sha256,
      size_bytes: file.sizeBytes,
      storage_key: file.storageKey,
      uploaded_by: owner.userId,
      ...(file.jobId ? { job_id: file.jobId } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

// An uploaded file (its temporary copy, already hashed) moved into the store
// and recorded. Gives the row's id.
export const keepUploadedFile = async (
  db: Kysely<DB> | Transaction<DB>,
  files: FileStore,
  owner: FileOwner,
  kind: string,
  file: { fileName: string; tempPath: string; sizeBytes: number; sha256: string },
): Promise<string> => {
  const storageKey = await files.adopt(file.tempPath, file.sha256);
  return recordStoredFile(db, owner, {
    kind,
    fileName: file.fileName,
    sha256: file.sha256,
    sizeBytes: file.sizeBytes,
    storageKey,
  });
};

// Bytes made here (the demo's files, a file taken from a folder) kept as an
// upload keeps them. Gives the row's id.
export const keepBytes = async (
  db: Kysely<DB> | Transaction<DB>,
  files: FileStore,
  owner: FileOwner,
  file: { kind: string; fileName: string; bytes: Uint8Array; sha256?: string },
): Promise<string> => {
  const sha256 = file.sha256 ?? createHash('sha256').update(file.bytes).digest('hex');
  const temp = files.tempPath();
  await fs.promises.writeFile(temp, file.bytes);
  const storageKey = await files.adopt(temp, sha256);
  return recordStoredFile(db, owner, {
    kind: file.kind,
    fileName: file.fileName,
    sha256,
    sizeBytes: file.bytes.length,
    storageKey,
  });
};
