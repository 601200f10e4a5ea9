import { Alert, Button, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { MANUAL_RECON_PAGE_SIZE, type ManualReconJob, manualReconRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';

const COLUMNS: GridColumn<ManualReconJob>[] = [
  { accessor: 'fileName', title: 'File name', value: (j) => j.fileName },
  {
    accessor: 'dateTime',
    title: 'Started at',
    value: (j) => j.dateTime,
    render: (j) => formatDateTime(j.dateTime),
  },
  {
    accessor: 'totalBookEntries',
    title: 'Sales entries',
    value: (j) => j.totalBookEntries,
    render: (j) => formatCount(j.totalBookEntries),
    textAlign: 'right',
  },
  {
    accessor: 'totalTaxBookEntries',
    title: '26AS entries',
    value: (j) => j.totalTaxBookEntries,
    render: (j) => formatCount(j.totalTaxBookEntries),
    textAlign: 'right',
  },
  { accessor: 'updated', title: 'Updated', value: (j) => j.updated, textAlign: 'right' },
  { accessor: 'status', title: 'Status', value: (j) => j.status },
  // beside the status it explains: after the uploader it sat past the right
  // edge at 1440 px (narrower counts cut their headers; the uploader is the
  // column a user needs least, reached by scrolling the table)
  { accessor: 'errorMsg', title: 'Error message', value: (j) => j.errorMsg },
  { accessor: 'uploadedBy', title: 'Uploaded by', value: (j) => j.uploadedBy },
];

// Spec part 3: /manual-reconciliation-reports, 50 a page, with a refresh.
export function ManualReconJobsPage() {
  const jobs = useApiQuery(manualReconRoutes.manualReconReports, {});
  return (
    <Stack gap="md">
      <PageHeader title="Manual Reconciliation Jobs" subtitle="Loads of manually reconciled entries" />
      {jobs.isError && <Alert color="red">Could not fetch jobs in queue</Alert>}
      <DataGrid
        records={jobs.data ?? []}
        columns={COLUMNS}
        idAccessor={(j) => j.jobId}
        pageSize={MANUAL_RECON_PAGE_SIZE}
        exportName="manual-reconciliation-jobs"
        fetching={jobs.isFetching}
        testId="manual-jobs"
        toolbar={
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => jobs.refetch()}
          >
            Refresh
          </Button>
        }
      />
    </Stack>
  );
}
