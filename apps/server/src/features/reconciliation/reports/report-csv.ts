import type { ReportScope } from '@taxrecon/contracts';
import { describeUnmatched, type UnmatchedReason } from '@taxrecon/engine';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { csvLine } from '@taxrecon/shared/csv';
import type { AppContext } from '../../../platform/context.ts';
import { parseCopyText } from '../matching/copy-text.ts';
import { ROW_COLUMNS } from '../matching/result-codec.ts';
import { uuidLiteral } from '../matching/source-rows.ts';
import { downloadedEntryId } from '../results/entry-id.ts';
import { manualActionOf } from '../results/row-view.ts';
import { reconSummary } from '../results/summary.ts';
import type { RunView } from '../runs/runs.ts';

// The CSV tables of a reconciliation report, as streams of text: the
// summary, the parties, both books' rows with what became of them, and the
// rows not considered. Rows are read a block of parties at a time.

const PARTIES_PER_BLOCK = 2000;

interface PartyHead {
  party: number;
  party_key: string;
  code: string | null;
  name: string;
  tan: string | null;
}

export const partiesInScope = async (ctx: AppContext, run: RunView, scope: ReportScope) => {
  let q = ctx.db.selectFrom('recon_parties').selectAll().where('job_id', '=', run.job_id).orderBy('party');
  if (scope.kind === 'category') q = q.where('category', '=', scope.category);
  if (scope.kind === 'customer') q = q.where('party', '=', scope.party);
  if (scope.kind === 'parties') {
    if (scope.keys.length === 0) return [];
    q = q.where('category', '=', scope.category).where('party_key', 'in', scope.keys);
  }
  return q.execute();
};

const col = Object.fromEntries(ROW_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof ROW_COLUMNS)[number],
  number
>;

// Book and 26AS rows of the parties, as CSV lines, a block of parties at a time.
export async function* rowCsv(
  ctx: AppContext,
  run: RunView,
  parties: PartyHead[],
  side: 'B' | 'T',
  actions: string[] | null,
): AsyncGenerator<string> {
  const tds = run.kind === 'TDS';
  yield side === 'B'
    ? csvLine([
        tds ? 'Customer code' : 'Vendor code',
        tds ? 'Customer' : 'Vendor',
        'Party TAN',
        'Entry id',
        tds ? 'Voucher number' : 'Bill number',
        'Date',
        'Name in book',
        'TAN',
        'PAN',
        'GSTIN',
        'Section',
        'Rate',
        tds ? 'Sale amount' : 'Purchase value',
        tds ? 'TDS' : 'TCS',
        'Status',
        'Match group',
        'Rule',
        'Claimable',
        'Reason',
        'Notes',
        'Brought forward',
        'Carried forward',
      ])
    : csvLine([
        tds ? 'Customer code' : 'Vendor code',
        tds ? 'Customer' : 'Vendor',
        'Party TAN',
        'Entry id',
        '26AS file:line',
        'Transaction date',
        tds ? 'Deductor' : 'Collector',
        'TAN',
        'Section',
        'Status of booking',
        'Date of booking',
        'Remarks',
        'Amount',
        'Tax',
        'Deposited',
        'Status',
        'Match group',
        'Rule',
        'Claimable',
        'Reason',
        'Notes',
        'Brought forward',
        'Carried forward',
      ]);
  const byOrdinal = new Map(parties.map((p) => [p.party, p]));
  for (let i = 0; i < parties.length; i += PARTIES_PER_BLOCK) {
    const block = parties.slice(i, i + PARTIES_PER_BLOCK);
    const client = await ctx.database.pool.connect();
    let text: string;
    try {
      text = new TextDecoder().decode(
        await ctx.database.copyOut(
          client,
          `SELECT ${ROW_COLUMNS.join(', ')} FROM recon_rows WHERE job_id = ${uuidLiteral(run.job_id)}
           AND side = '${side}' AND party = ANY('{${block.map((p) => p.party).join(',')}}'::int[])
           ORDER BY party, ord`,
        ),
      );
    } finally {
      client.release();
    }
    let out = '';
    for (const f of parseCopyText(text)) {
      const v = (c: (typeof ROW_COLUMNS)[number]) => f[col[c]] ?? null;
      const party = byOrdinal.get(Number(v('party')))!;
      const matchNo = v('match_no');
      const status = manualActionOf({
        action: v('action'),
        match_no: matchNo === null ? null : Number(matchNo),
      });
      if (actions && !actions.includes(status ?? 'Pending')) continue;
      const reason = v('reason');
      const notes = v('notes');
      const reasonText =
        reason && (matchNo === null || v('rule') === 'totals')
          ? describeUnmatched(JSON.parse(reason) as UnmatchedReason, run.kind)
          : null;
      const noteText = notes
        ? (JSON.parse(notes) as { action: string; text: string; by: string | null; at: string | null }[])
            .map((n) => `${n.action}: ${n.text} (${n.by ?? ''} ${n.at ?? ''})`.trim())
            .join('; ')
        : null;
      const tail = [
        status ?? 'Discrepancy',
        matchNo,
        v('rule'),
        v('claimable') === null ? null : v('claimable') === 't' ? 'yes' : 'no',
        reasonText,
        noteText,
        v('brought_forward') === 't' ? 'yes' : 'no',
        v('carried_forward') === 't' ? 'yes' : 'no',
      ];
      const head = [
        party.code ?? party.party_key,
        party.name,
        party.tan,
        downloadedEntryId(Number(v('party')), side, Number(v('ord')), {
          ref: v('ref'),
          txn_date: v('txn_date'),
          amount: v('amount'),
          tax: v('tax'),
          tan: v('tan'),
          section: v('section'),
        }),
      ];
      out +=
        side === 'B'
          ? csvLine([
              ...head,
              v('ref'),
              v('txn_date'),
              v('name'),
              v('tan'),
              v('pan'),
              v('gstin'),
              v('section'),
              v('rate') === null ? null : String(Number(v('rate'))),
              rupeesOfNumeric(v('amount')),
              rupeesOfNumeric(v('tax')),
              ...tail,
            ])
          : csvLine([
              ...head,
              v('ref'),
              v('txn_date'),
              v('name'),
              v('tan'),
              v('section'),
              v('status'),
              v('booking_date'),
              v('remarks'),
              rupeesOfNumeric(v('amount')),
              rupeesOfNumeric(v('tax')),
              rupeesOfNumeric(v('deposited')),
              ...tail,
            ]);
      if (out.length > 1 << 20) {
        yield out;
        out = '';
      }
    }
    if (out) yield out;
  }
}

