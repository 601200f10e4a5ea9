import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { EXEMPTION_REASON_LABELS, type ExemptionReason, formatInr, paiseOrZero } from '@taxrecon/shared';
import type { SectionMappingValues } from './vendor-rules.ts';

export interface MappingRow {
  key: string;
  values: SectionMappingValues;
}

const period = (from: string | null, to: string | null) =>
  from || to ? `${from ?? '…'} to ${to ?? '…'}` : '';

// A vendor's TDS sections, with exemptions and lower deduction certificates.
export function SectionMappingTable({
  rows,
  onAdd,
  onEdit,
  onDelete,
}: {
  rows: readonly MappingRow[];
  onAdd: () => void;
  onEdit: (row: MappingRow) => void;
  onDelete: (row: MappingRow) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="section-mappings">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Vendor-Section Mapping
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={onAdd}
          data-testid="mapping-add"
        >
          Add mapping
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sections mapped yet.
        </Text>
      ) : (
        <Table striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Section</Table.Th>
              <Table.Th>Sub-section</Table.Th>
              <Table.Th>TDS exempted</Table.Th>
              <Table.Th>Lower deduction certificate</Table.Th>
              <Table.Th w={80} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const v = row.values;
              return (
                <Table.Tr key={row.key} data-testid={`mapping-row-${v.sectionNumber}`}>
                  <Table.Td fw={600}>{v.sectionNumber}</Table.Td>
                  <Table.Td>{v.subSection}</Table.Td>
                  <Table.Td>
                    {v.tdsExempted ? (
                      <Group gap={6}>
                        <Badge size="sm" color="teal" variant="light">
                          Exempted
                        </Badge>
                        {v.tdsExemptionReason && (
                          <Badge
                            size="sm"
                            color="gray"
                            variant="outline"
                            title={EXEMPTION_REASON_LABELS[v.tdsExemptionReason as ExemptionReason]}
                            data-testid="mapping-exemption-reason-badge"
                          >
                            {v.tdsExemptionReason}
                          </Badge>
                        )}
                        <Text size="xs">{period(v.tdsExemptedFromDate, v.tdsExemptedToDate)}</Text>
                      </Group>
                    ) : (
                      'No'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {v.ltdcApplied ? (
                      <Text size="xs">
                        {v.ltdcPercentage}%
                        {v.ltdcAmount ? ` up to ${formatInr(paiseOrZero(v.ltdcAmount))}` : ''}{' '}
                        {period(v.ltdcFromDate, v.ltdcToDate)}
                      </Text>
                    ) : (
                      'No'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Edit mapping"
                        onClick={() => onEdit(row)}
                        data-testid={`mapping-edit-${v.sectionNumber}`}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Delete mapping"
                        onClick={() => onDelete(row)}
                        data-testid={`mapping-delete-${v.sectionNumber}`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
