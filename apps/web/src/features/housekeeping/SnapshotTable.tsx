import { ActionIcon, Badge, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import type { Snapshot } from '@taxrecon/contracts';
import { formatDateTime } from '../../lib/format.ts';

const STATUS_COLOR = { InProgress: 'blue', Completed: 'green', Failed: 'red' } as const;
const STATUS_LABEL = { InProgress: 'Being taken', Completed: 'Ready', Failed: 'Failed' } as const;

// The snapshot list of the Snapshot dialog: description, user and date-time, with restore and delete.
export function SnapshotTable({
  snapshots,
  loading,
  onRestore,
  onDelete,
}: {
  snapshots: readonly Snapshot[];
  loading: boolean;
  onRestore: (snapshot: Snapshot) => void;
  onDelete: (snapshot: Snapshot) => void;
}) {
  return (
    <Table withTableBorder striped data-testid="snapshot-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Description</Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th>Date Time</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {snapshots.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              {loading ? (
                <Loader size="sm" mx="auto" display="block" />
              ) : (
                <Text size="sm" c="dimmed" ta="center">
                  No snapshots yet
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
        {snapshots.map((s) => (
          <Table.Tr key={s.id} data-testid={`snapshot-row-${s.id}`} data-status={s.status}>
            <Table.Td>{s.description || <Text c="dimmed">No description</Text>}</Table.Td>
            <Table.Td>{s.userId}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.dateTimeString)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLOR[s.status]}>
                {STATUS_LABEL[s.status]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Restore">
                  <ActionIcon
                    variant="subtle"
                    color="orange"
                    disabled={s.status !== 'Completed'}
                    onClick={() => onRestore(s)}
                    aria-label={`Restore ${s.description}`}
                    data-testid={`snapshot-restore-${s.id}`}
                  >
                    <IconRestore size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(s)}
                    aria-label={`Delete ${s.description}`}
                    data-testid={`snapshot-delete-${s.id}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
