import { Paper, Text, Title, Tooltip } from '@mantine/core';
import type { DashboardRaw } from '@taxrecon/contracts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { jobTypeLabel } from '../jobs/job-status.tsx';

type Log = DashboardRaw['reconciliationLogs'][number];

const COLUMNS: readonly GridColumn<Log>[] = [
  {
    accessor: 'jobId',
    title: 'Job Id',
    value: (l) => l.jobId,
    render: (l) => (
      <Tooltip label={l.jobId}>
        <Text size="sm" ff="monospace">
          {l.jobId.slice(0, 16)}
        </Text>
      </Tooltip>
    ),
  },
  {
    accessor: 'timestamp',
    title: 'Job Date Time',
    noWrap: true,
    value: (l) => l.timestamp,
    render: (l) => formatDateTime(l.timestamp),
  },
  {
    accessor: 'transactionsCount',
    title: 'Total Txns',
    value: (l) => l.transactionsCount,
    render: (l) => formatCount(l.transactionsCount),
    textAlign: 'right',
  },
  { accessor: 'userId', title: 'User', value: (l) => l.userId },
  { accessor: 'jobType', title: 'Job Type', value: (l) => l.jobType, render: (l) => jobTypeLabel(l.jobType) },
];

export function AuditTable({ data, fetching }: { data: DashboardRaw | undefined; fetching: boolean }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={4} size="h5" mb="sm">
        Reconciliation Jobs Audit
      </Title>
      <DataGrid
        records={data?.reconciliationLogs ?? []}
        columns={COLUMNS}
        idAccessor={(l) => l.jobId}
        fetching={fetching}
        exportName="reconciliation-jobs-audit"
        initialSort={{ accessor: 'timestamp', direction: 'desc' }}
        testId="audit-table"
      />
    </Paper>
  );
}
