import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Form16aBulkResult, Form16aRejectedFile } from '@taxrecon/contracts';
import { readZipEntryCapped, ZipLimitError } from '@taxrecon/formats';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { isValidFileName } from '../../platform/http/uploads.ts';
import { defineTask } from '../../platform/queue/task.ts';
import type { Form16aFields } from './form16a-fields.ts';
import { readForm16aPdf } from './pdf-text.ts';
import {
  fileNameHeldByAnother,
  sameCertificateElsewhere,
  saveCertificate,
  type VendorOfPan,
  vendorOfPan,
} from './repo.ts';

export const BulkForm16aInput = z.object({
  entityId: z.string().uuid(),
  tenantId: z.string().uuid(),
  userId: z.string().uuid(),
  fileId: z.string().uuid(),
});

interface Readable16a {
  fileName: string;
  bytes: Uint8Array;
  fields: Form16aFields;
  vendor: VendorOfPan;
}

const baseName = (path: string): string => path.split('/').pop() ?? path;

// Reads every PDF of the zip. A file that cannot be read, names a PAN with no
// vendor, or repeats a certificate already loaded under another name is set
// aside with its reason; nothing goes missing without one.
const readZip = async (
  ctx: AppContext,
  entityId: string,
  zipName: string,
  zip: Uint8Array,
  progress: (percent: number) => Promise<void>,
): Promise<{ loaded: Readable16a[]; rejected: Form16aRejectedFile[]; filesRead: number }> => {
  const loaded: Readable16a[] = [];
  const rejected: Form16aRejectedFile[] = [];
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  try {
    const entries = (await reader.getEntries()).filter(
      (e) => !e.directory && !e.filename.startsWith('__MACOSX/') && !baseName(e.filename).startsWith('.'),
    );
    let expanded = 0;
    const seen = new Set<string>();
    for (const [i, entry] of entries.entries()) {
      await progress(10 + Math.round((80 * i) / Math.max(1, entries.length)));
      const fileName = baseName(entry.filename);
      const reject = (reason: string) => rejected.push({ fileName: entry.filename, reason });
      if (!/\.pdf$/i.test(fileName)) {
        reject('not a PDF: only .pdf files are read from the zip');
        continue;
      }
      if (!isValidFileName(fileName)) {
        reject(
          'the file name may hold only letters, digits, hyphen, underscore, space, parentheses and one dot',
        );
        continue;
      }
      if (seen.has(fileName.toLowerCase())) {
        reject('another file of the zip has the same name');
        continue;
      }
      seen.add(fileName.toLowerCase());
      // the zip's limits hold across entries: a zip bomb stops the whole job
      const bytes = await readZipEntryCapped(zipName, entry, expanded);
      expanded += bytes.length;
      const reading = await readForm16aPdf(bytes);
      if (!reading.ok) {
        reject(reading.reason);
        continue;
      }
      const { fields } = reading;
      const vendor = await vendorOfPan(ctx.db, entityId, fields.deducteePan);
      if (!vendor) {
        reject(`no vendor with the deductee PAN ${fields.deducteePan} in the Vendor Master`);
        continue;
      }
      const elsewhere =
        (await sameCertificateElsewhere(ctx.db, entityId, fields, fileName)) ??
        loaded.find(
          (l) =>
            fields.certificateNumber !== null &&
            l.fields.certificateNumber === fields.certificateNumber &&
            l.fields.deducteePan === fields.deducteePan &&
            l.fields.financialYear === fields.financialYear &&
            l.fields.quarter === fields.quarter,
        )?.fileName;
      if (elsewhere) {
        reject(
          `certificate ${fields.certificateNumber} of ${fields.deducteePan} is already loaded as ${elsewhere}`,
        );
        continue;
      }
      const held = await fileNameHeldByAnother(ctx.db, entityId, fields, fileName);
      if (held) {
        reject(`the name is already used by ${held}: rename the file to keep both`);
        continue;
      }
      loaded.push({ fileName, bytes, fields, vendor });
    }
    return { loaded, rejected, filesRead: entries.length };
  } finally {
    await reader.close();
  }
};

// The bulk Form 16A upload: every readable certificate of a known vendor is
// stored and recorded in one transaction with the job's completion.
export const bulkForm16aTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'bulk-form16a',
    jobType: 'BulkForm16A',
    input: BulkForm16aInput,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const c = ctx();
      const stored = await c.db
        .selectFrom('stored_files')
        .select(['file_name', 'storage_key'])
        .where('id', '=', input.fileId)
        .where('entity_id', '=', input.entityId)
        .executeTakeFirstOrThrow();
      const zip = await c.files.read(stored.storage_key);
      let read: Awaited<ReturnType<typeof readZip>>;
      try {
        read = await readZip(c, input.entityId, stored.file_name, zip, (p) => job.progress(p));
      } catch (error) {
        // a zip bomb or an unreadable zip: nothing is loaded, and the job says why
        if (error instanceof ZipLimitError) throw error;
        const detail = error instanceof Error ? error.message : String(error);
        throw new Error(`${stored.file_name} cannot be read as a zip (${detail})`);
      }
      // originals are kept by content before the transaction; a retry adopts them again harmlessly
      const keys: { sha256: string; key: string }[] = [];
      for (const l of read.loaded) {
        const sha256 = createHash('sha256').update(l.bytes).digest('hex');
        const temp = c.files.tempPath();
        await fs.promises.writeFile(temp, l.bytes);
        keys.push({ sha256, key: await c.files.adopt(temp, sha256) });
      }
      const result: Omit<Form16aBulkResult, 'jobId' | 'status'> = {
        zipName: stored.file_name,
        filesRead: read.filesRead,
        loaded: read.loaded.length,
        rejected: read.rejected,
      };
      const outcome = {
        remarks: `${read.loaded.length} of ${read.filesRead} Form 16A certificate(s) loaded; ${read.rejected.length} file(s) left out`,
        // a zip without one certificate to keep is told as a warning, not a success
        result: read.loaded.length === 0 ? { ...result, outcome: 'NothingLoaded' } : result,
        transactionsCount: read.loaded.length,
      };
      await c.db.transaction().execute(async (tx) => {
        for (const [i, l] of read.loaded.entries()) {
          const stored16a = keys[i];
          if (!stored16a) continue;
          await saveCertificate(tx, {
            entityId: input.entityId,
            tenantId: input.tenantId,
            vendor: l.vendor,
            fields: l.fields,
            fileName: l.fileName,
            sha256: stored16a.sha256,
            sizeBytes: l.bytes.length,
            storageKey: stored16a.key,
            email: l.vendor.contactEmail,
            userId: input.userId,
            jobId: job.jobId,
          });
        }
        await job.complete(tx, outcome);
      });
      return outcome;
    },
  });
