import { Readable } from 'node:stream';
import { parseDelimited } from '@taxrecon/formats';
import { csvLine } from '@taxrecon/shared/csv';
import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { rowCsv } from '../reconciliation/reports/report-csv.ts';
import type { RunView } from '../reconciliation/runs/runs.ts';
import {
  MANUAL_RECON_JOB_TYPE,
  type ManualReconTask,
  queueManualRecon,
} from '../smart-recon/manual-recon.ts';

// The demo's manually reconciled entries, so Manual Reconciliation Jobs has a
// job in it: an accountant downloads a customer's 26AS rows that no invoice
// explains, puts them on Hold while sales looks for the invoices, and uploads
// the file back. The file is the discrepancy download's own 26AS table for
// one customer (report-csv.ts), its Status column edited, so it reads exactly
// like what a person sends. The customer is the one with the most such rows
// (the first of them on a tie) that the demo's bulk follow-up did not already
// write to.

export const DEMO_MANUAL_RECON_FILE = 'demo-26as-rows-on-hold.csv';
const ROWS_PUT_ON_HOLD = 3;

// The job already queued for this run, found again on a retry.
export const demoManualReconJob = async (ctx: AppContext, run: RunView) =>
  ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('job_type', '=', MANUAL_RECON_JOB_TYPE)
    .where('entity_id', '=', run.entity_id)
    .where(sql<SqlBool>`input->>'reconJobId' = ${run.job_id}`)
    .executeTakeFirst();

// The csv: the customer's pending 26AS rows with Status set to Hold, or null
// when no customer has any.
export const demoManualReconCsv = async (
  ctx: AppContext,
  run: RunView,
  followedUp: readonly string[],
): Promise<string | null> => {
  let q = ctx.db
    .selectFrom('recon_rows as r')
    .innerJoin('recon_parties as p', (j) =>
      j.onRef('p.job_id', '=', 'r.job_id').onRef('p.party', '=', 'r.party'),
    )
    .select(['p.party', 'p.party_key', 'p.code', 'p.name', 'p.tan'])
    .where('r.job_id', '=', run.job_id)
    .where('r.side', '=', 'T')
    .where('r.match_no', 'is', null)
    .where('r.action', 'is', null)
    .groupBy(['p.party', 'p.party_key', 'p.code', 'p.name', 'p.tan'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('p.party')
    .limit(1);
  if (followedUp.length > 0) q = q.where('p.party_key', 'not in', followedUp);
  const party = await q.executeTakeFirst();
  if (!party) return null;
  let text = '';
  for await (const chunk of rowCsv(ctx, run, [party], 'T', ['Pending'])) text += chunk;
  const [header, ...rows] = parseDelimited(text, ',').records.map((r) => r.values);
  const status = header?.indexOf('Status') ?? -1;
  if (!header || status < 0 || rows.length === 0) return null;
  const held = rows
    .slice(0, ROWS_PUT_ON_HOLD)
    .map((values) => values.map((v, i) => (i === status ? 'Hold' : v)));
  return [header, ...held].map((values) => csvLine(values)).join('');
};

// Queues the job the Manual Reconciliation upload queues, with this file.
export const queueDemoManualRecon = (
  ctx: AppContext,
  task: ManualReconTask,
  caller: Caller,
  run: RunView,
  csv: string,
): Promise<string> =>
  queueManualRecon(ctx, task, caller, run, DEMO_MANUAL_RECON_FILE, Readable.from([Buffer.from(csv, 'utf8')]));
