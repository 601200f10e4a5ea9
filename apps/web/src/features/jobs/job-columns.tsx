import { ActionIcon, Button, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSum } from '@tabler/icons-react';
import type { Job } from '@taxrecon/contracts';
import { countOf } from '@taxrecon/shared';
import { download, errorMessage } from '../../api/client.ts';
import type { GridColumn } from '../../components/DataGrid.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ingestResultOf } from './ControlTotalsPanel.tsx';
import { JobStatus, jobDownloadPath, jobResultPath, jobTypeLabel, ResultsDeleted } from './job-status.tsx';

// The customer ids a SmartReconBulk job touched, from its JSON payload.
export const bulkCustomerIds = (job: Job): string[] => {
  if (job.jobType !== 'SmartReconBulk' || !job.payload) return [];
  try {
    const payload: unknown = JSON.parse(job.payload);
    if (payload && typeof payload === 'object' && 'smartReconProcessedBulkCustomerIds' in payload) {
      const ids = payload.smartReconProcessedBulkCustomerIds;
      return Array.isArray(ids) ? ids.map(String) : [];
    }
  } catch {
    // a payload that is not JSON has no customer list
  }
  return [];
};

export function DownloadReportButton({ path, jobId }: { path: string; jobId: string }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() =>
        download('GET', path, 'report.zip').catch((e: unknown) =>
          notifications.show({
            color: 'red',
            message: errorMessage(e, 'The report could not be downloaded'),
          }),
        )
      }
      data-testid={`job-download-${jobId}`}
    >
      Download
    </Button>
  );
}

const finished = (job: Job) => job.status === 'Completed' || job.status === 'Failed';

interface Actions {
  onView: (path: string) => void;
  onNotify: (job: Job, notify: boolean) => void;
  onShowCustomers: (job: Job) => void;
  // upload jobs: show or hide their control totals below the row
  onToggleTotals: (job: Job) => void;
}

export const jobColumns = ({
  onView,
  onNotify,
  onShowCustomers,
  onToggleTotals,
}: Actions): GridColumn<Job>[] => [
  { accessor: 'jobType', title: 'Job Type', value: (j) => j.jobType, render: (j) => jobTypeLabel(j.jobType) },
  { accessor: 'userId', title: 'User Id', value: (j) => j.userId },
  {
    accessor: 'datetime',
    title: 'Start',
    value: (j) => j.datetime,
    render: (j) => formatDateTime(j.datetime),
  },
  {
    accessor: 'enddatetime',
    title: 'End',
    value: (j) => j.enddatetime ?? '',
    render: (j) => formatDateTime(j.enddatetime),
  },
  { accessor: 'status', title: 'Status', value: (j) => j.status, render: (j) => <JobStatus job={j} /> },
  {
    accessor: 'action',
    title: 'Action',
    value: () => '',
    sortable: false,
    filterable: false,
    exportable: false,
    render: (j) => {
      if (j.resultsDeletedAt) return <ResultsDeleted job={j} />;
      const file = jobDownloadPath(j);
      if (file) return <DownloadReportButton path={file} jobId={j.id} />;
      const path = jobResultPath(j);
      return path ? (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onView(path)}
          data-testid={`job-view-${j.id}`}
        >
          View
        </Button>
      ) : null;
    },
  },
  {
    accessor: 'remarks',
    title: 'Remarks',
    value: (j) => j.remarks ?? j.failureReason ?? '',
    render: (j) => {
      const ids = bulkCustomerIds(j);
      if (ids.length > 0) {
        return (
          <Button size="compact-xs" variant="subtle" onClick={() => onShowCustomers(j)}>
            {countOf(ids.length, 'customer')}
          </Button>
        );
      }
      const text = j.remarks ?? j.failureReason ?? '';
      const remarks = (
        // the column is narrow: a remark of any length may be cut, so hover shows it whole
        <Tooltip label={text} disabled={!text} multiline w={320}>
          <Text size="xs" lineClamp={2} c={j.failureReason && !j.remarks ? 'red' : undefined}>
            {text}
          </Text>
        </Tooltip>
      );
      if (!ingestResultOf(j)) return remarks;
      return (
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Control totals">
            <ActionIcon
              size="sm"
              variant="light"
              onClick={() => onToggleTotals(j)}
              aria-label="Control totals"
              data-testid={`job-totals-${j.id}`}
            >
              <IconSum size={14} />
            </ActionIcon>
          </Tooltip>
          {remarks}
        </Group>
      );
    },
  },
  {
    accessor: 'notify',
    title: 'Notify',
    value: (j) => (j.notify ? 'Yes' : 'No'),
    textAlign: 'center',
    render: (j) => (
      <Checkbox
        checked={j.notify}
        disabled={finished(j)}
        onChange={(e) => onNotify(j, e.currentTarget.checked)}
        aria-label="E-mail me when this job finishes"
        data-testid={`job-notify-${j.id}`}
      />
    ),
  },
];
