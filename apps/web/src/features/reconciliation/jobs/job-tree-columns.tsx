import { Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { ReconJobListItem } from '@taxrecon/contracts';
import { countOf, jobStatusName, matchModeName } from '@taxrecon/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { inr } from '../common/money.ts';

// Spec section 4: 'Success' marks a completed job; a batched job with finished
// batches can be viewed too.
export const viewable = (job: ReconJobListItem): boolean =>
  job.status === 'Success' || (job.batched && job.batchFinished > 0);

const STATUS_COLORS: Record<ReconJobListItem['status'], string> = {
  Success: 'green',
  InProgress: 'blue',
  Queued: 'orange',
  Failed: 'red',
};

export function ReconJobStatus({ job }: { job: ReconJobListItem }) {
  const running = job.status === 'InProgress';
  const batches = job.batched && job.batchTotal > 0 ? ` ${job.batchFinished}/${job.batchTotal}` : '';
  const badge = (
    <Badge
      variant="light"
      color={STATUS_COLORS[job.status]}
      leftSection={running ? <Loader size={10} /> : undefined}
      data-testid={`recon-job-status-${job.jobId}`}
      data-status={job.status}
    >
      {jobStatusName(job.status)}
      {running ? batches : ''}
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

const Two = ({ top, bottom }: { top: string; bottom: string }) => (
  <Stack gap={0}>
    <Text size="xs">{top}</Text>
    <Text size="xs" c="dimmed">
      {bottom}
    </Text>
  </Stack>
);

// The child rows of a year: the jobs of that year, newest first.
// TCS jobs count vendors, TDS jobs customers.
export const jobColumns = (
  onView: (job: ReconJobListItem) => void,
  party: 'customer' | 'vendor' = 'customer',
): DataTableColumn<ReconJobListItem>[] => [
  {
    accessor: 'datetime',
    title: 'Run at / by',
    width: 170,
    render: (j) => <Two top={formatDateTime(j.datetime)} bottom={j.userId} />,
  },
  {
    accessor: 'noOfTransactions',
    title: 'Transactions',
    textAlign: 'right',
    render: (j) => <Two top={formatCount(j.noOfTransactions)} bottom={countOf(j.noOfCustomers, party)} />,
  },
  {
    accessor: 'tolerances',
    title: 'Tolerance (txn / total)',
    textAlign: 'right',
    render: (j) => (
      <Two
        top={`${inr(j.reconciliationTolerancePerCustomer)} / ${inr(j.reconciliationToleranceForTotalsPerCustomer)}`}
        bottom={`amount total ${inr(j.reconciliationToleranceOnTransactionAmountForTotalsPerCustomer)}`}
      />
    ),
  },
  {
    accessor: 'reference',
    title: 'Description',
    render: (j) => (
      <Text size="xs" lineClamp={2}>
        {j.reference ?? (j.selectedCustomers?.length ? j.selectedCustomers.join(', ') : `All ${party}s`)}
      </Text>
    ),
  },
  {
    accessor: 'reconciliationFieldTypes',
    title: 'Matched on',
    render: (j) => <Text size="xs">{matchModeName(j.reconciliationFieldTypes)}</Text>,
  },
  { accessor: 'status', title: 'Status', width: 120, render: (j) => <ReconJobStatus job={j} /> },
  {
    accessor: 'view',
    title: '',
    render: (j) =>
      viewable(j) ? (
        <Group justify="flex-end">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => onView(j)}
            data-testid={`recon-job-view-${j.jobId}`}
          >
            View
          </Button>
        </Group>
      ) : null,
  },
];
