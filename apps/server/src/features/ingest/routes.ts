import type { IngestKind, ingestRoutes } from '@taxrecon/contracts';
import { customerMappingTemplate, guessMapping, PURCHASE_FIELDS, SALES_FIELDS } from '@taxrecon/formats';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { type FolderKind, listFolder, loadFolder } from './folder-loads.ts';
import type { ingestTasks } from './tasks.ts';
import { startUpload } from './upload-service.ts';
import { buildValidationReport } from './validation-report.ts';
import { vendorBulkUpdate } from './vendor-bulk-update.ts';

type R = typeof ingestRoutes;

export const ingestHandlers = (
  ctx: AppContext,
  store: FileStore,
  tasks: ReturnType<typeof ingestTasks>,
): Handlers<R> => {
  const upload =
    (kind: IngestKind): Handlers<R>['upload26as'] =>
    async ({ caller, request }) =>
      startUpload(ctx, store, caller, request, kind, tasks[kind]);

  const report: Handlers<R>['validationErrors'] = async ({ caller, params, reply }) => {
    const job = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', params.jobId)
      .where('tenant_id', '=', caller.tenantId)
      .where('entity_id', '=', caller.entityId ?? '00000000-0000-0000-0000-000000000000')
      .executeTakeFirst();
    if (!job) throw notFound('Job not found');
    const zip = await buildValidationReport(ctx, job.id);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="validation-errors.zip"')
      .send(Buffer.from(zip));
  };

  const folder = (kind: FolderKind) => ({
    list: (async ({ caller }) => listFolder(ctx, caller, kind)) as Handlers<R>['listRaw26asFolder'],
    load: (async ({ caller, body }) =>
      loadFolder(ctx, store, caller, kind, tasks[kind], {
        ...(body.fileNames ? { fileNames: body.fileNames } : {}),
        ...(body.financialYear ? { financialYear: body.financialYear } : {}),
        ...(body.mappingDefinition ? { mapping: body.mappingDefinition } : {}),
        ...(body.header ? { headers: body.header } : {}),
        ...(body.force ? { force: true } : {}),
      })) as Handlers<R>['loadRaw26asFolder'],
  });
  const raw26as = folder('form-26as');
  const sales = folder('sales-register');
  const purchase = folder('purchase-register');

  return {
    listRaw26asFolder: raw26as.list,
    loadRaw26asFolder: raw26as.load,
    listSalesFolder: sales.list,
    loadSalesFolder: sales.load,
    listPurchaseFolder: purchase.list,
    loadPurchaseFolder: purchase.load,
    upload26as: upload('form-26as'),
    uploadSales: upload('sales-register'),
    uploadPurchase: upload('purchase-register'),
    uploadCustomerMapping: upload('customer-mapping'),
    uploadCustomerMaster: upload('customer-master'),
    uploadVendorMaster: upload('vendor-master'),
    vendorBulkUpdate: async ({ caller, request }) => vendorBulkUpdate(ctx, store, caller, request),
    customerMappingTemplate: async ({ reply }) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customer_mapping.txt"')
        .send(customerMappingTemplate()),
    suggestMapping: async ({ caller, params, body }) => {
      const fields = params.kind === 'sales-register' ? SALES_FIELDS : PURCHASE_FIELDS;
      const remembered = caller.entityId
        ? await ctx.db
            .selectFrom('column_mappings')
            .select('mapping')
            .where('entity_id', '=', caller.entityId)
            .where('kind', '=', params.kind)
            .executeTakeFirst()
        : undefined;
      const saved = (remembered?.mapping ?? {}) as Record<string, string>;
      const guessed = guessMapping(body.headers, fields);
      const usable = (header: string | undefined) =>
        header && body.headers.includes(header) ? header : null;
      return {
        kind: params.kind,
        remembered: Object.values(saved).some((h) => body.headers.includes(h)),
        fields: guessed.matches.map((m) => {
          const fromSaved = usable(saved[m.field]);
          const field = fields.find((f) => f.key === m.field);
          return {
            key: m.field,
            label: m.label,
            required: field?.required ?? false,
            header: fromSaved ?? m.header,
            score: fromSaved ? 1 : m.score,
          };
        }),
      };
    },
    validationErrors: report,
    validationErrorsLarge: report,
  };
};
