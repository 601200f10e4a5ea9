import { normaliseSection, type SectionType, SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import { paiseOfNumeric } from '@taxrecon/shared';
import { iso, type Queryable } from './queryable.ts';

// The entity's section expense types; an entity that never edited them has
// no rows and uses the shipped, sourced data. Order matters: where a section
// has several types in force (194A by payer, 194J(b) fees or a director's),
// a line whose mapping names none takes the first (engine sectionTypeOn), so
// the copied shipped rows keep the shipped order (shipped_index) and an
// entity's first edit does not change what its other lines get; rows the
// entity added come after them.
export const loadSectionTypes = async (db: Queryable, entityId: string): Promise<readonly SectionType[]> => {
  const { rows } = await db.query<{
    section_number: string;
    sub_section: string | null;
    expense_type: string | null;
    expense_type_detail: string | null;
    tds_exempted: boolean;
    tds_rate_company: string;
    tds_rate_individual: string;
    tds_rate_others: string;
    tds_for_no_or_invalid_pan: string | null;
    applicable_from: string;
    applicable_to: string | null;
    threshold_invoice: string | null;
    threshold_monthly: string | null;
    threshold_annually: string | null;
    excess_only: boolean;
    source: string | null;
  }>(
    `SELECT section_number, sub_section, expense_type, expense_type_detail, tds_exempted,
       tds_rate_company::text, tds_rate_individual::text, tds_rate_others::text, tds_for_no_or_invalid_pan::text,
       applicable_from::text, applicable_to::text, threshold_invoice::text, threshold_monthly::text,
       threshold_annually::text, excess_only, source
     FROM section_expense_types WHERE entity_id = $1
     ORDER BY shipped_index NULLS LAST, section_number, sub_section NULLS FIRST, applicable_from,
       expense_type NULLS FIRST, id`,
    [entityId],
  );
  if (rows.length === 0) return SHIPPED_SECTION_TYPES;
  // A zero threshold is no threshold, as in the files.
  const threshold = (v: string | null) => (v === null ? null : paiseOfNumeric(v) || null);
  return rows.map((r) => ({
    section: normaliseSection(r.section_number, r.sub_section) ?? r.section_number,
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
