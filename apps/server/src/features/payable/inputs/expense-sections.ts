import { type ExpenseSectionMapping, normaliseSection } from '@taxrecon/engine';
import { iso, type Queryable } from './queryable.ts';

// Expense keys (GL codes, primary or secondary expense keys) to sections.
export const loadExpenseSections = async (
  db: Queryable,
  entityId: string,
): Promise<ExpenseSectionMapping[]> => {
  const { rows } = await db.query<{
    expense_key: string;
    expense_description: string | null;
    section_number: string;
    sub_section: string | null;
    expense_type: string | null;
    tds_exempted: boolean;
    applicable_from: string | null;
    applicable_to: string | null;
  }>(
    `SELECT expense_key, expense_description, section_number, sub_section, expense_type, tds_exempted,
       applicable_from::text, applicable_to::text
     FROM expense_section_mappings WHERE entity_id = $1 ORDER BY expense_key, applicable_from NULLS FIRST`,
    [entityId],
  );
  return rows.map((r) => ({
    expenseKey: r.expense_key,
    description: r.expense_description,
    section: normaliseSection(r.section_number, r.sub_section) ?? r.section_number,
    expenseType: r.expense_type,
    tdsExempted: r.tds_exempted,
    from: iso(r.applicable_from),
    to: iso(r.applicable_to),
  }));
};
