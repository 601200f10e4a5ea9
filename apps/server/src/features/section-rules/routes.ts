import type { RawTransformResult, sectionRulesRoutes } from '@taxrecon/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/http/attachment.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { type Caller, currentEntity } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { expenseMappingService } from './expense-mappings/service.ts';
import { RAW_TRANSFORM_JOB, rawTransformKeys, type rawTransformTask } from './raw-expense/task.ts';
import { startRawTransform } from './raw-expense/upload.ts';
import { receiveReferenceFile } from './reference-upload.ts';
import { ruleSetService } from './rule-sets/service.ts';
import { sectionTypeService } from './section-types/service.ts';

type R = typeof sectionRulesRoutes;

const textFile = (reply: FastifyReply, fileName: string, body: string): string => {
  reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', attachmentHeader(fileName));
  return body;
};

export const sectionRulesHandlers = (
  ctx: AppContext,
  tasks: { rawTransform: ReturnType<typeof rawTransformTask> },
): Handlers<R> => {
  const types = sectionTypeService(ctx);
  const mappings = expenseMappingService(ctx);
  const rules = ruleSetService(ctx);

  // A file of a finished raw transform job of the caller's entity.
  const rawFile = (which: 'transformed' | 'errors') =>
    (async ({ caller, params, reply }) => {
      const entityId = await currentEntity(ctx, caller);
      const job = await ctx.db
        .selectFrom('jobs')
        .select(['id', 'result'])
        .where('id', '=', params.jobId)
        .where('tenant_id', '=', caller.tenantId)
        .where('entity_id', '=', entityId)
        .where('job_type', '=', RAW_TRANSFORM_JOB)
        .where('status', '=', 'Completed')
        .executeTakeFirst();
      if (!job) throw notFound('No finished raw expense transformation with this id');
      const result = (job.result ?? {}) as Partial<RawTransformResult>;
      if (which === 'errors') {
        const key = rawTransformKeys(entityId, job.id).errors;
        if (!(await ctx.files.exists(key))) throw notFound('The error report of this job is no longer kept');
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', attachmentHeader(result.errorReportFileName ?? 'errors.txt'))
          .send(ctx.files.get(key));
      }
      const file = await ctx.db
        .selectFrom('stored_files')
        .select(['file_name', 'storage_key'])
        .where('id', '=', result.transformedFileId ?? '00000000-0000-0000-0000-000000000000')
        .where('entity_id', '=', entityId)
        .executeTakeFirst();
      if (!file) throw notFound('The transformed ledger of this job is no longer kept');
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachmentHeader(file.file_name))
        .send(await ctx.files.read(file.storage_key));
    }) as Handlers<R>['rawTransformedFile'];

  const upload = (
    apply: (caller: Caller, file: Awaited<ReturnType<typeof receiveReferenceFile>>) => Promise<unknown>,
  ) =>
    (async ({ caller, request }) =>
      apply(
        caller,
        await receiveReferenceFile(ctx, caller, request),
      )) as Handlers<R>['uploadSectionExpenseTypes'];

  return {
    searchSectionExpenseTypes: async ({ caller, body }) => types.search(caller, body),
    updateSectionExpenseType: async ({ caller, body }) =>
      types.update(caller, Array.isArray(body) ? body : [body]),
    allSectionExpenseTypes: async ({ caller }) => types.all(caller),
    sectionNatureOfPayment: async ({ caller }) => types.sections(caller),
    downloadSectionExpenseTypes: async ({ caller, reply }) =>
      textFile(reply, 'section_expense_type.txt', await types.exportFile(caller)),
    searchExpenseSectionMappings: async ({ caller, body }) => mappings.search(caller, body),
    downloadExpenseSectionMappings: async ({ caller, reply }) =>
      textFile(reply, 'expense_section_mapping.txt', await mappings.exportFile(caller)),
    uploadSectionExpenseTypes: upload((caller, file) => types.upload(caller, file)),
    uploadExpenseSectionMappings: upload((_caller, file) => mappings.upload(file)),
    addRuleSet: async ({ caller, body }) => rules.add(caller, body),
    ruleSetsOfSection: async ({ caller, params }) => rules.ofSection(caller, params.section),
    allRuleSets: async ({ caller }) => rules.all(caller),
    updateRule: async ({ caller, body }) => rules.updateRule(caller, body),
    deleteRule: async ({ caller, params }) => rules.deleteRule(caller, params.ruleId),
    deleteRuleSet: async ({ caller, params }) => rules.deleteRuleSet(caller, params.ruleSetId),
    transformRawExpenseLedger: async ({ caller, request }) =>
      startRawTransform(ctx, caller, request, tasks.rawTransform),
    rawTransformedFile: rawFile('transformed'),
    rawErrorReport: rawFile('errors'),
  };
};
