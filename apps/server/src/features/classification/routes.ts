import type { classificationRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { loadModel, modelInfo } from './model-store.ts';
import { predictSections, suggestSections } from './predict.ts';
import type { trainingTask } from './tasks.ts';
import { startTraining } from './training-upload.ts';

type R = typeof classificationRoutes;

// Every call works on the caller's current entity: a model is never shared
// between entities.
export const classificationHandlers = (
  ctx: AppContext,
  task: ReturnType<typeof trainingTask>,
): Handlers<R> => ({
  trainExpenseClassifier: async ({ caller, request }) => startTraining(ctx, caller, request, task),
  expenseModelExists: async ({ caller }) => {
    const model = await modelInfo(ctx.db, entityOf(caller));
    return { exists: model !== null, model };
  },
  predictExpenseSection: async ({ caller, query }) =>
    predictSections(ctx.db, entityOf(caller), query.text, query.threshold),
  suggestExpenseSections: async ({ caller, body }) => {
    const entityId = entityOf(caller);
    const modelExists = (await loadModel(ctx.db, entityId)) !== null;
    return {
      modelExists,
      suggestions: await suggestSections(ctx.db, entityId, body.descriptions, body.threshold),
    };
  },
});
