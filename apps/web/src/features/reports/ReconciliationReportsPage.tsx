import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { fillPath, type ReconReport, reconciliationRoutes } from '@taxrecon/contracts';
import { reconStateName } from '@taxrecon/shared';
import type { z } from 'zod';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { DownloadFileButton, ReportStatus, usePageSize, yearLabel } from './report-lists.tsx';

type Report = z.infer<typeof ReconReport>;

// The report_type the report buttons record, as a person reads it.
const REPORT_TYPES: Record<string, string> = {
  FullReport: 'Whole reconciliation',
  Customer: 'One customer',
  SmartFilterFull: 'Smart filter: full report',
  SmartFilterSummary: 'Smart filter: summary',
};
// a result tab's report records its category ('partialMatches')
const typeLabel = (t: string) => REPORT_TYPES[t] ?? `Result tab: ${reconStateName(t)}`;

const sizeLabel = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

function DownloadReport({ report }: { report: Report }) {
  if (report.status !== 'Completed') return <ReportStatus status={report.status} error={report.errorMsg} />;
  return (
    <DownloadFileButton
      path={fillPath(reconciliationRoutes.reconciliationReport.path, { reportId: report.id })}
      fileName={report.fileName}
      testId={`recon-report-download-${report.id}`}
    />
  );
}

const columns: GridColumn<Report>[] = [
  { accessor: 'fileName', title: 'File name', value: (r) => r.fileName },
  {
    accessor: 'action',
    title: 'Download',
    sortable: false,
    filterable: false,
    exportable: false,
    value: () => '',
    render: (r) => <DownloadReport report={r} />,
  },
  { accessor: 'kind', title: 'Type', value: (r) => r.kind },
  {
    accessor: 'financialYear',
    title: 'Financial year',
    noWrap: true,
    value: (r) => yearLabel(r.financialYear),
  },
  { accessor: 'reportType', title: 'Report of', value: (r) => typeLabel(r.reportType) },
  {
    accessor: 'status',
    title: 'Status',
    value: (r) => r.status,
    render: (r) => <ReportStatus status={r.status} error={r.errorMsg} />,
  },
  {
    accessor: 'size',
    title: 'Size',
    textAlign: 'right',
    value: (r) => r.sizeBytes ?? 0,
    render: (r) => sizeLabel(r.sizeBytes),
  },
  {
    accessor: 'dateTime',
    title: 'Requested',
    value: (r) => r.dateTime,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.dateTime)}
        </Text>
        <Text size="xs" c="dimmed">
          {r.userId}
        </Text>
      </Stack>
    ),
  },
];

// Spec part 2 section 2.13: the reports generated in the background from a
// result screen's report buttons, 5, 10, 20 or 50 a page, newest first.
export function ReconciliationReportsPage() {
  const { pageSize, control } = usePageSize(10);
  const reports = useApiQuery(
    reconciliationRoutes.reconciliationReports,
    {},
    { refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'InProgress') ? 3000 : false) },
  );
  return (
    <Stack gap="md" data-testid="reconciliation-reports">
      <PageHeader
        title="Reconciliation Reports"
        subtitle="Reports generated in the background from a reconciliation result, newest first"
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => reports.refetch()}
            loading={reports.isRefetching}
            data-testid="recon-reports-refresh"
          >
            Refresh
          </Button>
        }
      />
      {reports.isError && <QueryError error={reports.error} fallback="Could not fetch jobs in queue" />}
      <Paper withBorder radius="lg" p="md">
        <DataGrid
          records={reports.data ?? []}
          columns={columns}
          idAccessor={(r) => r.id}
          pageSize={pageSize}
          toolbar={control}
          exportName="reconciliation_reports"
          fetching={reports.isLoading}
          noRecordsText="No reports yet: a result screen's report button above 2000 transactions generates one here"
          initialSort={{ accessor: 'dateTime', direction: 'desc' }}
          testId="recon-reports"
        />
      </Paper>
    </Stack>
  );
}
