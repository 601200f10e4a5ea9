import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYABLE_JOBS_DELETED_MESSAGE, type PayableJobYear, payableRoutes } from '@taxrecon/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';
import { apiKey, useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { refetchWhileRunning, YearJobTree } from '../../../components/YearJobTree.tsx';
import { yearLabel } from '../../../lib/financial-years.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { newPayablePath, payableResultPath } from '../common/paths.ts';
import { finished, jobColumns } from './job-columns.tsx';

type Year = z.infer<typeof PayableJobYear>;
type PayableJob = Year['jobs'][number];

// Spec part 3 section 4: the view of a year uses its first finished job.
const viewJobOf = (year: Year): string | null =>
  year.firstCompletedJobId ?? year.jobs.find(finished)?.jobId ?? null;

// All TDS Payable Reconciliation Jobs: a tree by financial year.
export function PayableJobsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useApiQuery(
    payableRoutes.payableJobsByYear,
    {},
    { refetchInterval: (q) => refetchWhileRunning(q.state.data) },
  );
  const years = tree.data ?? [];
  const childColumns = useMemo(() => jobColumns((j) => navigate(payableResultPath(j.jobId))), [navigate]);

  const remove = (year: Year) =>
    modals.openConfirmModal({
      title: 'Confirm',
      children: (
        <Text size="sm">
          Delete all TDS Payable Reconciliation jobs of {yearLabel(year.financialYear)}? The results of
          verified months are kept.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'payable-delete-confirm' },
      onConfirm: async () => {
        try {
          await call(payableRoutes.deletePayableYear, { params: { fy: year.financialYear } });
          notifySuccess(PAYABLE_JOBS_DELETED_MESSAGE);
        } catch (error) {
          notifyError(error, 'Error deleting jobs');
        } finally {
          await queryClient.invalidateQueries({ queryKey: apiKey(payableRoutes.payableJobsByYear) });
        }
      },
    });

  return (
    <Stack gap="md" data-testid="view-34a-reconciliation">
      <PageHeader
        title="All TDS Payable Reconciliation Jobs"
        subtitle="34A jobs of the current entity by financial year"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => tree.refetch()}
              loading={tree.isRefetching}
              data-testid="payable-jobs-refresh"
            >
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(newPayablePath())}>
              New 34A Reconciliation
            </Button>
          </>
        }
      />
      {tree.isError && <QueryError error={tree.error} fallback="Could not fetch Jobs" />}
      <YearJobTree<PayableJob, Year>
        years={years}
        loading={tree.isLoading}
        label={(y) => yearLabel(y.financialYear)}
        actionsWidth={200}
        actions={(y) => {
          const jobId = viewJobOf(y);
          return (
            <Group gap={6} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
              <Button
                size="compact-xs"
                disabled={!jobId}
                onClick={() => jobId && navigate(payableResultPath(jobId))}
                data-testid={`payable-year-view-${y.financialYear}`}
              >
                View
              </Button>
              <Tooltip label="New 34A Reconciliation for this year">
                <ActionIcon
                  variant="light"
                  aria-label="New 34A reconciliation"
                  onClick={() => navigate(newPayablePath(y.financialYear))}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete all jobs of the year">
                <ActionIcon
                  variant="light"
                  color="red"
                  aria-label="Delete all jobs of the year"
                  onClick={() => remove(y)}
                  data-testid={`payable-year-delete-${y.financialYear}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        }}
        jobColumns={childColumns}
        noYearsText="No jobs yet: submit one from New 34A Reconciliation"
        noJobsText="No jobs"
        testId="payable-job"
      />
    </Stack>
  );
}
