import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import { defineTask, NotReadyYet } from '../../platform/queue/task.ts';
import type { Form16aFields } from './form16a-fields.ts';
import { readForm16aPdf } from './pdf-text.ts';
import { saveCertificate } from './repo.ts';
import { samplePdf } from './sample-certificates.ts';

const DemoInput = z.object({
  entityId: z.string().uuid(),
  tenantId: z.string().uuid(),
  userId: z.string().uuid(),
  financialYear: z.string().refine(isFinancialYear),
  // the demo's vendor master load: the certificates name its vendors
  vendorJobId: z.string().uuid(),
});

// A few certificates for the demo company's first vendors (Q1 and Q2), drawn
// as TRACES-like PDFs and read back by the same reader users' files go
// through. The vendors are loaded by another job: until it has finished this
// one fails and is retried.
export const demoForm16aTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'demo-form16a',
    jobType: 'DemoForm16A',
    input: DemoInput,
    // five minutes for the vendor master to load on a busy machine
    retryLimit: 60,
    retryDelaySeconds: 5,
    retryBackoff: false,
    run: async (input, job) => {
      const c = ctx();
      const vendorJob = await c.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', input.vendorJobId)
        .executeTakeFirst();
      // a vendor master that will never load: stop waiting (as the demo challans do for their 34A run)
      if (vendorJob?.status === 'Failed') {
        const outcome = { remarks: 'No demo certificates: the demo vendor master did not load' };
        await c.db.transaction().execute((tx) => job.complete(tx, outcome));
        return outcome;
      }
      if (vendorJob?.status !== 'Completed')
        throw new NotReadyYet('waiting for the demo vendor master to load');
      const vendors = await c.db
        .selectFrom('vendors')
        .select(['id', 'vendor_code', 'vendor_name', 'contact_email', 'pan_number'])
        .where('entity_id', '=', input.entityId)
        .where('pan_number', 'is not', null)
        .orderBy('vendor_code')
        .limit(4)
        .execute();
      const fy = input.financialYear as `${number}-${number}`;
      const certificates: {
        v: (typeof vendors)[number];
        bytes: Buffer;
        sha256: string;
        storageKey: string;
        fields: Form16aFields;
        fileName: string;
      }[] = [];
      for (const [i, v] of vendors.entries()) {
        for (const quarter of ['Q1', 'Q2'] as const) {
          const pan = v.pan_number ?? '';
          const bytes = await samplePdf({ pan, name: v.vendor_name }, fy, quarter, {
            amountPaise: 25_000_000 * (i + 1),
            section: i % 2 === 0 ? '194C' : '194J',
          });
          const reading = await readForm16aPdf(bytes);
          if (!reading.ok) throw new Error(`demo certificate of ${pan} unreadable: ${reading.reason}`);
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          const temp = c.files.tempPath();
          await fs.promises.writeFile(temp, bytes);
          const storageKey = await c.files.adopt(temp, sha256);
          certificates.push({
            v,
            bytes,
            sha256,
            storageKey,
            fields: reading.fields,
            fileName: `${pan}_${quarter}_${fy}.pdf`,
          });
        }
      }
      const outcome = { remarks: `${certificates.length} demo Form 16A certificate(s) loaded` };
      await c.db.transaction().execute(async (tx) => {
        for (const cert of certificates) {
          await saveCertificate(tx, {
            entityId: input.entityId,
            tenantId: input.tenantId,
            vendor: {
              id: cert.v.id,
              vendorCode: cert.v.vendor_code,
              vendorName: cert.v.vendor_name,
              contactEmail: cert.v.contact_email,
            },
            fields: cert.fields,
            fileName: cert.fileName,
            sha256: cert.sha256,
            sizeBytes: cert.bytes.length,
            storageKey: cert.storageKey,
            email: cert.v.contact_email,
            userId: input.userId,
            jobId: job.jobId,
          });
        }
        await job.complete(tx, outcome);
      });
      return outcome;
    },
  });

// Called by the demo loader once its files are queued.
export const queueDemoForm16a = async (
  ctx: AppContext,
  owner: JobOwner & { entityId: string },
  financialYear: string,
  vendorJobId: string | undefined,
): Promise<void> => {
  if (!vendorJobId) return;
  await ctx.jobs.start(
    demoForm16aTask(() => ctx),
    { entityId: owner.entityId, tenantId: owner.tenantId, userId: owner.userId, financialYear, vendorJobId },
    owner,
  );
};
