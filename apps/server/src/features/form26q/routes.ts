import type { form26qRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { bookSections, COMMON_26Q_SECTIONS } from './books.ts';
import { quarterMonths, yearAndQuarter } from './quarter.ts';
import { form26qHeaders, reconcile26qFile } from './reconcile.ts';
import { findReconciliation, listReconciliations } from './store.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const form26qHandlers = (ctx: AppContext): Handlers<typeof form26qRoutes> => ({
  form26qSections: async ({ caller, params }) => {
    const { fy, quarter } = yearAndQuarter(params.financialYear, params.quarter);
    const inBooks = await bookSections(ctx, entityOf(caller), fy, quarterMonths(fy, quarter));
    return { inBooks, sections: [...new Set([...inBooks, ...COMMON_26Q_SECTIONS])] };
  },
  form26qHeaders: async ({ caller, request }) => form26qHeaders(ctx, caller, request),
  reconcile26q: async ({ caller, params, request }) =>
    reconcile26qFile(ctx, caller, request, params.financialYear, params.quarter),
  form26qFiles: async ({ caller, query }) => {
    const filter =
      query.financialYear || query.quarter
        ? yearAndQuarter(query.financialYear ?? '', query.quarter ?? '')
        : null;
    return listReconciliations(ctx, entityOf(caller), filter?.fy ?? null, filter?.quarter ?? null);
  },
  form26qResult: async ({ caller, params }) => {
    const { resultKey: _key, ...result } = await findReconciliation(ctx, entityOf(caller), params.id);
    return result;
  },
  form26qDownload: async ({ caller, params, reply }) => {
    const r = await findReconciliation(ctx, entityOf(caller), params.hash);
    const { fy, quarter } = yearAndQuarter(params.financialYear, params.quarter);
    if (fy !== r.financialYear || quarter !== r.quarter || params.fileName !== r.resultFileName)
      throw badRequest(`This reconciliation is ${r.resultFileName} of ${r.financialYear} ${r.quarter}.`);
    return sendFile(reply, ctx.files.get(r.resultKey), r.resultFileName, XLSX);
  },
});
