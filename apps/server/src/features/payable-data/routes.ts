import type { payableDataRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { splitOutputFile, uploadExpense } from './expense-files.ts';
import { deleteFile, financialYearParam, listFiles, monthParam, sendFile } from './folder.ts';
import { uploadLdc } from './ldc.ts';
import { searchVendorPayments } from './payment-search.ts';
import { type PaymentLoadTask, paymentLoadTask, uploadVendorPayment } from './payments.ts';
import { listLdcCertificates, listTanItr } from './reference-lists.ts';
import { uploadPayableSales } from './sales-files.ts';
import { uploadTanItr } from './tan-itr.ts';

type R = typeof payableDataRoutes;

export const payableDataTasks = (ctx: () => AppContext) => ({ paymentLoad: paymentLoadTask(ctx) });

// HTTP only: every handler scopes to the caller's current entity (entityOf),
// and reads the year and month of a path through the same two checks.
export const payableDataHandlers = (
  ctx: AppContext,
  tasks: { paymentLoad: PaymentLoadTask },
): Handlers<R> => {
  const fyOf = (fy: string) => financialYearParam(fy);
  const optionalFy = (fy: string | undefined) => (fy ? fyOf(fy) : undefined);
  return {
    uploadExpenseMonth: async ({ caller, request, params }) => {
      const fy = fyOf(params.fy);
      return uploadExpense(ctx, caller, request, fy, monthParam(params.month, fy));
    },
    uploadExpenseOutput: async ({ caller, request, params }) =>
      uploadExpense(ctx, caller, request, fyOf(params.fy), null),
    splitExpenseOutput: async ({ caller, params, query }) =>
      splitOutputFile(ctx, caller, fyOf(params.fy), query.fileName),
    expenseFolder: async ({ caller, query }) => ({
      files: await listFiles(
        ctx,
        entityOf(caller),
        ['expense', 'expense-output'],
        optionalFy(query.financialYear),
      ),
    }),
    searchExpenses: async ({ caller, params }) => ({
      files: await listFiles(ctx, entityOf(caller), ['expense', 'expense-output'], fyOf(params.fy)),
    }),
    deleteExpenseMonth: async ({ caller, params }) => {
      const fy = fyOf(params.fy);
      await deleteFile(ctx, entityOf(caller), {
        kind: 'expense',
        financialYear: fy,
        month: monthParam(params.month, fy),
        fileName: params.file,
      });
      return { message: 'Expense Data Deleted' };
    },
    deleteExpenseOutput: async ({ caller, params }) => {
      await deleteFile(ctx, entityOf(caller), {
        kind: 'expense-output',
        financialYear: fyOf(params.fy),
        month: null,
        fileName: params.file,
      });
      return { message: 'Expense Data Deleted' };
    },
    downloadExpenseMonth: async ({ caller, params, reply }) => {
      const fy = fyOf(params.fy);
      return sendFile(
        ctx,
        entityOf(caller),
        { kind: 'expense', financialYear: fy, month: monthParam(params.month, fy), fileName: params.file },
        reply,
      );
    },
    downloadExpenseOutput: async ({ caller, params, reply }) =>
      sendFile(
        ctx,
        entityOf(caller),
        { kind: 'expense-output', financialYear: fyOf(params.fy), month: null, fileName: params.file },
        reply,
      ),

    uploadVendorPayment: async ({ caller, request, params }) => {
      const fy = fyOf(params.fy);
      return uploadVendorPayment(ctx, caller, request, tasks.paymentLoad, fy, monthParam(params.month, fy));
    },
    vendorPaymentFolder: async ({ caller, query }) => ({
      files: await listFiles(ctx, entityOf(caller), ['vendor-payment'], optionalFy(query.financialYear)),
    }),
    deleteVendorPayment: async ({ caller, params }) => {
      const fy = fyOf(params.fy);
      await deleteFile(ctx, entityOf(caller), {
        kind: 'vendor-payment',
        financialYear: fy,
        month: monthParam(params.month, fy),
        fileName: params.file,
      });
      return { message: 'Payment Data Deleted' };
    },
    downloadVendorPayment: async ({ caller, params, reply }) => {
      const fy = fyOf(params.fy);
      return sendFile(
        ctx,
        entityOf(caller),
        {
          kind: 'vendor-payment',
          financialYear: fy,
          month: monthParam(params.month, fy),
          fileName: params.file,
        },
        reply,
      );
    },
    searchVendorPayments: async ({ caller, body }) => searchVendorPayments(ctx, caller, body),

    uploadPayableSales: async ({ caller, request, params }) =>
      uploadPayableSales(ctx, caller, request, fyOf(params.fy)),
    payableSalesFolder: async ({ caller, query }) => ({
      files: await listFiles(ctx, entityOf(caller), ['sales'], optionalFy(query.financialYear)),
    }),
    deletePayableSales: async ({ caller, params }) => {
      await deleteFile(ctx, entityOf(caller), {
        kind: 'sales',
        financialYear: fyOf(params.fy),
        month: null,
        fileName: params.file,
      });
      return { message: 'Sales Data Deleted' };
    },
    downloadPayableSales: async ({ caller, params, reply }) =>
      sendFile(
        ctx,
        entityOf(caller),
        { kind: 'sales', financialYear: fyOf(params.fy), month: null, fileName: params.file },
        reply,
      ),

    uploadLdc: async ({ caller, request }) => uploadLdc(ctx, caller, request),
    uploadTanItr: async ({ caller, request }) => uploadTanItr(ctx, caller, request),
    listLdc: async ({ caller }) => listLdcCertificates(ctx, caller),
    listTanItr: async ({ caller }) => listTanItr(ctx, caller),
  };
};
