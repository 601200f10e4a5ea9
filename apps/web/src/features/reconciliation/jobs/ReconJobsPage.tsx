import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { JOBS_DELETED_MESSAGE, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { apiKey, useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { refetchWhileRunning, YearJobTree } from '../../../components/YearJobTree.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { newReconPath, resultPath } from '../common/paths.ts';
import { jobColumns } from './job-tree-columns.tsx';
import { YearActions } from './YearActions.tsx';

type Year = NonNullable<ReturnType<typeof useJobTree>['data']>[number];
type ReconJob = Year['jobs'][number];

const useJobTree = (kind: ReconKind) =>
  useApiQuery(
    reconciliationRoutes.reconJobsByYear,
    { query: { jobType: KIND_TEXT[kind].jobType } },
    { refetchInterval: (q) => refetchWhileRunning(q.state.data) },
  );

// Spec 2.3: the jobs of the entity as a tree by financial year.
function ReconJobsPage({ kind }: { kind: ReconKind }) {
  const text = KIND_TEXT[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useJobTree(kind);
  const [newFor, setNewFor] = useState<string | null>(null);
  const years = tree.data ?? [];

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
      <YearJobTree<ReconJob, Year>
        years={years}
        loading={tree.isLoading}
        label={(y) => formatFinancialYear(y.financialYear)}
        actionsWidth={220}
        actions={(y) => (
          <YearActions
            kind={kind}
            year={y}
            onView={view}
            onNew={() => setNewFor(y.financialYear)}
            onDelete={() => remove(y)}
          />
        )}
        jobColumns={childColumns}
        noYearsText="No Data found"
        noJobsText="No Data found"
        testId="recon-job"
      />
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
