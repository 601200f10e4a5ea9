import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';

// A demo file kept as an original, as an upload keeps it: its bytes in the
// file store and a stored_files row naming them. Gives the row's id.
export const storeDemoFile = async (
  db: Kysely<DB> | Transaction<DB>,
  files: FileStore,
  owner: JobOwner & { entityId: string },
  file: { kind: string; fileName: string; bytes: Uint8Array },
): Promise<string> => {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const temp = files.tempPath();
  await fs.promises.writeFile(temp, file.bytes);
  const key = await files.adopt(temp, sha256);
  const stored = await db
    .insertInto('stored_files')
    .values({
      tenant_id: owner.tenantId,
      entity_id: owner.entityId,
      kind: file.kind,
      file_name: file.fileName,
      sha256,
      size_bytes: file.bytes.length,
      storage_key: key,
      uploaded_by: owner.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
};
