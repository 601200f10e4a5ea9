import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { fillPath, type PayableReportJob, payableRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { download } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../common/notify.ts';
import { reportTypeLabel } from './report-labels.ts';

type ReportJob = z.infer<typeof PayableReportJob>;

// Spec part 3 section 9: report job lists page at 50.
const PAGE_SIZE = 50;

function DownloadAction({ job, errors }: { job: ReportJob; errors: boolean }) {
  const [busy, setBusy] = useState(false);
  if (job.status === 'InProgress') return <Loader size="xs" aria-label="In progress" />;
  if (job.status !== 'Completed')
    return (
      <Text size="xs" c="red.7" title={job.errorMsg ?? undefined}>
        {job.status}
      </Text>
    );
  const route = errors ? payableRoutes.payableErrorReport : payableRoutes.payableReport;
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await download(
            'GET',
            fillPath(route.path, { id: job.id }),
            /\.xlsx$/i.test(job.payload.fileName) ? job.payload.fileName : `${job.payload.fileName}.xlsx`,
          );
        } catch (error) {
          notifyError(error, 'Could not fetch the details');
        } finally {
          setBusy(false);
        }
      }}
      data-testid={`payable-report-download-${job.id}`}
    >
      Download
    </Button>
  );
}

const columns = (errors: boolean): GridColumn<ReportJob>[] => [
  { accessor: 'jobType', title: 'Report type', value: (j) => reportTypeLabel(j.jobType) },
  { accessor: 'userId', title: 'User id', value: (j) => j.userId },
  {
    accessor: 'datetime',
    title: 'Started at',
    noWrap: true,
    value: (j) => j.datetime,
    render: (j) => formatDateTime(j.datetime),
  },
  {
    accessor: 'enddatetime',
    title: 'Finished at',
    noWrap: true,
    value: (j) => j.enddatetime ?? '',
    render: (j) => formatDateTime(j.enddatetime),
  },
  { accessor: 'fileName', title: 'File name', value: (j) => j.payload.fileName },
  {
    accessor: 'action',
    title: 'Action',
    value: (j) => j.status,
    exportable: true,
    render: (j) => <DownloadAction job={j} errors={errors} />,
  },
];

// Spec part 3 section 2: TDS Payable Reports and Error Reports.
function ReportsPage({ errors }: { errors: boolean }) {
  const route = errors ? payableRoutes.payableErrorReports : payableRoutes.payableReports;
  const jobs = useApiQuery(
    route,
    {},
    { refetchInterval: (q) => (q.state.data?.some((j) => j.status === 'InProgress') ? 3000 : false) },
  );
  const title = errors ? 'TDS Payable Error Reports' : 'TDS Payable Reports';
  return (
    <Stack gap="md" data-testid={errors ? 'tds-payable-error-reports' : 'tds-payable-reports'}>
      <PageHeader
        title={title}
        subtitle={
          errors
            ? 'Monthly error reports requested from a TDS payable reconciliation, newest first'
            : 'Reports requested from a TDS payable reconciliation, newest first'
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => jobs.refetch()}
            loading={jobs.isRefetching}
            data-testid="payable-reports-refresh"
          >
            Refresh
          </Button>
        }
      />
      {jobs.isError && <QueryError error={jobs.error} fallback="Could not fetch jobs in queue" />}
      <Paper withBorder radius="lg" p="md">
        <DataGrid
          records={jobs.data ?? []}
          columns={columns(errors)}
          idAccessor={(j) => j.id}
          pageSize={PAGE_SIZE}
          exportName={errors ? 'tds_payable_error_reports' : 'tds_payable_reports'}
          fetching={jobs.isLoading}
          noRecordsText={
            errors
              ? 'No error reports yet: request "Monthly errors" from the Reports menu of a TDS payable result'
              : 'No reports yet: request one from the Reports menu of a TDS payable result'
          }
          initialSort={{ accessor: 'datetime', direction: 'desc' }}
          testId="payable-reports"
        />
      </Paper>
    </Stack>
  );
}

export const PayableReportsPage = () => <ReportsPage errors={false} />;
export const PayableErrorReportsPage = () => <ReportsPage errors />;
