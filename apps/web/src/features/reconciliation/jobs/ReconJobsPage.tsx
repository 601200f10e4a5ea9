import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { JOBS_DELETED_MESSAGE, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { apiKey, useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { newReconPath, resultPath } from '../common/paths.ts';
import { jobColumns } from './job-tree-columns.tsx';
import { YearActions } from './YearActions.tsx';

type Year = NonNullable<ReturnType<typeof useJobTree>['data']>[number];

const useJobTree = (kind: ReconKind) =>
  useApiQuery(
    reconciliationRoutes.reconJobsByYear,
    { query: { jobType: KIND_TEXT[kind].jobType } },
    {
      // while a job runs, its row follows it
      refetchInterval: (q) =>
        q.state.data?.some((y) => y.jobs.some((j) => j.status === 'InProgress' || j.status === 'Queued'))
          ? 3000
          : false,
    },
  );

// Spec 2.3: the jobs of the entity as a tree by financial year.
function ReconJobsPage({ kind }: { kind: ReconKind }) {
  const text = KIND_TEXT[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useJobTree(kind);
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const [newFor, setNewFor] = useState<string | null>(null);
  const years = tree.data ?? [];
  const firstYear = years[0]?.financialYear;
  useEffect(() => {
    if (firstYear) setExpanded((e) => (e.length ? e : [firstYear]));
  }, [firstYear]);

  const view = (jobId: string) => navigate(resultPath(kind, jobId));
  const childColumns = useMemo(
    () => jobColumns((j) => navigate(resultPath(kind, j.jobId)), kind === 'TDS' ? 'customer' : 'vendor'),
    [kind, navigate],
  );

  const remove = (year: Year) =>
    modals.openConfirmModal({
      title: 'Confirm',
      children: <Text size="sm">Delete all Reconciliation for Financial Year {year.label}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'recon-delete-confirm' },
      onConfirm: async () => {
        const jobId = year.jobs[0]?.jobId;
        if (!jobId) return;
        try {
          const route =
            kind === 'TDS' ? reconciliationRoutes.deleteTdsJobs : reconciliationRoutes.deleteTcsJobs;
          await call(route, { params: { jobId } });
          notifySuccess(JOBS_DELETED_MESSAGE);
          await queryClient.invalidateQueries({ queryKey: apiKey(reconciliationRoutes.reconJobsByYear) });
        } catch (error) {
          notifyError(error, 'Error deleting jobs');
        }
      },
    });

  return (
    <Stack gap="md" data-testid={`view-${kind.toLowerCase()}-reconciliation`}>
      <PageHeader
        title={`All ${text.tax} Reconciliation Jobs`}
        subtitle="Reconciliation jobs of the current entity by financial year"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => tree.refetch()}
              loading={tree.isRefetching}
              data-testid="recon-jobs-refresh"
            >
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(newReconPath(kind))}>
              New {text.tax} Reconciliation
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
          noRecordsText="No Data found"
          data-testid="recon-job-tree"
          columns={[
            {
              accessor: 'label',
              title: 'Financial Year',
              render: (y) => (
                <Text fw={600} size="sm" data-testid={`recon-year-${y.financialYear}`}>
                  {y.label}
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
              width: 220,
              render: (y) => (
                <YearActions
                  kind={kind}
                  year={y}
                  onView={view}
                  onNew={() => setNewFor(y.financialYear)}
                  onDelete={() => remove(y)}
                />
              ),
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
                  noRecordsText="No Data found"
                  data-testid={`recon-jobs-${record.financialYear}`}
                />
              </Paper>
            ),
          }}
        />
      </Paper>
      <Modal
        opened={!!newFor}
        onClose={() => setNewFor(null)}
        title={`New ${text.tax} Reconciliation`}
        centered
      >
        <Stack>
          <Text size="sm">
            Start a new {text.tax} reconciliation for {newFor ? formatFinancialYear(newFor) : ''}?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNewFor(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => newFor && navigate(newReconPath(kind, newFor))}
              data-testid="recon-new-continue"
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export const ViewTdsReconciliationPage = () => <ReconJobsPage kind="TDS" />;
export const ViewTcsReconciliationPage = () => <ReconJobsPage kind="TCS" />;
