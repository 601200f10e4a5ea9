import {
  PAYABLE_ONE_OF_FIELDS,
  PAYABLE_REQUIRED_FIELDS,
  PAYABLE_THROTTLED_MESSAGE,
  type SubmitPayableRequest,
} from '@taxrecon/contracts';
import { type FinancialYear, financialYearLabel } from '@taxrecon/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { JobOwner } from '../../../platform/queue/job-runner.ts';
import type { TaskDefinition } from '../../../platform/queue/task.ts';
import { type PayableJobInput, upsertPayableRun } from './job.ts';
import { attachPayableLock, releasePayableLock, takePayableLock } from './locks.ts';
import { monthLabel, monthStates } from './months.ts';
import { rememberMapping } from './remembered-mapping.ts';

type Request = z.output<typeof SubmitPayableRequest>;

// The custom calculation grid: a row is kept only when its force column is
// filled (spec section 3); blanks elsewhere mean ALL.
export const keptRules = (rules: Request['customCalculationRules']): PayableJobInput['customRules'] =>
  rules
    .filter((r) => r.forceApplyTds === 'Y' || r.forceApplyTds === 'N')
    .map((r) => ({
      glCode: r.glCode || 'ALL',
      section: r.section || 'ALL',
      vendorCode: r.vendorCode || 'ALL',
      forceApplyTds: r.forceApplyTds === 'Y',
    }));

// What a submit must satisfy before a job is queued (spec sections 4, 5 and
// 8; DOMAIN 7.9); each refusal names what to fix.
export const checkSubmit = async (
  ctx: AppContext,
  entityId: string,
  fy: FinancialYear,
  body: Request,
): Promise<void> => {
  const targets = Object.values(body.mappingDefinitions);
  const missing = PAYABLE_REQUIRED_FIELDS.filter((f) => !targets.includes(f));
  if (missing.length > 0)
    throw badRequest(
      `The following mandatory fields are missing from Mapping: ${missing.join(', ')}`,
      'MAPPING',
    );
  if (!PAYABLE_ONE_OF_FIELDS.some((f) => targets.includes(f)))
    throw badRequest(
      `The mapping needs a column for ${PAYABLE_ONE_OF_FIELDS.join(' or ')} (who was paid).`,
      'MAPPING',
    );
  const twice = targets.filter((t, i) => targets.indexOf(t) !== i);
  if (twice.length > 0)
    throw badRequest(
      `Each field may be mapped once; mapped more than once: ${[...new Set(twice)].join(', ')}`,
    );
  const states = await monthStates(ctx.database.pool, entityId, fy);
  const state = states.find((s) => s.month === body.month);
  if (!state)
    throw badRequest(
      `Month ${body.month} is not in ${financialYearLabel(fy)} (April ${fy.slice(0, 4)} to March ${Number(fy.slice(0, 4)) + 1}).`,
      'MONTH',
    );
  if (state.verified)
    throw badRequest(`${monthLabel(body.month)} is verified; its results are locked.`, 'MONTH_VERIFIED');
  if (state.missingPrevious) {
    const previous = states[states.indexOf(state) - 1]!;
    throw badRequest(
      `${monthLabel(body.month)} cannot be calculated before ${monthLabel(previous.month)} is calculated.`,
      'MONTH_MISSING_PREVIOUS',
    );
  }
  const files = states.filter((s) => s.month <= body.month).reduce((n, s) => n + s.files, 0);
  if (files === 0)
    throw badRequest(
      `There are no expense ledger files for ${financialYearLabel(fy)} up to ${monthLabel(body.month)}. Upload them first (Upload expense ledger).`,
      'NO_FILES',
    );
};

export const submitPayable = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  fy: FinancialYear,
  body: Request,
  options: { skipMonthChecks?: boolean } = {},
): Promise<{ jobId: string | null; throttled: boolean; message: string }> => {
  const entityId = entityOf(caller);
  if (!options.skipMonthChecks) await checkSubmit(ctx, entityId, fy, body);
  const input: PayableJobInput = {
    entityId,
    financialYear: fy,
    month: body.month,
    mapping: body.mappingDefinitions,
    customRules: keptRules(body.customCalculationRules),
    vendors: [...new Set(body.vendors)].sort(),
    login: caller.login,
    userId: caller.userId,
  };
  const jobId = await queuePayableRun(ctx, task, input, {
    tenantId: caller.tenantId,
    entityId,
    userId: caller.userId,
    login: caller.login,
  });
  if (!jobId) return { jobId: null, throttled: true, message: PAYABLE_THROTTLED_MESSAGE };
  await rememberMapping(ctx.database.pool, entityId, body.mappingDefinitions);
  return { jobId, throttled: false, message: `Job submitted successfully (Job Id: ${jobId})` };
};

// Queues a run under the entity's lock; null when another run holds it.
export const queuePayableRun = async (
  ctx: AppContext,
  task: TaskDefinition,
  input: PayableJobInput,
  owner: JobOwner,
): Promise<string | null> => {
  const pool = ctx.database.pool;
  const { entityId } = input;
  if (!(await takePayableLock(pool, entityId, 'run'))) return null;
  try {
    const job = await ctx.jobs.start(task, input, owner);
    await attachPayableLock(pool, entityId, 'run', job.id);
    await upsertPayableRun(pool, job.id, input, 'Queued');
    return job.id;
  } catch (error) {
    await releasePayableLock(pool, entityId, 'run', null);
    throw error;
  }
};
