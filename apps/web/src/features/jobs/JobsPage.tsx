import { Button, List, Modal, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type Job, platformRoutes } from '@taxrecon/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { isJobQuery, useApiQuery } from '../../api/hooks.ts';
import { DataGrid } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ControlTotalsPanel } from './ControlTotalsPanel.tsx';
import { bulkCustomerIds, jobColumns } from './job-columns.tsx';

export const JOBS_FETCH_FAILED = 'Could not fetch jobs in queue';

export function JobsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const jobs = useApiQuery(platformRoutes.jobsQueue, {}, { refetchInterval: 30_000 });
  const [customersOf, setCustomersOf] = useState<Job | null>(null);
  const [starting, setStarting] = useState(false);
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const refreshJobs = useCallback(
    () => queryClient.invalidateQueries({ predicate: (q) => isJobQuery(q.queryKey) }),
    [queryClient],
  );

  const columns = useMemo(
    () =>
      jobColumns({
        onView: (path) => navigate(path),
        onShowCustomers: setCustomersOf,
        onToggleTotals: (job) =>
          setExpanded((ids) => (ids.includes(job.id) ? ids.filter((id) => id !== job.id) : [...ids, job.id])),
        onNotify: async (job, notify) => {
          try {
            await call(platformRoutes.notifPreference, {
              params: { jobId: job.id, notify: notify ? 'true' : 'false' },
            });
            notifications.show({
              color: notify ? 'green' : 'gray',
              message: notify ? "We'll email you when this job finishes" : 'Notification preference removed.',
            });
            await refreshJobs();
          } catch (error) {
            notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
          }
        },
      }),
    [navigate, refreshJobs],
  );

  const runDataQuality = async () => {
    setStarting(true);
    try {
      await call(platformRoutes.dataQualityReport);
      notifications.show({ color: 'green', message: 'Data-quality report started' });
      await refreshJobs();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Jobs Dashboard"
        subtitle="Background jobs of the current entity"
        actions={
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={runDataQuality}
            loading={starting}
            data-testid="run-data-quality"
          >
            Run data-quality report
          </Button>
        }
      />
      {jobs.isError && <QueryError error={jobs.error} fallback={JOBS_FETCH_FAILED} />}
      <Paper withBorder radius="lg" p="md">
        <DataGrid
          records={jobs.data ?? []}
          columns={columns}
          idAccessor={(j) => j.id}
          fetching={jobs.isFetching && !jobs.data}
          exportName="jobs"
          initialSort={{ accessor: 'datetime', direction: 'desc' }}
          noRecordsText="No jobs yet"
          testId="jobs-table"
          rowExpansion={{
            trigger: 'never',
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <ControlTotalsPanel job={record} />,
          }}
          toolbar={
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={16} />}
              onClick={() => jobs.refetch()}
              loading={jobs.isRefetching}
              data-testid="jobs-refresh"
            >
              Refresh
            </Button>
          }
        />
      </Paper>
      <Modal opened={!!customersOf} onClose={() => setCustomersOf(null)} title="Impacted customers" centered>
        <List size="sm">
          {customersOf && bulkCustomerIds(customersOf).map((id) => <List.Item key={id}>{id}</List.Item>)}
        </List>
      </Modal>
    </>
  );
}
