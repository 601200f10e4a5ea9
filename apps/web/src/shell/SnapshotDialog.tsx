import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

// Snapshots (spec part 1 "Snapshot dialog") arrive with the data release; until
// then the dialog shows its frame with an empty list and a disabled form.
export function SnapshotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Snapshots" size={750} centered>
      <Stack gap="md" data-testid="snapshot-dialog">
        <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
          Snapshots of your data arrive with the data release of TaxRecon. Taking and restoring snapshots is
          not available yet.
        </Alert>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Date Time</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed" ta="center">
                  No snapshots yet
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Description"
            placeholder="What this snapshot holds"
            disabled
            style={{ flex: 1 }}
          />
          <Button disabled>Take Snapshot</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
