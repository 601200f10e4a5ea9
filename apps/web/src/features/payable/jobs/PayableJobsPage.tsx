import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYABLE_JOBS_DELETED_MESSAGE, type PayableJobYear, payableRoutes } from '@taxrecon/contracts';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';
import { apiKey, useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { jobListYearLabel } from '../../../lib/financial-years.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { newPayablePath, payableResultPath } from '../common/paths.ts';
import { finished, jobColumns } from './job-columns.tsx';

type Year = z.infer<typeof PayableJobYear>;

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
    {
      // while a job runs its row follows it
      refetchInterval: (q) =>
        q.state.data?.some((y) => y.jobs.some((j) => j.status === 'InProgress' || j.status === 'Queued'))
          ? 3000
          : false,
    },
  );
  const years = tree.data ?? [];
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const firstYear = years[0]?.financialYear;
  useEffect(() => {
    if (firstYear) setExpanded((e) => (e.length ? e : [firstYear]));
  }, [firstYear]);
  const childColumns = useMemo(() => jobColumns((j) => navigate(payableResultPath(j.jobId))), [navigate]);

  const remove = (year: Year) =>
    modals.openConfirmModal({
      title: 'Confirm',
      children: (
        <Text size="sm">
          Delete all TDS Payable Reconciliation jobs of {jobListYearLabel(year.financialYear)}? The results of
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
      <Paper withBorder radius="lg" p="md">
        <DataTable<Year>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={years.length === 0 ? 160 : undefined}
          records={years}
          idAccessor="financialYear"
          fetching={tree.isLoading}
          noRecordsText="No jobs yet: submit one from New 34A Reconciliation"
          data-testid="payable-job-tree"
          columns={[
            {
              accessor: 'label',
              title: 'Financial Year',
              render: (y) => (
                <Text fw={600} size="sm">
                  {jobListYearLabel(y.financialYear)}
                </Text>
              ),
            },
            {
              accessor: 'jobs',
              title: 'Jobs',
              render: (y) => (
                <Group gap={4}>
                  <Badge variant="light">
                    {y.jobs.length} job{y.jobs.length === 1 ? '' : 's'}
                  </Badge>
                  {y.hasCompleted && (
                    <Badge color="green" variant="light">
                      completed
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'actions',
              title: 'Actions',
              width: 200,
              render: (y) => {
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
              },
            },
          ]}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => (
              <Paper p="sm" bg="gray.0">
                <DataTable
                  withTableBorder
                  borderRadius="sm"
                  striped
                  records={record.jobs}
                  idAccessor="jobId"
                  columns={childColumns}
                  noRecordsText="No jobs"
                  data-testid={`payable-jobs-${record.financialYear}`}
                />
              </Paper>
            ),
          }}
        />
      </Paper>
    </Stack>
  );
}
