import { type documentRoutes, Form16aBulkResult } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/http/attachment.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { startBulkUpload } from './bulk-upload.ts';
import { emailOneCertificate, emailStats, startBulkEmail } from './mail.ts';
import { certificateByFileName, searchCertificates, vendorOfPan } from './repo.ts';
import { uploadOneCertificate } from './single-upload.ts';
import type { DocumentTasks } from './tasks.ts';

type R = typeof documentRoutes;

// Form 16A (spec part 3 section 7). Every call works in the caller's current
// entity; a certificate or job of another entity answers 404.
export const documentHandlers = (ctx: AppContext, tasks: DocumentTasks): Handlers<R> => ({
  form16aList: async ({ caller }) => searchCertificates(ctx.db, entityOf(caller), {}),
  form16aSearch: async ({ caller, query }) => searchCertificates(ctx.db, entityOf(caller), query),
  form16aDownload: async ({ caller, params, reply }) => {
    const row = await certificateByFileName(ctx.db, entityOf(caller), params.fileName);
    if (!row) throw notFound(`No Form 16A named ${params.fileName} in this entity.`);
    const bytes = await ctx.files.read(row.storage_key);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader(row.file_name))
      .send(bytes);
  },
  form16aEmail: async ({ caller, body }) => emailOneCertificate(ctx, caller, body.fileName, body.email),
  form16aEmailStats: async ({ caller, query }) => emailStats(ctx, caller, query),
  form16aBulkEmail: async ({ caller, query }) => startBulkEmail(ctx, tasks.bulkEmail, caller, query),
  form16aVendor: async ({ caller, params }) => {
    const vendor = await vendorOfPan(ctx.db, entityOf(caller), params.pan);
    return {
      vendor: vendor && {
        vendorCode: vendor.vendorCode,
        vendorName: vendor.vendorName,
        vendorPan: params.pan,
        contactEmail: vendor.contactEmail,
      },
    };
  },
  form16aUpload: async ({ caller, request }) => uploadOneCertificate(ctx, caller, request),
  form16aBulkUpload: async ({ caller, request }) => startBulkUpload(ctx, tasks.bulkUpload, caller, request),
  form16aBulkResult: async ({ caller, params }) => {
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'status', 'result', 'failure_reason'])
      .where('id', '=', params.jobId)
      .where('tenant_id', '=', caller.tenantId)
      .where('entity_id', '=', entityOf(caller))
      .where('job_type', '=', tasks.bulkUpload.jobType)
      .executeTakeFirst();
    if (!job) throw notFound('No bulk Form 16A upload with this job id in this entity.');
    const result = Form16aBulkResult.omit({ jobId: true, status: true }).safeParse(job.result);
    return {
      jobId: job.id,
      status: job.status,
      ...(result.success
        ? result.data
        : {
            zipName: '',
            filesRead: 0,
            loaded: 0,
            rejected: job.failure_reason ? [{ fileName: '', reason: job.failure_reason }] : [],
          }),
    };
  },
});
