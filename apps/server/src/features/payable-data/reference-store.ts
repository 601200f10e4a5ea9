import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { ReceivedFile } from '../../platform/http/uploads.ts';
import { keepUploadedFile } from '../../platform/storage/stored-files.ts';

// LDC and TAN-ITR files are kept as sent too (an auditor may ask which file
// set a rate or a 206AB mark); their rows name the stored file. The stored
// file row and the rows it loads commit together.
export const storeReference = async (
  ctx: AppContext,
  caller: Caller,
  entityId: string,
  file: ReceivedFile,
  kind: 'ldc' | 'tan-itr',
  load: (trx: Transaction<DB>, fileId: string) => Promise<void>,
): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    await load(trx, await keepUploadedFile(trx, ctx.files, { ...caller, entityId }, kind, file));
  });
};
