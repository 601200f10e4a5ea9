import { Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import type { Job } from '@taxrecon/contracts';

// Status icons of spec part 1 section 4: Completed green, InProgress spinner,
// NotStarted orange, anything else failed (red).
export function JobStatusIcon({ status }: { status: string }) {
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

const COLORS: Record<string, string> = { Completed: 'green', InProgress: 'blue', NotStarted: 'orange' };

export function JobStatus({ job }: { job: Pick<Job, 'status' | 'progress'> }) {
  const known = job.status in COLORS;
  return (
    <Group gap={6} wrap="nowrap" data-testid="job-status" data-status={job.status}>
      <JobStatusIcon status={job.status} />
      <Text size="xs" fw={600} c={`${COLORS[job.status] ?? 'red'}.7`}>
        {known ? job.status : 'Failed'}
      </Text>
      {job.status === 'InProgress' && job.progress > 0 && (
        <Text size="xs" c="dimmed">
          {job.progress}%
        </Text>
      )}
    </Group>
  );
}

// Where the View action of a job leads: only finished receivable and TCS reconciliations have a result page.
export const jobResultPath = (job: Pick<Job, 'id' | 'jobType' | 'status'>): string | null => {
  if (job.status !== 'Completed') return null;
  if (job.jobType === 'TDSReconciliation') return `/tds-job?jobId=${encodeURIComponent(job.id)}`;
  if (job.jobType === 'TCSReconciliation') return `/tcs-job?jobId=${encodeURIComponent(job.id)}`;
  return null;
};

// "TDSReconciliation" -> "TDS Reconciliation", "data-quality-report" -> "Data Quality Report"
export const jobTypeLabel = (jobType: string): string =>
  jobType
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\b[a-z]/g, (c) => c.toUpperCase());
