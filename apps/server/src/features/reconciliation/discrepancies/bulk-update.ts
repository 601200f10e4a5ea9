import type { BulkUpdateAnswer, BulkUpdateQuery } from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { completedRun } from '../runs/runs.ts';
import { applySheets } from './bulk-update-apply.ts';
import { checkSheets, problemsRefusal } from './bulk-update-checks.ts';
import { readSheets } from './bulk-update-sheets.ts';
import { findParty } from './discrepancies.ts';

// Bulk Update (spec 2.6, TCS) and the upload of manually reconciled entries
// for customers with over 500 entries: the CSV files of a download, their
// Status column edited, come back; every entry whose status changed becomes
// a decision, one per customer and status, recorded like one made on screen.

type Answer = z.input<typeof BulkUpdateAnswer>;

export const bulkUpdate = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  query: z.output<typeof BulkUpdateQuery>,
): Promise<Answer> => {
  const run = await completedRun(ctx, caller, query.jobId, query.updateType);
  const only = query.tanNumber ? await findParty(ctx, run, query.tanNumber) : null;
  const sheets = await readSheets(request);
  // Checked whole before anything is decided, as the manual reconciliation
  // upload is (session 39): a Status typed wrong ("Acept") was skipped in
  // silence while the rest applied, under a green "n entries updated".
  // An entry id names the row downloaded (a print of its content): a row
  // whose entry changed since (a sync in between) is ENTRY_CHANGED (session 39).
  const { rows, problems } = await checkSheets(ctx, run, sheets, only);
  if (problems.length > 0) throw problemsRefusal('Nothing was changed.', problems);
  return applySheets(ctx, caller, run, rows);
};
