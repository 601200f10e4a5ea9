import { Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { SMART_FILTER_SORTS, type SmartFilter, type SmartFilterTerm } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { type ConditionRow, canFilter, canTick, conditionError, initialRows, termsOf } from './rules.ts';

// Spec 2.7: 'Filter Conditions', one row per condition that can be set: the
// field, an operator, a value, a sort and a checkbox enabled once a value is
// typed. Filter stays disabled until one condition is ticked.
export function ConditionsDialog(props: {
  filter: SmartFilter | null;
  onClose: () => void;
  onFilter: (terms: SmartFilterTerm[]) => void;
}) {
  const { filter } = props;
  const [rows, setRows] = useState<ConditionRow[]>([]);
  useEffect(() => setRows(filter ? initialRows(filter) : []), [filter]);
  const set = (i: number, change: Partial<ConditionRow>) =>
    setRows((all) =>
      all.map((r, k) => {
        if (k !== i) return r;
        const next = { ...r, ...change };
        // a value typed ticks the row; clearing it unticks
        if ('value' in change) next.ticked = canTick(next) && (r.ticked || r.value.trim() === '');
        return next;
      }),
    );
  const labelOf = (field: string) => filter?.conditions.find((c) => c.dbColumnName === field);
  return (
    <Modal opened={!!filter} onClose={props.onClose} title="Filter Conditions" size="xl">
      {filter && (
        <Stack>
          <Text size="sm" c="dimmed">
            {filter.name}. Separate several names or TANs with commas; 'between' takes two values, like
            100,500.
          </Text>
          <Table data-testid="smart-conditions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Field</Table.Th>
                <Table.Th>Operator</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Sort</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => {
                const meta = labelOf(row.field);
                const error = row.ticked ? conditionError(row) : null;
                return (
                  <Table.Tr key={row.field}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Use ${meta?.fieldName ?? row.field}`}
                        checked={row.ticked}
                        disabled={!canTick(row)}
                        onChange={(e) => set(i, { ticked: e.currentTarget.checked })}
                        data-testid={`smart-tick-${row.field}`}
                      />
                    </Table.Td>
                    <Table.Td>{meta?.fieldName ?? row.field}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Operator of ${meta?.fieldName ?? row.field}`}
                        data={meta?.allowedOperators ?? []}
                        value={row.operator}
                        allowDeselect={false}
                        onChange={(v) => v && set(i, { operator: v as ConditionRow['operator'] })}
                        w={110}
                        data-testid={`smart-operator-${row.field}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Value of ${meta?.fieldName ?? row.field}`}
                        value={row.value}
                        error={error}
                        placeholder={
                          row.dataType === 'string' ? 'A, B, C' : row.operator === 'between' ? '100,500' : '0'
                        }
                        onChange={(e) => set(i, { value: e.currentTarget.value })}
                        data-testid={`smart-value-${row.field}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Sort by ${meta?.fieldName ?? row.field}`}
                        data={[...SMART_FILTER_SORTS]}
                        value={row.sort}
                        allowDeselect={false}
                        onChange={(v) => v && set(i, { sort: v as ConditionRow['sort'] })}
                        w={120}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              disabled={!canFilter(rows)}
              onClick={() => props.onFilter(termsOf(rows))}
              data-testid="smart-filter-run"
            >
              Filter
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
