import { Alert, Anchor, Grid, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  type SmartFilter,
  type SmartFilterResult,
  type SmartFilterTerm,
  smartFilterRoutes,
} from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { OpenFromList } from '../../components/OpenFromList.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatFinancialYear } from '../../lib/format.ts';
import { notifyError } from '../reconciliation/common/notify.ts';
import { jobListPath, resultPath } from '../reconciliation/common/paths.ts';
import { ConditionsDialog } from './ConditionsDialog.tsx';
import { ResultsPanel } from './ResultsPanel.tsx';
import { preselected, runsImmediately } from './rules.ts';

// Smart filters (spec 2.7): pick a pre-built filter, set its conditions,
// Filter; the customers it selects, with bulk actions and downloads.
export function SmartFiltersPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId') ?? '';
  const filters = useApiQuery(smartFilterRoutes.smartFilters, {});
  const details = useApiQuery(
    smartFilterRoutes.smartFilterJobDetails,
    { params: { jobId } },
    { enabled: !!jobId },
  );
  const [chosen, setChosen] = useState<SmartFilter | null>(null);
  const [dialog, setDialog] = useState<SmartFilter | null>(null);
  const [result, setResult] = useState<SmartFilterResult | null>(null);
  const [running, setRunning] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);

  const run = async (filter: SmartFilter, terms: SmartFilterTerm[]) => {
    if (!details.data) return;
    setDialog(null);
    setRunning(true);
    try {
      setResult(
        await call(smartFilterRoutes.smartFilterEntities, {
          params: { jobId, year: details.data.financialYear },
          query: { query: JSON.stringify({ filter: filter.id, conditions: terms }) },
        }),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
    }
  };

  const choose = (filter: SmartFilter) => {
    setChosen(filter);
    setResult(null);
    if (runsImmediately(filter)) void run(filter, []);
    else setDialog(filter);
  };

  // the URL's filter (the two mismatch filters by name) opens its dialog once
  const fromUrl = params.get('filter');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the lists arrive
  useEffect(() => {
    const f = filters.data && details.data ? preselected(filters.data, fromUrl) : null;
    if (f && !chosen) choose(f);
  }, [filters.data, details.data]);

  if (!jobId)
    return (
      <OpenFromList
        title="Choose a TDS reconciliation job"
        to={jobListPath('TDS')}
        action="All TDS reconciliation jobs"
      >
        Smart filters work on one job's result: open them from a TDS reconciliation job.
      </OpenFromList>
    );
  if (filters.error || details.error) return <QueryError error={filters.error ?? details.error} />;
  return (
    <>
      <PageHeader
        title="Smart Filters"
        subtitle={
          details.data && (
            <>
              {details.data.jobType}, {formatFinancialYear(details.data.financialYear)} ·{' '}
              <Anchor component={Link} to={resultPath('TDS', jobId)}>
                back to the job
              </Anchor>
            </>
          )
        }
      />
      {submitted && (
        <Alert color="green" mb="sm" data-testid="smart-submitted">
          Bulk update submitted as job {submitted}. Its progress is on the{' '}
          <Anchor component={Link} to="/jobs/all">
            Jobs Dashboard
          </Anchor>
          ; the decisions are kept for every later run of the year. See all{' '}
          <Anchor component={Link} to={jobListPath('TDS')}>
            TDS reconciliations
          </Anchor>
          .
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="sm">
            <Title order={4} size="h5" mb="xs">
              Available Pre-Built Filters
            </Title>
            {!filters.data ? (
              <Loader size="sm" />
            ) : (
              <Radio.Group
                value={chosen?.id ?? null}
                onChange={(id) => {
                  const f = filters.data.find((x) => x.id === id);
                  if (f) choose(f);
                }}
              >
                <Stack gap="xs">
                  {filters.data.map((f) => (
                    <Radio
                      key={f.id}
                      value={f.id}
                      label={f.name}
                      description={f.description}
                      onClick={() => chosen?.id === f.id && choose(f)}
                      data-testid={`smart-filter-${f.id}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {running && <Loader />}
          {!running && !result && (
            <Text c="dimmed" size="sm">
              Choose a filter and set its conditions to list the customers it selects.
            </Text>
          )}
          {!running && result && details.data && (
            <ResultsPanel
              startDate={details.data.transactionStartDate}
              endDate={details.data.transactionEndDate}
              key={JSON.stringify(result.entities.map((x) => x.entityId))}
              jobId={jobId}
              result={result}
              onSubmitted={setSubmitted}
            />
          )}
        </Grid.Col>
      </Grid>
      <ConditionsDialog
        filter={dialog}
        onClose={() => setDialog(null)}
        onFilter={(terms) => chosen && void run(chosen, terms)}
      />
    </>
  );
}
