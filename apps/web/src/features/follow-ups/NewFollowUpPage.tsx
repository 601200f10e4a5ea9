import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { followUpRoutes, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { formatInr, paiseOfNumeric } from '@taxrecon/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDateTime, formatFinancialYear } from '../../lib/format.ts';
import { FollowUpDialog, threadPath } from './FollowUpDialog.tsx';

// Spec part 2 section 2 lists new-follow-up ("draft page, mostly placeholder"):
// a follow-up started outside a result screen. Pick a completed
// reconciliation (the latest by default) and one of its customers, write the
// e-mail in the usual dialog, and land in the new thread.
export function NewFollowUpPage() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<ReconKind>('TDS');
  const tree = useApiQuery(reconciliationRoutes.reconJobsByYear, { query: { type: kind } });
  const jobs = useMemo(
    () =>
      (tree.data ?? [])
        .flatMap((y) => y.jobs)
        .filter((j) => j.status === 'Success')
        .sort((a, b) => b.datetime.localeCompare(a.datetime)),
    [tree.data],
  );
  const [jobId, setJobId] = useState<string | null>(null);
  useEffect(() => {
    setJobId((current) =>
      current && jobs.some((j) => j.jobId === current) ? current : (jobs[0]?.jobId ?? null),
    );
  }, [jobs]);
  const customers = useApiQuery(
    followUpRoutes.followUpCustomers,
    { params: { jobId: jobId ?? '' }, query: { status: 'All' } },
    { enabled: !!jobId },
  );
  const [customerKey, setCustomerKey] = useState<string | null>(null);
  const customer = (customers.data ?? []).find((c) => c.entityId === customerKey) ?? null;
  const [open, setOpen] = useState(false);
  const party = kind === 'TDS' ? 'customer' : 'vendor';

  return (
    <Stack gap="md">
      <PageHeader
        title="New Follow-up"
        subtitle={`Write to a ${party} about its ${kind} in a reconciliation`}
      />
      <Paper withBorder radius="lg" p="lg" maw={820} data-testid="new-follow-up">
        <Stack gap="md">
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as ReconKind)}
            data={[
              { value: 'TDS', label: 'TDS (customers)' },
              { value: 'TCS', label: 'TCS (vendors)' },
            ]}
            w={320}
          />
          {tree.error && <QueryError error={tree.error} />}
          <Select
            label="Reconciliation"
            description="Completed reconciliations, latest first"
            placeholder={tree.isLoading ? 'Loading…' : `No completed ${kind} reconciliation yet`}
            data={jobs.map((j) => ({
              value: j.jobId,
              label: `${formatFinancialYear(j.financialYear)} · ${formatDateTime(j.datetime)} · ${j.noOfCustomers} ${party}s${j.reference ? ` · ${j.reference}` : ''}`,
            }))}
            value={jobId}
            onChange={(v) => {
              setJobId(v);
              setCustomerKey(null);
            }}
            searchable
            data-testid="new-follow-up-job"
          />
          {customers.error && <QueryError error={customers.error} />}
          <Select
            label={party === 'customer' ? 'Customer' : 'Vendor'}
            description={`Every ${party} of the reconciliation with a difference; the amount is books minus 26AS`}
            placeholder={customers.isLoading ? 'Loading…' : `Choose a ${party}`}
            data={(customers.data ?? []).map((c) => ({
              value: c.entityId,
              label: `${c.customerName}${c.tanNumber ? ` (${c.tanNumber})` : ''} · ${formatInr(paiseOfNumeric(c.taxDifference))}`,
            }))}
            value={customerKey}
            onChange={setCustomerKey}
            searchable
            disabled={!jobId}
            nothingFoundMessage={`No ${party} of this reconciliation has a difference`}
            data-testid="new-follow-up-customer"
          />
          {customer && !customer.tanNumber && (
            <Alert color="orange">
              {customer.customerName} has no TAN in this reconciliation: a follow-up thread is kept by TAN.
              Add the TAN in the {party} master and reconcile again.
            </Alert>
          )}
          {customer && (
            <Text size="sm" c="dimmed">
              Contact e-mail: {customer.contactEmail ?? 'none yet (type the address in the dialog)'}
            </Text>
          )}
          <Group>
            <Button
              leftSection={<IconMailForward size={16} />}
              disabled={!customer?.tanNumber || !jobId}
              onClick={() => setOpen(true)}
              data-testid="new-follow-up-start"
            >
              Write the follow-up
            </Button>
          </Group>
        </Stack>
      </Paper>
      {open && customer?.tanNumber && jobId && (
        <FollowUpDialog
          kind={kind}
          jobId={jobId}
          tan={customer.tanNumber}
          customerName={customer.customerName}
          opened={open}
          onClose={() => setOpen(false)}
          onSent={(threadId) => navigate(threadPath(threadId))}
        />
      )}
    </Stack>
  );
}
