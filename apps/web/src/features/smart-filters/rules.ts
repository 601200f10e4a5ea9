import {
  BULK_ACTIONS,
  SELECT_ALL_LIMIT,
  type SmartFilter,
  type SmartFilterOperator,
  type SmartFilterTerm,
} from '@taxrecon/contracts';

// The smart filter screen's rules (spec 2.7 and 5), kept apart from the
// components so they can be tested on their own.

export const SELECT_ALL_WARNING = 'The data is too large to select all. Please select upto 50 max.';

// Select All and Unselect All work up to 50 entries.
export const canSelectAll = (total: number): boolean => total <= SELECT_ALL_LIMIT;

export interface ConditionRow {
  field: string;
  dataType: 'number' | 'string';
  operator: SmartFilterOperator;
  value: string;
  sort: 'ASC' | 'DESC' | 'No Sort';
  ticked: boolean;
}

export const initialRows = (filter: SmartFilter): ConditionRow[] =>
  filter.conditions
    .filter((c) => !c.readOnly)
    .map((c) => ({
      field: c.dbColumnName,
      dataType: c.dataType,
      operator: c.allowedOperators[0] ?? '=',
      value: '',
      sort: 'No Sort',
      ticked: false,
    }));

// A filter with nothing to set runs as soon as it is chosen.
export const runsImmediately = (filter: SmartFilter): boolean => filter.conditions.every((c) => c.readOnly);

// The condition's checkbox is enabled once a value is typed; a row without a value is never sent.
export const canTick = (row: ConditionRow): boolean => row.value.trim() !== '';

// 'between' takes two comma-separated values; strings become an upper-cased in-list.
export const conditionError = (row: ConditionRow): string | null => {
  const value = row.value.trim();
  if (!value) return null;
  if (row.dataType === 'string') return null;
  const parts = row.operator === 'between' ? value.split(',').map((s) => s.trim()) : [value];
  if (row.operator === 'between' && (parts.length !== 2 || parts.some((p) => !p)))
    return 'Type two values separated by a comma, like 100,500';
  return parts.every((p) => /^-?\d+(\.\d+)?$/.test(p)) ? null : 'Type a number';
};

export const termsOf = (rows: readonly ConditionRow[]): SmartFilterTerm[] =>
  rows
    .filter((r) => r.ticked && canTick(r))
    .map((r) => ({
      field: r.field,
      operator: r.operator,
      value:
        r.dataType === 'string'
          ? r.value
              .split(',')
              .map((v) => v.trim().toUpperCase())
              .filter(Boolean)
              .join(',')
          : r.value.trim(),
      sort: r.sort,
    }));

export const canFilter = (rows: readonly ConditionRow[]): boolean =>
  rows.some((r) => r.ticked && canTick(r)) && rows.every((r) => !r.ticked || conditionError(r) === null);

export type BulkActionChoice = 'Accept' | 'Hold' | 'FollowUp' | 'Do Nothing';

// The action pickers' options: the value is what the server takes, the label
// what the rest of the app calls it ('Follow up', as the discrepancy screen's button).
const BULK_ACTION_LABELS: Record<BulkActionChoice, string> = {
  Accept: 'Accept',
  Hold: 'Hold',
  FollowUp: 'Follow up',
  'Do Nothing': 'Do Nothing',
};
export const BULK_ACTION_OPTIONS = BULK_ACTIONS.map((value) => ({ value, label: BULK_ACTION_LABELS[value] }));

// Spec 5: enabled once a 26AS action is chosen and at least one of the two does something.
export const canBulkUpdate = (
  selected: number,
  sales: BulkActionChoice | null,
  taxBook: BulkActionChoice | null,
): boolean =>
  selected > 0 && sales !== null && taxBook !== null && (sales !== 'Do Nothing' || taxBook !== 'Do Nothing');

// The filter the URL names (its id or its display name); 'NA' names none.
export const preselected = (filters: readonly SmartFilter[], value: string | null): SmartFilter | null =>
  !value || value === 'NA' ? null : (filters.find((f) => f.id === value || f.name === value) ?? null);
