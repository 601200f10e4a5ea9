import type { SectionExpenseTypeRow } from '@taxrecon/contracts';
import { SHIPPED_SECTION_TYPES, splitSection } from '@taxrecon/engine';
import { formatRupees } from '@taxrecon/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { rowOfStored, shippedRows } from './rows.ts';

// The entity's section expense types. The table holds an entity's own rows;
// an entity with none uses the shipped data (SHIPPED_SECTION_TYPES) as it is.
// The first change copies the shipped rows in (shipped = true, with their
// position in shipped_index) in the same transaction, then applies the change,
// so the shipped data itself is never edited.

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = [
  'id',
  'section_number',
  'sub_section',
  'expense_type',
  'expense_type_detail',
  'tds_exempted',
  'tds_rate_company',
  'tds_rate_individual',
  'tds_rate_others',
  'tds_for_no_or_invalid_pan',
  'applicable_from',
  'applicable_to',
  'threshold_invoice',
  'threshold_monthly',
  'threshold_annually',
  'source',
  'shipped',
] as const;

export const ownRows = async (db: Db, entityId: string): Promise<SectionExpenseTypeRow[]> => {
  const rows = await db
    .selectFrom('section_expense_types')
    .select(COLUMNS)
    .where('entity_id', '=', entityId)
    .orderBy('section_number')
    .orderBy('sub_section')
    .orderBy('applicable_from')
    .orderBy('shipped_index')
    .execute();
  return rows.map(rowOfStored);
};

// What the entity uses: its own rows, or the shipped data when it has none.
export const effectiveRows = async (db: Db, entityId: string): Promise<SectionExpenseTypeRow[]> => {
  const own = await ownRows(db, entityId);
  return own.length > 0 ? own : shippedRows();
};

export const rowsByIds = async (db: Db, entityId: string, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('section_expense_types')
    .select(COLUMNS)
    .where('entity_id', '=', entityId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, rowOfStored(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is SectionExpenseTypeRow => r !== undefined);
};

// Changes of one entity's section types are serialised on its legal entity
// row, so two first edits at once cannot both copy the shipped rows.
export const lockEntity = async (trx: Transaction<DB>, entityId: string): Promise<void> => {
  await trx.selectFrom('legal_entities').select('id').where('id', '=', entityId).forUpdate().execute();
};

// Copies the shipped rows in when the entity has none; answers whether it did.
export const seedShipped = async (
  trx: Transaction<DB>,
  entityId: string,
  userId: string,
): Promise<boolean> => {
  const any = await trx
    .selectFrom('section_expense_types')
    .select('id')
    .where('entity_id', '=', entityId)
    .limit(1)
    .executeTakeFirst();
  if (any) return false;
  const values = SHIPPED_SECTION_TYPES.map((t, index) => {
    const [section_number, sub_section] = splitSection(t.section);
    return {
      entity_id: entityId,
      section_number,
      sub_section,
      expense_type: t.expenseType,
      expense_type_detail: t.expenseTypeDetail,
      tds_exempted: t.tdsExempted,
      tds_rate_company: t.rateCompany,
      tds_rate_individual: t.rateIndividual,
      tds_rate_others: t.rateOthers,
      tds_for_no_or_invalid_pan: t.rateNoPan,
      applicable_from: t.from,
      applicable_to: t.to,
      threshold_invoice: t.thresholdInvoice === null ? null : formatRupees(t.thresholdInvoice),
      threshold_monthly: t.thresholdMonthly === null ? null : formatRupees(t.thresholdMonthly),
      threshold_annually: t.thresholdAnnually === null ? null : formatRupees(t.thresholdAnnually),
      excess_only: t.excessOnly ?? false,
      source: t.source ?? null,
      shipped: true,
      shipped_index: index,
      updated_by: userId,
    };
  });
  await trx.insertInto('section_expense_types').values(values).execute();
  return true;
};