export async function* partiesCsv(rows: Awaited<ReturnType<typeof partiesInScope>>, kind: 'TDS' | 'TCS') {
  const tds = kind === 'TDS';
  yield csvLine([
    tds ? 'Customer code' : 'Vendor code',
    tds ? 'Customer' : 'Vendor',
    'TAN',
    'PAN',
    'Category',
    'Manually matched',
    'Settled by totals',
    'Book rows',
    'Book amount',
    'Book tax',
    '26AS rows',
    '26AS amount',
    '26AS tax',
    'Tax difference (book - 26AS)',
    'Amount difference (book - 26AS)',
    'Matched book rows',
    'Matched 26AS rows',
    'Open book rows',
    'Open 26AS rows',
    'Claimable tax',
    'Not claimable tax',
    'Brought forward book tax',
    'Carried forward book tax',
  ]);
  let out = '';
  for (const p of rows) {
    out += csvLine([
      p.code ?? p.party_key,
      p.name,
      p.tan,
      p.pan,
      p.category,
      p.manually_matched ? 'yes' : 'no',
      p.claimed_by_totals ? 'yes' : 'no',
      p.book_rows,
      rupeesOfNumeric(p.book_amount),
      rupeesOfNumeric(p.book_tax),
      p.tb_rows,
      rupeesOfNumeric(p.tb_amount),
      rupeesOfNumeric(p.tb_tax),
      rupeesOfNumeric(p.tax_difference),
      rupeesOfNumeric(p.amount_difference),
      p.matched_book_rows,
      p.matched_tb_rows,
      p.open_book_rows,
      p.open_tb_rows,
      rupeesOfNumeric(p.claimable_tax),
      rupeesOfNumeric(p.not_claimable_tax),
      rupeesOfNumeric(p.bf_book_tax),
      rupeesOfNumeric(p.cf_book_tax),
    ]);
    if (out.length > 1 << 20) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

export async function* unresolvedCsv(ctx: AppContext, run: RunView) {
  yield csvLine([
    'Book',
    'Reference',
    'Date',
    'Name',
    'Code',
    'TAN',
    'PAN',
    'GSTIN',
    'Section',
    'Status',
    'Amount',
    'Tax',
    'Reason code',
    'Reason',
  ]);
  const rows = await ctx.db
    .selectFrom('recon_unresolved')
    .selectAll()
    .select((eb) => eb.cast<string>('txn_date', 'text').as('date'))
    .where('job_id', '=', run.job_id)
    .orderBy('side')
    .orderBy('ref')
    .execute();
  let out = '';
  for (const r of rows) {
    out += csvLine([
      r.side === 'B' ? (run.kind === 'TDS' ? 'sales' : 'purchase') : '26AS',
      r.ref,
      r.date,
      r.name,
      r.code,
      r.tan,
      r.pan,
      r.gstin,
      r.section,
      r.status,
      rupeesOfNumeric(r.amount),
      rupeesOfNumeric(r.tax),
      r.reason_code,
      r.reason,
    ]);
  }
  yield out;
}

export async function* summaryCsv(ctx: AppContext, run: RunView) {
  const summary = await reconSummary(ctx, run, undefined);
  // a TCS job counts vendors (session 40: its summary said customers)
  const parties = run.kind === 'TDS' ? 'Customers' : 'Vendors';
  yield csvLine([
    'Metric',
    `${parties} in book`,
    'Amount in book',
    'Tax in book',
    `${parties} in 26AS`,
    'Amount in 26AS',
    'Tax in 26AS',
  ]);
  let out = '';
  for (const r of summary.rows) {
    out += csvLine([
      r.metric,
      r.customersCountSalesPurchaseBook,
      r.transactionAmountSalesPurchaseBook,
      r.taxAmountSalesPurchaseBook,
      r.customersCountTaxBook,
      r.transactionAmountTaxBook,
      r.taxAmountTaxBook,
    ]);
  }
  out += csvLine(['Compliance percentage', summary.compliancePercentage]);
  yield out;
}
