import {
  applyDecisions,
  assembleResult,
  type PartyInfo,
  type PartyWork,
  type ReconcileResult,
  type ResolvedOptions,
  reconcileParties,
  type UnresolvedRow,
} from '@taxrecon/engine';
import type { FinancialYear, Paise } from '@taxrecon/shared';
import { paiseOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { type RunView, runOptions } from '../runs/runs.ts';
import { decodeStoredParty, ROW_COLUMNS } from './result-codec.ts';
import { storedDecisions } from './source-read.ts';
import { uuidLiteral } from './source-rows.ts';

// A stored job as the engine's ReconcileResult again (for the xlsx report):
// each party's stored rows reconciled once more with the decisions, which
// gives what the job holds, plus its rows not considered and warnings.

export const rebuildResult = async (ctx: AppContext, run: RunView): Promise<ReconcileResult> => {
  const options = runOptions(run);
  const parties = await ctx.db
    .selectFrom('recon_parties')
    .select(['party', 'party_key', 'code', 'name', 'tan', 'pan', 'members', 'in_master', 'options'])
    .where('job_id', '=', run.job_id)
    .orderBy('party')
    .execute();
  const client = await ctx.database.pool.connect();
  let text: string;
  let decisions: Awaited<ReturnType<typeof storedDecisions>>;
  try {
    text = new TextDecoder().decode(
      await ctx.database.copyOut(
        client,
        `SELECT ${ROW_COLUMNS.join(', ')} FROM recon_rows WHERE job_id = ${uuidLiteral(run.job_id)} ORDER BY party, side, ord`,
      ),
    );
    decisions = await storedDecisions(client, run.entity_id, run.kind, run.financial_year);
  } finally {
    client.release();
  }
  // Rows arrive ordered by party: cut the text into one block per party.
  const blocks = new Map<number, string[]>();
  const partyColumn = ROW_COLUMNS.indexOf('party');
  for (const line of text.split('\n')) {
    if (!line) continue;
    const party = Number(line.split('\t', partyColumn + 1)[partyColumn]);
    const list = blocks.get(party);
    if (list) list.push(line);
    else blocks.set(party, [line]);
  }
  const byOptions = new Map<string, { options: ResolvedOptions; work: PartyWork[] }>();
  for (const p of parties) {
    const info: PartyInfo = {
      key: p.party_key,
      code: p.code,
      name: p.name,
      tan: p.tan,
      pan: p.pan,
      members: p.members,
      inMaster: p.in_master,
    };
    const own = (p.options as ResolvedOptions | null) ?? options;
    const key = JSON.stringify(own);
    const group = byOptions.get(key) ?? { options: own, work: [] };
    group.work.push(decodeStoredParty(info, (blocks.get(p.party) ?? []).join('\n')));
    byOptions.set(key, group);
  }
  const context = { kind: run.kind, financialYear: run.financial_year as FinancialYear };
  const results = [...byOptions.values()].flatMap((g) =>
    reconcileParties(g.work, { ...context, options: g.options }),
  );
  const unresolved = await unresolvedRows(ctx, run.job_id);
  const assembled = assembleResult(
    { ...context, options, unresolved, warnings: (run.warnings ?? []) as ReconcileResult['warnings'] },
    results,
  );
  return applyDecisions(assembled, decisions).result;
};

const unresolvedRows = async (ctx: AppContext, jobId: string): Promise<UnresolvedRow[]> => {
  const rows = await ctx.db
    .selectFrom('recon_unresolved')
    .selectAll()
    .select((eb) => eb.cast<string>('txn_date', 'text').as('date'))
    .where('job_id', '=', jobId)
    .orderBy('side')
    .orderBy('ref')
    .execute();
  return rows.map((r): UnresolvedRow => {
    const amount = paiseOfNumeric(r.amount) as Paise;
    const tax = paiseOfNumeric(r.tax) as Paise;
    const code = r.reason_code as UnresolvedRow['code'];
    return r.side === 'B'
      ? {
          side: 'book',
          ref: r.ref,
          code,
          reason: r.reason,
          row: {
            voucherNo: r.ref,
            date: r.date ?? '',
            partyName: r.name,
            customerCode: r.code,
            tan: r.tan,
            pan: r.pan,
            gstin: r.gstin,
            amount,
            tax,
            section: r.section,
          },
        }
      : {
          side: 'taxBook',
          ref: r.ref,
          code,
          reason: r.reason,
          row: {
            ref: r.ref,
            tan: r.tan ?? '',
            name: r.name,
            section: r.section ?? '',
            transactionDate: r.date ?? '',
            status: r.status ?? '',
            amount,
            tax,
            deposited: 0 as Paise,
          },
        };
  });
};
