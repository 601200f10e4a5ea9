import { Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { PayableJobListItem } from '@taxrecon/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { monthYearLabel } from '../common/months.ts';

const STATUS_COLORS: Record<PayableJobListItem['status'], string> = {
  Completed: 'green',
  InProgress: 'blue',
  Queued: 'orange',
  Failed: 'red',
};

// Spec part 3 section 4: Completed and Failed both count as finished.
export const finished = (job: PayableJobListItem): boolean =>
  job.status === 'Completed' || job.status === 'Failed';

export function PayableJobStatus({ job }: { job: PayableJobListItem }) {
  const badge = (
    <Badge
      variant="light"
      color={STATUS_COLORS[job.status]}
      leftSection={job.status === 'InProgress' ? <Loader size={10} /> : undefined}
      data-testid={`payable-job-status-${job.jobId}`}
      data-status={job.status}
    >
      {job.status}
    </Badge>
  );
  return job.failureReason ? (
    <Tooltip label={job.failureReason} multiline w={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

// The child rows of a year: its jobs, newest first.
export const jobColumns = (
  onView: (job: PayableJobListItem) => void,
): DataTableColumn<PayableJobListItem>[] => [
  {
    accessor: 'datetime',
    title: 'Started',
    render: (j) => (
      <Stack gap={0}>
        <Text size="xs">{formatDateTime(j.datetime)}</Text>
        {j.enddatetime && (
          <Text size="xs" c="dimmed">
            finished {formatDateTime(j.enddatetime)}
          </Text>
        )}
      </Stack>
    ),
  },
  { accessor: 'userId', title: 'User', render: (j) => <Text size="xs">{j.userId}</Text> },
  {
    accessor: 'month',
    title: 'Up to month',
    render: (j) => <Text size="xs">{monthYearLabel(j.month)}</Text>,
  },
  {
    accessor: 'noOfTransactions',
    title: 'Entries',
    textAlign: 'right',
    render: (j) => <Text size="xs">{formatCount(j.noOfTransactions)}</Text>,
  },
  {
    accessor: 'noOfCustomers',
    title: 'Vendors',
    render: (j) => (
      <Text size="xs" lineClamp={2}>
        {j.vendors.length > 0 ? j.vendors.join(', ') : `All (${formatCount(j.noOfCustomers)})`}
      </Text>
    ),
  },
  { accessor: 'status', title: 'Status', width: 130, render: (j) => <PayableJobStatus job={j} /> },
  {
    accessor: 'view',
    title: '',
    render: (j) =>
      j.status === 'Completed' ? (
        <Group justify="flex-end">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => onView(j)}
            data-testid={`payable-job-view-${j.jobId}`}
          >
            View
          </Button>
        </Group>
      ) : null,
  },
];
