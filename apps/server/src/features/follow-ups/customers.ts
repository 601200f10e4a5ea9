import { EMAIL_PATTERN, type FollowUpCustomer } from '@taxrecon/contracts';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { contactEmails } from '../reconciliation/results/customer-entry.ts';
import type { RunView } from '../reconciliation/runs/runs.ts';

// The customers of a job a bulk follow-up can write to (spec 2.8): those with
// rows marked FollowUp, or with status All every customer that is not fully
// matched; each with its master record and first contact e-mail.

export const followUpCustomers = async (
  ctx: AppContext,
  run: RunView,
  // null: every party (the bulk job names its own)
  status: 'FollowUp' | 'All' | null,
  only?: readonly string[],
): Promise<(FollowUpCustomer & { party: number; emails: string[] })[]> => {
  let q = ctx.db
    .selectFrom('recon_parties as p')
    .leftJoin(
      ctx.db
        .selectFrom('recon_rows')
        .select(['party', sql<number>`count(*)::int`.as('n')])
        .where('job_id', '=', run.job_id)
        .where('action', '=', 'FollowUp')
        .groupBy('party')
        .as('f'),
      'f.party',
      'p.party',
    )
    .select([
      'p.party',
      'p.party_key',
      'p.members',
      'p.name',
      'p.code',
      'p.tan',
      'p.pan',
      'p.tax_difference',
      sql<number>`coalesce(f.n, 0)`.as('follow_ups'),
    ])
    .where('p.job_id', '=', run.job_id);
  if (status === 'FollowUp') q = q.where(sql<SqlBool>`coalesce(f.n, 0) > 0`);
  if (status === 'All') q = q.where('p.category', '!=', 'fullMatches');
  if (only) q = q.where('p.party_key', 'in', only.length ? [...only] : ['']);
  const parties = await q.orderBy('p.name').execute();
  const emails = await contactEmails(ctx, run.entity_id, run.kind, parties);
  const keys = parties.map((p) => p.party_key);
  const masters =
    run.kind === 'TDS' && keys.length
      ? await ctx.db
          .selectFrom('customers')
          .select(['id', sql<string>`coalesce(customer_code, customer_name)`.as('code')])
          .where('entity_id', '=', run.entity_id)
          .where(sql<SqlBool>`coalesce(customer_code, customer_name) = ANY(${keys})`)
          .execute()
      : [];
  const idOf = new Map(masters.map((m) => [m.code, m.id]));
  return parties.map((p) => {
    // an address the master holds that is no address (a typo) cannot be mailed
    const list = (emails.get(p.party_key) ?? []).filter((e) => EMAIL_PATTERN.test(e));
    return {
      party: p.party,
      emails: list,
      customerId: idOf.get(p.party_key) ?? null,
      entityId: p.party_key,
      customerName: p.name,
      customerCode: p.code,
      tanNumber: p.tan,
      panNumber: p.pan,
      contactEmail: list[0] ?? null,
      followUpEntries: p.follow_ups,
      taxDifference: rupeesOfNumeric(p.tax_difference),
    };
  });
};
