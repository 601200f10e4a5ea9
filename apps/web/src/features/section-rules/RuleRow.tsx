import { ActionIcon, Group, Select, TagsInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { RULE_FIELDS } from '@taxrecon/contracts';

export interface RuleDraft {
  fieldName: string | null;
  SourceFieldName: string;
  matchingOperator: string | null;
  fieldValues: string[];
}
export const emptyRule = (): RuleDraft => ({
  fieldName: null,
  SourceFieldName: '',
  matchingOperator: '=',
  fieldValues: [],
});
export const ruleComplete = (r: RuleDraft): boolean =>
  !!r.fieldName && !!r.matchingOperator && r.fieldValues.some((v) => v.trim() !== '');

const FIELD_LABELS: Record<(typeof RULE_FIELDS)[number], string> = {
  glCode: 'GL Code',
  primaryExpenseKey: 'Primary Expense Key',
  secondaryExpenseKey: 'Secondary Expense Key',
  documentDescription: 'Document Description',
  vendorCode: 'Vendor Code',
  vendorName: 'Vendor Name',
  documentNumber: 'Document Number',
  panNo: 'PAN',
  vendorSection: 'Vendor Section',
  glSection: 'GL Section',
};
export const fieldLabel = (field: string): string =>
  FIELD_LABELS[field as (typeof RULE_FIELDS)[number]] ?? field;

// One rule: the ledger field, the raw ledger's own column for it (optional),
// = or contains, and the values (any of them matches).
export function RuleRow({
  rule,
  onChange,
  onRemove,
  index,
}: {
  rule: RuleDraft;
  onChange: (rule: RuleDraft) => void;
  onRemove?: () => void;
  index: number;
}) {
  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid={`rule-${index}`}>
      <Select
        label="Field Name"
        w={200}
        data={RULE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))}
        value={rule.fieldName}
        onChange={(v) => onChange({ ...rule, fieldName: v })}
        data-testid={`rule-${index}-field`}
      />
      <TextInput
        label="Source Field Name"
        description="raw ledger column, if another"
        w={180}
        value={rule.SourceFieldName}
        onChange={(e) => onChange({ ...rule, SourceFieldName: e.currentTarget.value })}
      />
      <Select
        label="Matching Operator"
        w={140}
        data={[
          { value: '=', label: '=' },
          { value: 'contains', label: 'contains' },
        ]}
        value={rule.matchingOperator}
        onChange={(v) => onChange({ ...rule, matchingOperator: v })}
        data-testid={`rule-${index}-operator`}
      />
      <TagsInput
        label="Field Value"
        description="Enter after each value"
        miw={220}
        style={{ flex: 1 }}
        value={rule.fieldValues}
        onChange={(v) => onChange({ ...rule, fieldValues: v })}
        data-testid={`rule-${index}-values`}
      />
      {onRemove && (
        <ActionIcon variant="subtle" color="red" aria-label="Remove rule" onClick={onRemove} mb={4}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
