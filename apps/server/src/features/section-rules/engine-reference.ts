import type { ExpenseSectionMapping, RuleSet, SectionType } from '@taxrecon/engine';
import { normaliseSection, SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import { type Paise, paiseOfNumeric } from '@taxrecon/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { loadRuleSets } from './rule-sets/service.ts';

// An entity's section rules as the engine's inputs, for the 34A job: the
// section expense types (the shipped data while the entity has no rows of its
// own), the expense section mappings and the rule sets in the order they are
// tried. Sections come back canonical (194J(b)).

type Db = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);
// A zero threshold is no threshold (as the reference-file reader treats it).
const threshold = (n: string | null): Paise | null => {
  if (n === null) return null;
  const p = paiseOfNumeric(n);
  return p === 0 ? null : p;
};
const sectionOf = (number: string, sub: string | null): string => normaliseSection(number, sub) ?? number;

export const engineSectionTypes = async (db: Db, entityId: string): Promise<readonly SectionType[]> => {
  const rows = await db
    .selectFrom('section_expense_types')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('shipped_index')
    .orderBy('section_number')
    .orderBy('applicable_from')
    .execute();
  if (rows.length === 0) return SHIPPED_SECTION_TYPES;
  return rows.map((r) => ({
    section: sectionOf(r.section_number, r.sub_section),
    expenseType: r.expense_type,
    expenseTypeDetail: r.expense_type_detail,
    tdsExempted: r.tds_exempted,
    rateCompany: Number(r.tds_rate_company),
    rateIndividual: Number(r.tds_rate_individual),
    rateOthers: Number(r.tds_rate_others),
    rateNoPan: r.tds_for_no_or_invalid_pan === null ? null : Number(r.tds_for_no_or_invalid_pan),
    from: iso(r.applicable_from) ?? '0000-01-01',
    to: iso(r.applicable_to),
    thresholdInvoice: threshold(r.threshold_invoice),
    thresholdMonthly: threshold(r.threshold_monthly),
    thresholdAnnually: threshold(r.threshold_annually),
    ...(r.excess_only ? { excessOnly: true } : {}),
    ...(r.source ? { source: r.source } : {}),
  }));
};

export const engineExpenseMappings = async (db: Db, entityId: string): Promise<ExpenseSectionMapping[]> => {
  const rows = await db
    .selectFrom('expense_section_mappings')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('expense_key')
    .orderBy('applicable_from')
    .execute();
  return rows.map((r) => ({
    expenseKey: r.expense_key,
    description: r.expense_description,
    section: sectionOf(r.section_number, r.sub_section),
    expenseType: r.expense_type,
    tdsExempted: r.tds_exempted,
    from: iso(r.applicable_from),
    to: iso(r.applicable_to),
  }));
};

export const engineRuleSets = async (db: Db, entityId: string): Promise<RuleSet[]> =>
  (await loadRuleSets(db, entityId)).map((s) => ({
    name: s.name,
    section: s.section,
    logicalOperator: s.logicalOperator,
    // A rule that reads a raw ledger's own column (SourceFieldName) holds
    // only in the raw transform; on a 34A ledger it reads the field it names.
    rules: s.rules.map((r) => ({
      field: r.fieldName,
      operator: r.matchingOperator === '=' ? ('equals' as const) : ('contains' as const),
      values: r.fieldValues,
    })),
  }));
