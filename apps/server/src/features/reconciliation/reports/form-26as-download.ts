import type { ReconKind } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { financialYearStart } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import {
  NO_TRANSACTIONS,
  PART_HEADINGS,
  partyHeaderLine,
  partyLine,
  statementHeaderLines,
  transactionHeaderLine,
  transactionLine,
} from '../../demo/form-26as-text.ts';
import { paise } from '../matching/money.ts';

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
  const start = financialYearStart(fy);
  const lines = [
    ...statementHeaderLines({
      fileCreationDate: new Date().toISOString().slice(0, 10),
      pan: entity.pan ?? '',
      financialYearStart: start,
      name: entity.name.toUpperCase(),
      address: ['', '', '', '', ''],
      state: '',
      pin: '',
    }),
    kind === 'TDS' ? PART_HEADINGS.I : PART_HEADINGS.VI,
  ];
  if (rows.length === 0) lines.push(NO_TRANSACTIONS);
  else {
    lines.push(partyHeaderLine(kind));
    let sr = 0;
    for (let i = 0; i < rows.length; ) {
      const first = rows[i]!;
      let j = i;
      const totals = { amount: 0, tax: 0, deposited: 0 };
      while (
        j < rows.length &&
        rows[j]!.tan === first.tan &&
        rows[j]!.deductor_name === first.deductor_name
      ) {
        totals.amount += paise(rows[j]!.amount);
        totals.tax += paise(rows[j]!.tax);
        totals.deposited += paise(rows[j]!.deposited);
        j++;
      }
      lines.push(partyLine(++sr, first.deductor_name, first.tan, totals), transactionHeaderLine(kind));
      for (let k = i; k < j; k++) {
        const r = rows[k]!;
        lines.push(
          transactionLine(k - i + 1, {
            section: r.section,
            date: r.date,
            status: r.status,
            bookingDate: r.booking,
            remarks: r.remarks,
            amount: paise(r.amount),
            tax: paise(r.tax),
            deposited: paise(r.deposited),
          }),
        );
      }
      i = j;
    }
  }
  return `${lines.join('\r\n')}\r\n`;
};
