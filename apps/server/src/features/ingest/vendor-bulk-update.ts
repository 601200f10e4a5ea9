import fs from 'node:fs';
import { readVendorBulkUpdate, type VendorUpdateRow } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';

// The vendor page's Bulk Update CSV (spec part 1: .csv, several files, 1,000,000
// bytes each). Small by rule, so it is applied at once, all rows of all files
// in one transaction, or none when a row names a vendor the entity lacks.
const COLUMNS: Record<keyof VendorUpdateRow['changes'], string | null> = {
  vendorId: null,
  vendorName: 'vendor_name',
  nameFromPurchaseBook: 'name_from_purchase_book',
  nameFrom26AS: 'name_from_26as',
  website: 'website',
  tanNumber: 'tan_number',
  cstNumber: 'cst_number',
  panNumber: 'pan_number',
  gstRegistrationType: 'gst_registration_type',
  gstIn: 'gstin',
  addressStreet: 'address_street',
  addressCity: 'address_city',
  addressState: 'address_state',
  pinCode: 'pin_code',
  country: 'country',
  parentVendorId: 'parent_vendor_id',
  contactPersonTitle: 'contact_person_title',
  contactFirstName: 'contact_first_name',
  contactLastName: 'contact_last_name',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
  notes: 'notes',
  vendorType: 'vendor_type',
  compliance206AB: 'compliance_206ab',
  defaultContact: 'default_contact',
  activeStatus: 'active_status',
  resident: 'resident',
  aadhaarPanLink: 'aadhaar_pan_link',
};

export const vendorBulkUpdate = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  request: FastifyRequest,
) => {
  const entityId = caller.entityId;
  if (!entityId) throw badRequest('Choose an entity first.', 'NO_ENTITY');
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
  const updated = await ctx.db
    .transaction()
    .execute(async (trx) => {
      let count = 0;
      for (const row of rows) {
        const set: Record<string, string | boolean | null> = {};
        for (const [key, value] of Object.entries(row.changes)) {
          const column = COLUMNS[key as keyof VendorUpdateRow['changes']];
          if (column && value !== undefined) set[column] = value;
        }
        const result = await trx
          .updateTable('vendors')
          .set({ ...set, updated_at: new Date() })
          .where('entity_id', '=', entityId)
          .where('vendor_code', '=', row.vendorCode)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          problems.push({
            file: row.file,
            line: row.line,
            message: `No vendor with code ${row.vendorCode} in this entity.`,
          });
        } else count += 1;
      }
      if (problems.length) throw new RollBack();
      return count;
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
