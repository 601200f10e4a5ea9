import { BarChart, LineChart } from '@mantine/charts';
import { Center, Loader, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatMonth } from '../../lib/format.ts';
import { type DashboardQuery, panelState } from './dashboard-state.ts';

function ChartCard({
  title,
  query,
  empty,
  children,
  testId,
}: {
  title: string;
  query: DashboardQuery;
  empty: boolean;
  children: ReactNode;
  testId: string;
}) {
  const state = panelState(query, empty);
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId} data-state={state}>
      <Title order={4} size="h5" mb="sm">
        {title}
      </Title>
      {state === 'ready' ? (
        children
      ) : (
        <Center h={240}>
          {state === 'loading' ? (
            <Loader size="sm" aria-label={`Loading ${title}`} />
          ) : (
            <Text c={state === 'error' ? 'red' : 'dimmed'} size="sm">
              {state === 'error'
                ? // the page's alert above gives the reason
                  'Could not load the dashboard.'
                : 'No reconciliation has run yet in this entity.'}
            </Text>
          )}
        </Center>
      )}
    </Paper>
  );
}

export function MonthlyTransactionsChart({ query }: { query: DashboardQuery }) {
  const { data } = query;
  const rows = Object.entries(data?.monthly ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, transactions]) => ({ month: formatMonth(month), transactions }));
  return (
    <ChartCard title="Monthly Transactions" query={query} empty={rows.length === 0} testId="chart-monthly">
      <BarChart
        h={240}
        data={rows}
        dataKey="month"
        series={[{ name: 'transactions', label: 'Transactions', color: 'indigo.6' }]}
        tickLine="y"
      />
    </ChartCard>
  );
}

export function ProcessingTimeChart({ query }: { query: DashboardQuery }) {
  const { data } = query;
  const rows = [...(data?.perfLogSeries ?? [])]
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((p) => ({ run: formatDateTime(p.timestamp), seconds: Math.round(p.seconds * 10) / 10 }));
  return (
    <ChartCard
      title="Processing Time in Seconds"
      query={query}
      empty={rows.length === 0}
      testId="chart-processing-time"
    >
      <LineChart
        h={240}
        data={rows}
        dataKey="run"
        series={[{ name: 'seconds', label: 'Seconds', color: 'teal.6' }]}
        curveType="monotone"
        // the axis names each run's day and minute (formatDateTime's form,
        // seconds left to the tooltip); it had no labels at all (session 40)
        xAxisProps={{ tickFormatter: (run: string) => run.slice(0, run.lastIndexOf(':')), minTickGap: 24 }}
      />
    </ChartCard>
  );
}
