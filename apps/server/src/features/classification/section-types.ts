import type { SectionExpenseTypeView } from '@taxrecon/contracts';
import { normaliseSection, SHIPPED_SECTION_TYPES, splitSection } from '@taxrecon/engine';
import { paiseOfNumeric } from '@taxrecon/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

// The section expense types shown beside a predicted section: the entity's own
// (Search Section Expense Type), or, while it has none, those the installation
// ships, so a fresh entity still sees rates and thresholds.

const money = (text: string | null): number | null => (text === null ? null : Number(paiseOfNumeric(text)));

const shippedViews = (): SectionExpenseTypeView[] =>
  SHIPPED_SECTION_TYPES.map((t) => {
    const [sectionNumber, subSection] = splitSection(t.section);
    return {
      sectionexpensetypeid: null,
      sectionNumber,
      subSection,
      expenseType: t.expenseType,
      expenseTypeDetail: t.expenseTypeDetail,
      tdsExempted: t.tdsExempted,
      tdsRateCompany: t.rateCompany,
      tdsRateIndividual: t.rateIndividual,
      tdsRateOthers: t.rateOthers,
      tdsForNoOrInvalidPAN: t.rateNoPan,
      applicableFromDate: t.from,
      applicableToDate: t.to,
      thresholdInvoice: t.thresholdInvoice === null ? null : Number(t.thresholdInvoice),
      thresholdMonthly: t.thresholdMonthly === null ? null : Number(t.thresholdMonthly),
      thresholdAnnually: t.thresholdAnnually === null ? null : Number(t.thresholdAnnually),
    };
  });

const canonical = (t: SectionExpenseTypeView): string | null =>
  normaliseSection(t.sectionNumber, t.subSection);

export const entitySectionTypes = async (
  db: Kysely<DB>,
  entityId: string,
): Promise<SectionExpenseTypeView[]> => {
  const rows = await db
    .selectFrom('section_expense_types')
    .selectAll()
    // dates as text: a Date would carry the server's time zone into a business date
    .select([
      sql<string>`applicable_from::text`.as('from_text'),
      sql<string | null>`applicable_to::text`.as('to_text'),
    ])
    .where('entity_id', '=', entityId)
    .orderBy('section_number')
    .orderBy('sub_section')
    .orderBy('applicable_from')
    .execute();
  if (rows.length === 0) return shippedViews();
  return rows.map((r) => ({
    sectionexpensetypeid: r.id,
    sectionNumber: r.section_number,
    subSection: r.sub_section,
    expenseType: r.expense_type,
    expenseTypeDetail: r.expense_type_detail,
    tdsExempted: r.tds_exempted,
    tdsRateCompany: Number(r.tds_rate_company),
    tdsRateIndividual: Number(r.tds_rate_individual),
    tdsRateOthers: Number(r.tds_rate_others),
    tdsForNoOrInvalidPAN: r.tds_for_no_or_invalid_pan === null ? null : Number(r.tds_for_no_or_invalid_pan),
    applicableFromDate: r.from_text,
    applicableToDate: r.to_text,
    thresholdInvoice: money(r.threshold_invoice),
    thresholdMonthly: money(r.threshold_monthly),
    thresholdAnnually: money(r.threshold_annually),
  }));
};

// Section (canonical, e.g. 194J(b)) -> its expense types.
export const sectionTypesBySection = (types: readonly SectionExpenseTypeView[]) => {
  const by = new Map<string, SectionExpenseTypeView[]>();
  for (const t of types) {
    const key = canonical(t);
    if (key === null) continue;
    by.set(key, [...(by.get(key) ?? []), t]);
  }
  return by;
};

// The sections a training file may name: the entity's section types and the shipped ones.
export const knownSections = async (db: Kysely<DB>, entityId: string): Promise<Set<string>> => {
  const own = await entitySectionTypes(db, entityId);
  const all = new Set<string>(SHIPPED_SECTION_TYPES.map((t) => t.section));
  for (const t of own) {
    const key = canonical(t);
    if (key) all.add(key);
  }
  return all;
};
