import type { RuleField, RuleSet } from '@taxrecon/engine';
import type { Queryable } from './queryable.ts';

const RULE_FIELDS: readonly RuleField[] = [
  'glCode',
  'primaryExpenseKey',
  'secondaryExpenseKey',
  'documentDescription',
  'vendorCode',
  'vendorName',
  'documentNumber',
  'panNo',
  'vendorSection',
  'glSection',
];

// Rule sets in the order they are tried, oldest first (as the raw expense
// transform tries them: section-rules/rule-sets/service.ts), with their rules
// in order; the screen's '=' is the engine's 'equals'. A rule on a field the
// engine does not read is left out (the rule set screen offers more fields
// than a ledger line carries).
export const loadRuleSets = async (db: Queryable, entityId: string): Promise<RuleSet[]> => {
  const { rows } = await db.query<{
    id: string;
    name: string;
    section: string;
    logical_operator: RuleSet['logicalOperator'];
    field_name: string | null;
    matching_operator: '=' | 'contains' | null;
    field_values: string[] | null;
  }>(
    `SELECT s.id, s.name, s.section, s.logical_operator, r.field_name, r.matching_operator, r.field_values
     FROM rule_sets s LEFT JOIN rule_set_rules r ON r.rule_set_id = s.id
     WHERE s.entity_id = $1 ORDER BY s.created_at, s.id, r.position`,
    [entityId],
  );
  const sets = new Map<string, RuleSet>();
  for (const r of rows) {
    let set = sets.get(r.id);
    if (!set) {
      set = { name: r.name, section: r.section, logicalOperator: r.logical_operator, rules: [] };
      sets.set(r.id, set);
    }
    const field = RULE_FIELDS.find((f) => f.toLowerCase() === r.field_name?.toLowerCase());
    if (field && r.matching_operator && r.field_values)
      set.rules.push({
        field,
        operator: r.matching_operator === '=' ? 'equals' : 'contains',
        values: r.field_values,
      });
  }
  return [...sets.values()].filter((s) => s.rules.length > 0);
};
