import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconUsersGroup } from '@tabler/icons-react';
import {
  JOB_SUBMITTED_MESSAGE,
  JOB_THROTTLED_MESSAGE,
  MATCH_MODES,
  type MatchMode,
  NO_TRANSACTIONS_MESSAGE,
  type ReconKind,
  reconciliationRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { useYearPicker } from '../../../lib/use-year-picker.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { notifyError } from '../common/notify.ts';
import { jobListPath } from '../common/paths.ts';
import { CountsPanel } from './CountsPanel.tsx';
import { GroupPreviewDialog } from './GroupPreviewDialog.tsx';
import { PartyPicker } from './PartyPicker.tsx';
import {
  EMPTY_FORM,
  MATCH_MODE_LABELS,
  type SubmitForm,
  submitQuery,
  validateSubmit,
} from './submit-form.ts';

// Spec section 9: the redirect to the job list after a submit.
const REDIRECT_MS = 1500;

// Spec 2.1 and 2.2: choose the year and the customers (vendors), see what the
// job would take, and start it.
function SubmitReconPage({ kind }: { kind: ReconKind }) {
  const text = KIND_TEXT[kind];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // the picker says which years have entries in the book and, until the user
  // chooses, starts on the latest of them
  const picker = useYearPicker(kind === 'TDS' ? 'tds' : 'tcs', kind === 'TDS' ? 'sales' : 'purchase', {
    initial: params.get('year'),
  });
  const { year, setYear, options: years } = picker;
  const [parties, setParties] = useState<string[] | null>(null);
  const [form, setForm] = useState<SubmitForm>(EMPTY_FORM);
  const [previewing, setPreviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof SubmitForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const specific = parties !== null && parties.length > 0;
  const selection = { customers: specific ? parties : [] };
  const base = { params: { year: year ?? '' }, query: { jobType: text.jobType }, body: selection };
  const countsRoute = specific
    ? reconciliationRoutes.specificTransactionsCount
    : reconciliationRoutes.transactionsCount;
  const counts = useApiQuery(countsRoute, base, { enabled: !!year });
  const metrics = useApiQuery(reconciliationRoutes.entityIdMetrics, base, { enabled: !!year });

  const errors = validateSubmit(form);
  const total = counts.data?.total ?? 0;
  const canStart =
    !!year && total > 0 && Object.keys(errors).length === 0 && !(parties !== null && !specific);
  // a disabled Start says why
  const whyNot = !year
    ? 'Choose a financial year'
    : counts.isSuccess && total === 0
      ? `No transactions for ${formatFinancialYear(year)}`
      : Object.keys(errors).length > 0
        ? 'Correct the fields marked above'
        : parties !== null && !specific
          ? `Choose at least one ${text.party.toLowerCase()}`
          : null;

  const start = async () => {
    if (!year) return;
    setBusy(true);
    try {
      const route = kind === 'TDS' ? reconciliationRoutes.submitTds : reconciliationRoutes.submitTcs;
      const answer = await call(route, {
        params: { year },
        query: submitQuery(form, kind === 'TDS'),
        body: selection,
      });
      if (answer.throttled) {
        notifications.show({ color: 'red', title: 'Error occurred', message: JOB_THROTTLED_MESSAGE });
        return;
      }
      if (answer.error || !answer.jobId) {
        notifications.show({
          color: 'red',
          title: 'Error occurred',
          message: answer.message || JOB_THROTTLED_MESSAGE,
        });
        return;
      }
      notifications.show({
        color: 'green',
        title: JOB_SUBMITTED_MESSAGE,
        message: `Job submitted successfully (Job Id: ${answer.jobId})`,
      });
      setTimeout(() => navigate(jobListPath(kind)), REDIRECT_MS);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid={`new-${kind.toLowerCase()}-reconciliation`}>
      <PageHeader
        title={`Perform ${text.tax} Reconciliation`}
        subtitle={`${text.book} against 26AS ${kind === 'TDS' ? 'Part I' : 'Part VI'}, ${text.party.toLowerCase()} by ${text.party.toLowerCase()}`}
      />
      {(counts.isError || metrics.isError) && (
        <QueryError error={counts.error ?? metrics.error} fallback={NO_TRANSACTIONS_MESSAGE} />
      )}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Select
              label="Financial Year"
              placeholder="Choose a financial year"
              data={years}
              value={year}
              onChange={setYear}
              allowDeselect={false}
              required
              data-testid="recon-year"
            />
            <PartyPicker kind={kind} year={year} value={parties} onChange={setParties} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <TextInput
              label="Tolerance per transaction (₹)"
              value={form.tolerance}
              onChange={(e) => set('tolerance')(e.currentTarget.value)}
              error={errors.tolerance}
              inputMode="decimal"
              data-testid="recon-tolerance"
            />
            <TextInput
              label={`Tolerance for the running total of ${text.tax} (₹)`}
              value={form.toleranceForOverallTotal}
              onChange={(e) => set('toleranceForOverallTotal')(e.currentTarget.value)}
              error={errors.toleranceForOverallTotal}
              inputMode="decimal"
              data-testid="recon-tolerance-total"
            />
            <TextInput
              label={`Tolerance for the running total of ${text.amount.toLowerCase()} (₹)`}
              value={form.toleranceForTransactionAmountTotal}
              onChange={(e) => set('toleranceForTransactionAmountTotal')(e.currentTarget.value)}
              error={errors.toleranceForTransactionAmountTotal}
              inputMode="decimal"
              data-testid="recon-tolerance-amount-total"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {kind === 'TDS' && (
              <Select
                label="Match mode"
                data={MATCH_MODES.map((m) => ({ value: m, label: MATCH_MODE_LABELS[m] }))}
                value={form.reconMatchMode}
                onChange={(v) => v && setForm((f) => ({ ...f, reconMatchMode: v as MatchMode }))}
                allowDeselect={false}
                data-testid="recon-match-mode"
              />
            )}
            <TextInput
              label="Email report to"
              placeholder="name@company.com"
              value={form.emailReportTo}
              onChange={(e) => set('emailReportTo')(e.currentTarget.value)}
              error={errors.emailReportTo}
              data-testid="recon-email"
            />
          </SimpleGrid>
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={form.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
            error={errors.notes}
            data-testid="recon-notes"
          />
          {year && (
            <CountsPanel
              kind={kind}
              counts={counts.data}
              metrics={metrics.data}
              loading={counts.isFetching}
            />
          )}
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={start}
              loading={busy}
              disabled={!canStart}
              data-testid="recon-start"
            >
              Start Reconciliation
            </Button>
            {!canStart && whyNot && !counts.isFetching && (
              <Text size="sm" c="dimmed" data-testid="recon-start-why">
                {whyNot}
              </Text>
            )}
            <Button
              variant="light"
              leftSection={<IconUsersGroup size={16} />}
              disabled={!year}
              onClick={() => setPreviewing(true)}
              data-testid="recon-preview-groups"
            >
              Preview {text.party} Groups
            </Button>
          </Group>
        </Stack>
      </Paper>
      {year && (
        <GroupPreviewDialog
          kind={kind}
          year={year}
          opened={previewing}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Stack>
  );
}

export const NewTdsReconciliationPage = () => <SubmitReconPage kind="TDS" />;
export const NewTcsReconciliationPage = () => <SubmitReconPage kind="TCS" />;
