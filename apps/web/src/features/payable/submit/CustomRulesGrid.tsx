import { Button, Group, NativeSelect, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { type CustomRuleRow, type Force, initialRuleRows, ruleRowError } from './custom-rules.ts';

const FORCE_OPTIONS = [
  { value: '', label: '—' },
  { value: 'Y', label: 'Y (deduct)' },
  { value: 'N', label: 'N (no TDS)' },
];

// Spec part 3 section 3: the optional custom calculation grid. A row applies to
// the entries matching its GL code, section and vendor code (ALL: any); its
// force column decides whether TDS is forced on (Y) or off (N) for them.
export function CustomRulesGrid(props: { rows: CustomRuleRow[]; onChange: (rows: CustomRuleRow[]) => void }) {
  const { rows } = props;
  const set = (index: number, patch: Partial<CustomRuleRow>) =>
    props.onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const kept = rows.filter((r) => r.forceApplyTds !== '').length;

  return (
    <Stack gap={6} data-testid="custom-rules">
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Only rows with the force column filled are used ({kept} of {rows.length}). A blank cell of a used
          row means ALL.
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRestore size={14} />}
          onClick={() => props.onChange(initialRuleRows())}
        >
          Reset grid
        </Button>
      </Group>
      <ScrollArea h={260} type="auto" offsetScrollbars>
        <Table stickyHeader withTableBorder withColumnBorders verticalSpacing={2} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>GL code</Table.Th>
              <Table.Th>Section</Table.Th>
              <Table.Th>Vendor code</Table.Th>
              <Table.Th w={140}>Force apply TDS</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              const error = ruleRowError(row);
              const cell = (key: 'glCode' | 'section' | 'vendorCode', label: string) => (
                <Table.Td>
                  <TextInput
                    size="xs"
                    variant="unstyled"
                    placeholder={row.forceApplyTds ? 'ALL' : ''}
                    value={row[key]}
                    onChange={(e) => set(i, { [key]: e.currentTarget.value })}
                    error={key === 'section' && error ? error : undefined}
                    aria-label={`${label} of rule ${i + 1}`}
                    data-testid={`custom-rule-${i}-${key}`}
                  />
                </Table.Td>
              );
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the grid's rows are positions, not records
                <Table.Tr key={i}>
                  <Table.Td c="dimmed">{i + 1}</Table.Td>
                  {cell('glCode', 'GL code')}
                  {cell('section', 'Section')}
                  {cell('vendorCode', 'Vendor code')}
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      variant="unstyled"
                      data={FORCE_OPTIONS}
                      value={row.forceApplyTds}
                      onChange={(e) => set(i, { forceApplyTds: e.currentTarget.value as Force })}
                      aria-label={`Force apply TDS of rule ${i + 1}`}
                      data-testid={`custom-rule-${i}-force`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
