import { PieChart } from '@mantine/charts';
import { Alert, Center, ColorSwatch, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { RECON_CATEGORIES, type ReconKind } from '@taxrecon/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OpenFromList } from '../../../components/OpenFromList.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCompliance } from '../../../lib/format.ts';
import { jobListPath } from '../common/paths.ts';
import { CustomerTabs, tabLabel } from './CustomerTabs.tsx';
import { ReportSettingsDialog } from './ReportSettingsDialog.tsx';
import { BatchProgress, ResultCards, Tile, ToleranceTiles } from './ResultFigures.tsx';
import { ResultToolbar } from './ResultToolbar.tsx';
import { SummaryTable } from './SummaryTable.tsx';
import { ToleranceInsightsDialog } from './ToleranceInsightsDialog.tsx';
import { useResult } from './use-result.ts';
import { WarningsDialog } from './WarningsDialog.tsx';

const PIE_COLORS = {
  partialMatches: 'pink.6',
  missingFromSales: 'orange.6',
  missingFromTaxBook: 'grape.6',
  fullMatches: 'teal.6',
};

// Spec 2.4 (TDS) and 2.5 (TCS): one job's result, paged by the server.
function JobResultPage({ kind }: { kind: ReconKind }) {
  const [params] = useSearchParams();
  const jobId = params.get('jobId') ?? '';
  const state = useResult(kind, jobId);
  const [dialog, setDialog] = useState<'warnings' | 'settings' | 'insights' | null>(null);
  const { result } = state;
  const data = result.data;

  if (!jobId)
    return (
      <OpenFromList
        title="Choose a reconciliation job"
        to={jobListPath(kind)}
        action={`All ${kind} reconciliation jobs`}
      >
        This screen shows one job's result: open it from the list of reconciliation jobs.
      </OpenFromList>
    );
  if (result.isError && !data)
    return <QueryError error={result.error} fallback="Cannot Fetch Reconciliation Response" />;
  if (!data)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  const m = data.metadata;
  const pie = RECON_CATEGORIES.map((c) => ({
    name: tabLabel(kind, c),
    value: m.pie.find((p) => p.category === c)?.count ?? 0,
    color: PIE_COLORS[c],
  }));
  return (
    <Stack gap="md" data-testid={`${kind.toLowerCase()}-job-result`}>
      <ResultToolbar
        kind={kind}
        data={data}
        refreshing={result.isFetching}
        onRefresh={() => state.refresh()}
        onWarnings={() => setDialog('warnings')}
        onSettings={() => setDialog('settings')}
        onInsights={() => setDialog('insights')}
      />
      {data.jobParams.failureReason && (
        <Alert color="red" title="The job failed">
          {data.jobParams.failureReason}
        </Alert>
      )}
      <BatchProgress data={data} />
      {kind === 'TDS' ? (
        <ToleranceTiles data={data} kind={kind} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <Tile
            label="Compliance"
            value={formatCompliance(m.compliancePercentage)}
            color="teal"
            testId="tile-compliance"
          />
          <Tile label="Manually matched vendors" value={m.manualMatches} testId="tile-manual" />
          <Group gap="md" justify="center" wrap="nowrap" data-testid="result-pie">
            <PieChart size={120} withTooltip data={pie} />
            <Stack gap={2}>
              {pie.map((p) => (
                <Group key={p.name} gap={6} wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${p.color.replace('.', '-')})`} size={10} />
                  <Text size="xs">
                    {p.name}: {p.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </SimpleGrid>
      )}
      <SummaryTable kind={kind} jobId={jobId} financialYear={data.jobParams.financialYear} />
      <ResultCards data={data} kind={kind} />
      <CustomerTabs kind={kind} state={state} data={data} />
      <WarningsDialog data={data} opened={dialog === 'warnings'} onClose={() => setDialog(null)} />
      <ReportSettingsDialog
        kind={kind}
        jobId={jobId}
        opened={dialog === 'settings'}
        settings={state.settings}
        onClose={() => setDialog(null)}
        onApply={state.applySettings}
      />
      {kind === 'TDS' && (
        <ToleranceInsightsDialog
          jobId={jobId}
          opened={dialog === 'insights'}
          onClose={() => setDialog(null)}
          onStarted={() => state.refresh()}
        />
      )}
    </Stack>
  );
}

export const TdsJobPage = () => <JobResultPage kind="TDS" />;
export const TcsJobPage = () => <JobResultPage kind="TCS" />;
