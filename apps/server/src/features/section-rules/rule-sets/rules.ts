import {
  type AddRuleSetRequest,
  LOGICAL_OPERATORS,
  MATCHING_OPERATORS,
  RULE_FIELDS,
  RULE_INCOMPLETE,
  type RuleInput,
} from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';

// The rules of spec part 3 section 5 for rule sets, as pure functions: a rule
// needs a field, a matching operator (= or contains) and a value; a set needs
// a name, a section and a logical operator, and at least one rule; AND and OR
// join two or more rules, and a set of exactly one rule is NOOPERATOR.

export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];
export type RuleField = (typeof RULE_FIELDS)[number];

export interface CheckedRule {
  fieldName: RuleField;
  sourceFieldName: string | null;
  matchingOperator: (typeof MATCHING_OPERATORS)[number];
  fieldValues: string[];
}

export interface CheckedRuleSet {
  name: string;
  section: string;
  logicalOperator: LogicalOperator;
  rules: CheckedRule[];
}

export type Checked<T> = { ok: true; value: T; notice: string | null } | { ok: false; message: string };

const trimmed = (v: string | null | undefined): string => (v ?? '').trim();

// A list of values, or one text of values separated by commas.
export const valuesOf = (v: RuleInput['fieldValues']): string[] =>
  (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s !== '');

export const checkRule = (r: RuleInput): Checked<CheckedRule> => {
  const field = trimmed(r.fieldName);
  const operator = trimmed(r.matchingOperator);
  const values = valuesOf(r.fieldValues);
  if (field === '' || operator === '' || values.length === 0) return { ok: false, message: RULE_INCOMPLETE };
  const known = RULE_FIELDS.find((f) => f.toLowerCase() === field.toLowerCase());
  if (!known) return { ok: false, message: `Field Name must be one of ${RULE_FIELDS.join(', ')}` };
  const op = MATCHING_OPERATORS.find((o) => o === operator.toLowerCase());
  if (!op) return { ok: false, message: 'Matching Operator must be = or contains' };
  const source = trimmed(r.SourceFieldName);
  return {
    ok: true,
    value: {
      fieldName: known,
      sourceFieldName: source === '' ? null : source,
      matchingOperator: op,
      fieldValues: values,
    },
    notice: null,
  };
};

export const checkOperator = (v: string | null | undefined): Checked<LogicalOperator> => {
  const text = trimmed(v).toUpperCase();
  if (text === '') return { ok: false, message: 'Logical Operator is required' };
  const op = LOGICAL_OPERATORS.find((o) => o === text);
  return op
    ? { ok: true, value: op, notice: null }
    : { ok: false, message: 'Logical Operator must be AND, OR or NOOPERATOR' };
};

// The operator a set of `count` rules keeps: one rule is always NOOPERATOR
// (the user is told when AND or OR was asked for); two or more need AND or OR.
export const operatorFor = (
  wanted: LogicalOperator,
  count: number,
  name: string,
): Checked<LogicalOperator> => {
  if (count === 1 && wanted !== 'NOOPERATOR')
    return {
      ok: true,
      value: 'NOOPERATOR',
      // words, not the NOOPERATOR code the set is stored with
      notice: `Rule set ${name} has one rule, so it is now a single rule (no AND/OR).`,
    };
  if (count >= 2 && wanted === 'NOOPERATOR')
    return { ok: false, message: `Choose AND or OR to join the ${count} rules of rule set ${name}.` };
  return { ok: true, value: wanted, notice: null };
};

export const checkRuleSet = (input: AddRuleSetRequest): Checked<CheckedRuleSet> => {
  const name = trimmed(input.ruleSetName);
  if (name === '') return { ok: false, message: 'Rule Set Name is required' };
  const sectionText = trimmed(input.value);
  if (sectionText === '') return { ok: false, message: 'Section is required' };
  const section = normaliseSection(sectionText);
  if (!section) return { ok: false, message: `${sectionText} is not a TDS section (e.g. 194C, 194J(b))` };
  const op = checkOperator(input.logicalOperator);
  if (!op.ok) return op;
  const rawRules = input.rules ?? [];
  if (rawRules.length === 0) return { ok: false, message: 'Add at least one rule' };
  const rules: CheckedRule[] = [];
  for (const r of rawRules) {
    const checked = checkRule(r);
    if (!checked.ok) return checked;
    rules.push(checked.value);
  }
  const final = operatorFor(op.value, rules.length, name);
  if (!final.ok) return final;
  return { ok: true, value: { name, section, logicalOperator: final.value, rules }, notice: final.notice };
};

// --- evaluation ---

export interface EvaluatedRuleSet {
  name: string;
  section: string;
  logicalOperator: LogicalOperator;
  rules: readonly CheckedRule[];
}

// The engine's semantics (packages/engine lookups ruleSetFor): values compare
// trimmed and without regard to case; a rule holds when any of its values
// does; AND and NOOPERATOR need every rule, OR any.
export const ruleHolds = (rule: CheckedRule, value: string | null): boolean => {
  const have = (value ?? '').trim().toLowerCase();
  return rule.fieldValues.some((v) => {
    const want = v.trim().toLowerCase();
    return rule.matchingOperator === '=' ? have === want : want !== '' && have.includes(want);
  });
};

export const ruleSetHolds = (set: EvaluatedRuleSet, read: (rule: CheckedRule) => string | null): boolean => {
  if (set.rules.length === 0) return false;
  return set.logicalOperator === 'OR'
    ? set.rules.some((r) => ruleHolds(r, read(r)))
    : set.rules.every((r) => ruleHolds(r, read(r)));
};

// The first set, in the order given, whose rules hold.
export const firstRuleSet = <S extends EvaluatedRuleSet>(
  sets: readonly S[],
  read: (rule: CheckedRule) => string | null,
): S | null => sets.find((s) => ruleSetHolds(s, read)) ?? null;
