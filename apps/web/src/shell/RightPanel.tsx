import {
  Accordion,
  ActionIcon,
  Anchor,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconReportAnalytics, IconScale } from '@tabler/icons-react';
import { platformRoutes } from '@taxrecon/contracts';
import { Link, useNavigate } from 'react-router';
import { errorNotice } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';
import { DownloadReportButton } from '../features/jobs/job-columns.tsx';
import {
  JobStatus,
  JobStatusIcon,
  jobDownloadPath,
  jobResultPath,
  jobTypeLabel,
  ResultsDeleted,
} from '../features/jobs/job-status.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useSession } from './session.tsx';

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={56} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="xs" style={{ wordBreak: 'break-all' }} component="div">
        {value}
      </Text>
    </Group>
  );
}

function BackgroundProcesses() {
  const navigate = useNavigate();
  const jobs = useApiQuery(platformRoutes.latestJobs, {}, { refetchInterval: 60_000 });
  const notice = errorNotice(jobs.error, 'Could not fetch jobs in queue');
  return (
    <Stack gap="xs" data-testid="background-processes">
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>All Background Processes</Title>
        <Tooltip label="Refresh">
          <ActionIcon
            variant="subtle"
            onClick={() => jobs.refetch()}
            loading={jobs.isFetching}
            aria-label="Refresh background processes"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {jobs.isError && (
        <Text size="xs" c="red">
          {notice.title === 'Error occurred' ? notice.message : `${notice.title}: ${notice.message}`}
        </Text>
      )}
      {jobs.data?.length === 0 && (
        <Text size="xs" c="dimmed">
          No background processes yet.
        </Text>
      )}
      <Accordion variant="separated" radius="md" chevronPosition="right">
        {jobs.data?.map((job) => {
          const view = jobResultPath(job);
          const file = jobDownloadPath(job);
          return (
            <Accordion.Item value={job.id} key={job.id}>
              <Accordion.Control icon={<JobStatusIcon job={job} />}>
                <Text size="xs" fw={600}>
                  {jobTypeLabel(job.jobType)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(job.datetime)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  <Detail label="User" value={job.userId} />
                  <Detail label="Start" value={formatDateTime(job.datetime)} />
                  <Detail label="End" value={formatDateTime(job.enddatetime) || '—'} />
                  <Detail label="Status" value={<JobStatus job={job} />} />
                  {job.remarks && <Detail label="Remarks" value={job.remarks} />}
                  <ResultsDeleted job={job} />
                  {file ? (
                    <DownloadReportButton path={file} jobId={job.id} />
                  ) : (
                    // only a job with a result to open has View (spec part 1 section 4)
                    view && (
                      <Button size="compact-xs" variant="light" onClick={() => navigate(view)} mt={4}>
                        View
                      </Button>
                    )
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}

export function RightPanel() {
  const { isAdmin, isFull } = useSession();
  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap="lg" p="md">
        {isFull && (
          <Stack gap="xs" data-testid="shortcuts">
            <Title order={5}>Shortcuts</Title>
            {isAdmin && (
              <Anchor component={Link} to="/new-tds-reconciliation" size="sm">
                <Group gap={6}>
                  <IconScale size={16} /> TDS Receivable Reconciliation
                </Group>
              </Anchor>
            )}
            <Anchor component={Link} to="/reports-dashboard" size="sm">
              <Group gap={6}>
                <IconReportAnalytics size={16} /> Reports Dashboard
              </Group>
            </Anchor>
          </Stack>
        )}
        <BackgroundProcesses />
      </Stack>
    </ScrollArea>
  );
}
