import type { ReconKind } from '@taxrecon/contracts';
import { type StatementParty, type TransactionLineValues, write26asText } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import { financialYearStart, paiseOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';

// The year's 26AS rows of an entity (Part I for TDS, Part VI for TCS), or one
// deductor's, written back as a 26AS text file in the current TRACES layout:
// the "download 26AS" of the job list and result screen. It reads back with
// the 26AS parser, so it can be uploaded elsewhere as it is.
export const form26asText = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: FinancialYear,
  tan: string | null,
): Promise<string> => {
  const entity = await ctx.db
    .selectFrom('legal_entities')
    .select(['name', 'pan'])
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  let q = ctx.db
    .selectFrom('tax_entries')
    .select((eb) => [
      'tan',
      'deductor_name',
      'section',
      eb.cast<string>('transaction_date', 'text').as('date'),
      'status',
      eb.cast<string | null>('booking_date', 'text').as('booking'),
      'remarks',
      'amount',
      'tax',
      'deposited',
    ])
    .where('entity_id', '=', entityId)
    .where('part', '=', kind)
    .where('financial_year', '=', fy)
    .orderBy('deductor_name')
    .orderBy('tan')
    .orderBy('file_name')
    .orderBy('line');
  if (tan) q = q.where('tan', '=', tan.toUpperCase());
  const rows = await q.execute();
  // Rows come sorted by deductor: each run of one TAN and name is a party.
  const parties: StatementParty[] = [];
  let party: (StatementParty & { transactions: TransactionLineValues[] }) | undefined;
  for (const r of rows) {
    if (party?.tan !== r.tan || party.name !== r.deductor_name) {
      party = { name: r.deductor_name, tan: r.tan, transactions: [] };
      parties.push(party);
    }
    party.transactions.push({
      section: r.section,
      date: r.date,
      status: r.status,
      bookingDate: r.booking,
      remarks: r.remarks,
      amount: paiseOfNumeric(r.amount),
      tax: paiseOfNumeric(r.tax),
      deposited: paiseOfNumeric(r.deposited),
    });
  }
  return write26asText(
    {
      fileCreationDate: new Date().toISOString().slice(0, 10),
      pan: entity.pan ?? '',
      financialYearStart: financialYearStart(fy),
      name: entity.name.toUpperCase(),
      address: ['', '', '', '', ''],
      state: '',
      pin: '',
    },
    kind,
    parties,
  );
};
