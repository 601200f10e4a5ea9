import { Alert, List, Modal, Stack, Text } from '@mantine/core';
import type { ReconResultPage } from '@taxrecon/contracts';
import { DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { formatCount } from '../../../lib/format.ts';

type Row = ReconResultPage['unsynchronised'][number];
const COLUMNS: GridColumn<Row>[] = [
  { accessor: 'entityId', title: 'Entity Id', value: (r) => r.entityId },
  { accessor: 'reason', title: 'Reason', value: (r) => r.reason },
];

// Spec 2.4: 'Entities not considered for reconciliation', and what the job
// itself warned of (decisions that no longer fit the data among them).
export function WarningsDialog(props: { data: ReconResultPage; opened: boolean; onClose: () => void }) {
  const { data } = props;
  const notes = [...data.metadata.warnings, ...data.metadata.decisionErrors];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Entities not considered for reconciliation"
      size="xl"
      centered
    >
      <Stack gap="sm" data-testid="warnings-dialog">
        {notes.length > 0 && (
          <Alert color="orange" title="Warnings">
            <List size="sm">
              {notes.map((n) => (
                <List.Item key={`${n.code}-${n.message}`}>{n.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <DataGrid
          records={data.unsynchronised}
          columns={COLUMNS}
          idAccessor={(r) => `${r.entityId}-${r.reason}`}
          exportName="entities-not-considered"
          noRecordsText="No Data found"
        />
        {data.unsynchronisedTotal > data.unsynchronised.length && (
          <Text size="xs" c="dimmed">
            The first {formatCount(data.unsynchronised.length)} of {formatCount(data.unsynchronisedTotal)}{' '}
            entities are listed.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
