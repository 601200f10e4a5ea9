import { Group, Loader, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import type { Job } from '@taxrecon/contracts';
import { jobStatusName, jobTypeName } from '@taxrecon/shared';
import { formatDateTime } from '../../lib/format.ts';

type StatusOf = Pick<Job, 'status'> & { outcome?: Job['outcome'] };

// A Completed job that loaded or sent nothing is a warning (amber), not a success.
const shownStatus = (job: StatusOf): string =>
  job.status === 'Completed' && job.outcome ? job.outcome : job.status;

// Status icons of spec part 1 section 4: Completed green, InProgress spinner,
// NotStarted orange, anything else failed (red).
export function JobStatusIcon({ job }: { job: StatusOf }) {
  const status = shownStatus(job);
  if (status === 'NothingLoaded' || status === 'NothingSent') {
    return (
      <ThemeIcon color="yellow" size="sm" radius="xl" aria-label={jobStatusName(status)}>
        <IconAlertTriangle size={14} />
      </ThemeIcon>
    );
  }
  if (status === 'Completed') {
    return (
      <ThemeIcon color="green" size="sm" radius="xl" aria-label="Completed">
        <IconCheck size={14} />
      </ThemeIcon>
    );
  }
  if (status === 'InProgress') return <Loader size="xs" aria-label="In progress" />;
  if (status === 'NotStarted') {
    return (
      <ThemeIcon color="orange" size="sm" radius="xl" aria-label="Not started">
        <IconClockHour4 size={14} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon color="red" size="sm" radius="xl" aria-label="Failed">
      <IconX size={14} />
    </ThemeIcon>
  );
}

const COLORS: Record<string, string> = {
  Completed: 'green',
  InProgress: 'blue',
  NotStarted: 'orange',
  NothingLoaded: 'yellow',
  NothingSent: 'yellow',
};

export function JobStatus({ job }: { job: StatusOf & Pick<Job, 'progress'> }) {
  const status = shownStatus(job);
  const known = status in COLORS;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="job-status"
      data-status={job.status}
      data-outcome={job.outcome ?? undefined}
    >
      <JobStatusIcon job={job} />
      <Text size="xs" fw={600} c={`${COLORS[status] ?? 'red'}.8`}>
        {jobStatusName(known ? status : 'Failed')}
      </Text>
      {job.status === 'InProgress' && job.progress > 0 && (
        <Text size="xs" c="dimmed">
          {job.progress}%
        </Text>
      )}
    </Group>
  );
}

type DeletedOf = { resultsDeletedAt?: Job['resultsDeletedAt'] };

// Where the View action of a job leads: only finished receivable and TCS
// reconciliations have a result page, and none once its results were deleted
// (the row stays as a record and says so: ResultsDeleted).
export const jobResultPath = (job: Pick<Job, 'id' | 'jobType' | 'status'> & DeletedOf): string | null => {
  if (job.status !== 'Completed' || job.resultsDeletedAt) return null;
  if (job.jobType === 'TDSReconciliation') return `/tds-job?jobId=${encodeURIComponent(job.id)}`;
  if (job.jobType === 'TCSReconciliation') return `/tcs-job?jobId=${encodeURIComponent(job.id)}`;
  return null;
};

// "TDSReconciliation" -> "TDS reconciliation", "Ingest26AS" -> "26AS upload" (packages/shared names.ts)
export const jobTypeLabel = jobTypeName;

// A finished report job's zip, whatever screen lists the reports: the jobs
// page and the background-processes panel offer it directly.
export const jobDownloadPath = (
  job: Pick<Job, 'jobType' | 'status' | 'payload'> & DeletedOf,
): string | null => {
  if (job.status !== 'Completed' || job.jobType !== 'ReconciliationReport' || !job.payload) return null;
  if (job.resultsDeletedAt) return null;
  try {
    const payload: unknown = JSON.parse(job.payload);
    if (
      payload &&
      typeof payload === 'object' &&
      'reportId' in payload &&
      typeof payload.reportId === 'string'
    )
      return `/reports/reconciliation-reports/${encodeURIComponent(payload.reportId)}`;
  } catch {
    // a payload that is not JSON names no report
  }
  return null;
};

// In place of View or Download on a job whose results were deleted: when and by whom.
export function ResultsDeleted({ job }: { job: Pick<Job, 'id' | 'resultsDeletedAt' | 'resultsDeletedBy'> }) {
  if (!job.resultsDeletedAt) return null;
  const by = job.resultsDeletedBy ? ` by ${job.resultsDeletedBy}` : '';
  return (
    <Tooltip label={`Its results were deleted on ${formatDateTime(job.resultsDeletedAt)}${by}`}>
      <Text size="xs" c="dimmed" fs="italic" data-testid={`job-results-deleted-${job.id}`}>
        Results deleted
      </Text>
    </Tooltip>
  );
}
