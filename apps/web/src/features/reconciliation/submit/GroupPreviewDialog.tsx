import { Alert, Badge, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  GROUP_PREVIEW_CSV_ABOVE,
  GROUP_PREVIEW_PAGE_SIZE,
  type GroupPreview,
  NO_TRANSACTIONS_MESSAGE,
  type ReconKind,
  reconciliationRoutes,
} from '@taxrecon/contracts';
import { useApiQuery } from '../../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { KIND_TEXT } from '../common/kind.ts';
import { downloadRoute, notifyError } from '../common/notify.ts';

type GroupRow = GroupPreview['preview'][number];
type TanRow = GroupPreview['invalidTans'][number];

const GROUP_COLUMNS: GridColumn<GroupRow>[] = [
  {
    accessor: 'status',
    title: 'Status',
    value: (r) => r.status,
    render: (r) => (
      <Badge variant="light" color={r.status === 'Grouped' ? 'teal' : 'gray'}>
        {r.status}
      </Badge>
    ),
  },
  { accessor: 'entityId', title: 'Entity Id', value: (r) => r.entityId },
  { accessor: 'name', title: 'Name', value: (r) => r.name },
  { accessor: 'sales', title: 'No of entities from Sales', value: (r) => r.noOfEntitiesFromSales },
  { accessor: 'tax', title: 'No of entities from 26AS', value: (r) => r.noOfEntitiesFrom26AS },
];
const TAN_COLUMNS: GridColumn<TanRow>[] = [
  { accessor: 'tan', title: 'TAN', value: (r) => r.tan },
  { accessor: 'panNos', title: 'PAN Nos', value: (r) => r.panNos.join(', ') },
];

// Spec 2.1: the grouping the job would use; above 600 rows, CSV downloads instead.
export function GroupPreviewDialog(props: {
  kind: ReconKind;
  year: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { kind, year } = props;
  const party = KIND_TEXT[kind].party;
  const preview = useApiQuery(
    reconciliationRoutes.groupPreview,
    { params: { year }, query: { type: kind } },
    { enabled: props.opened },
  );
  const csv = (tab: 'grouping' | 'invalidTans') =>
    downloadRoute(reconciliationRoutes.groupPreviewCsv, { year }, `${tab}-${year}.csv`, {
      tab,
      type: kind,
    }).catch((e) => notifyError(e));
  const data = preview.data;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Preview ${party} Groups`} size="xl" centered>
      {preview.isError && <QueryError error={preview.error} fallback={NO_TRANSACTIONS_MESSAGE} />}
      {data?.csv ? (
        <Stack data-testid="group-preview-csv">
          <Alert color="blue">
            There are {data.totalPreviewRows} grouping rows, more than {GROUP_PREVIEW_CSV_ABOVE}: download
            them as CSV.
          </Alert>
          <Group>
            <Button leftSection={<IconDownload size={16} />} onClick={() => csv('grouping')}>
              {party} Grouping Results (CSV)
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => csv('invalidTans')}
            >
              Invalid TAN to PAN mappings (CSV)
            </Button>
          </Group>
        </Stack>
      ) : (
        <Tabs defaultValue="grouping" data-testid="group-preview">
          <Tabs.List>
            <Tabs.Tab value="grouping">{party} Grouping Results</Tabs.Tab>
            <Tabs.Tab value="invalid">Invalid TAN to PAN mappings ({data?.totalInvalidTans ?? 0})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="grouping" pt="sm">
            <DataGrid
              records={data?.preview ?? []}
              columns={GROUP_COLUMNS}
              idAccessor={(r) => r.entityId}
              pageSize={GROUP_PREVIEW_PAGE_SIZE}
              exportName="group-preview"
              fetching={preview.isFetching}
              noRecordsText="No data found!"
              testId="group-preview-table"
            />
          </Tabs.Panel>
          <Tabs.Panel value="invalid" pt="sm">
            <DataGrid
              records={data?.invalidTans ?? []}
              columns={TAN_COLUMNS}
              idAccessor={(r) => r.tan}
              pageSize={GROUP_PREVIEW_PAGE_SIZE}
              exportName="invalid-tan-pan-mappings"
              noRecordsText="No data found!"
            />
          </Tabs.Panel>
        </Tabs>
      )}
      {data && !data.csv && (
        <Text size="xs" c="dimmed" mt="xs">
          {data.totalPreviewRows} rows
        </Text>
      )}
    </Modal>
  );
}
