import fs from 'node:fs';
import { readVendorBulkUpdate, type VendorUpdateRow } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { foldByVendor, updateVendors } from './vendor-update-rows.ts';

// The vendor page's Bulk Update CSV (spec part 1: .csv, several files, 1,000,000
// bytes each). Applied at once, all rows of all files in one transaction, or
// none when a row names a vendor the entity lacks.
export const vendorBulkUpdate = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  request: FastifyRequest,
) => {
  const entityId = entityOf(caller);
  const upload = await receiveUpload(request, store, {
    extensions: ['csv'],
    maxBytes: 1_000_000,
    maxFiles: 20,
  });
  const problems: { file: string; line: number; message: string }[] = [];
  const rows: (VendorUpdateRow & { file: string })[] = [];
  try {
    for (const file of upload.files) {
      const read = await readVendorBulkUpdate(await fs.promises.readFile(file.tempPath), file.fileName);
      for (const e of read.errors) problems.push({ file: e.file, line: e.line, message: e.message });
      for (const r of read.rows) rows.push({ ...r, file: file.fileName });
    }
  } finally {
    await Promise.all(upload.files.map((f) => store.removeTemp(f.tempPath)));
  }
  if (problems.length)
    return { message: 'Nothing was changed: fix the rows listed and upload again.', updated: 0, problems };
  const vendors = foldByVendor(rows);
  const updated = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const found = await updateVendors(trx, entityId, vendors);
      for (const row of rows) {
        if (!found.has(row.vendorCode))
          problems.push({
            file: row.file,
            line: row.line,
            message: `No vendor with code ${row.vendorCode} in this entity.`,
          });
      }
      if (problems.length) throw new RollBack();
      return found.size;
    })
    .catch((error: unknown) => {
      if (error instanceof RollBack) return 0;
      throw error;
    });
  return problems.length
    ? { message: 'Nothing was changed: fix the rows listed and upload again.', updated: 0, problems }
    : { message: `${updated} vendor(s) updated.`, updated, problems };
};

class RollBack extends Error {}
