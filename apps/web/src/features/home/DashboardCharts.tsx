import { BarChart, LineChart } from '@mantine/charts';
import { Center, Paper, Text, Title } from '@mantine/core';
import type { DashboardRaw } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { formatDateTime, formatMonth } from '../../lib/format.ts';

function ChartCard({
  title,
  empty,
  children,
  testId,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={4} size="h5" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Center h={240}>
          <Text c="dimmed" size="sm">
            No reconciliation has run yet in this entity.
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

export function MonthlyTransactionsChart({ data }: { data: DashboardRaw | undefined }) {
  const rows = Object.entries(data?.monthly ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, transactions]) => ({ month: formatMonth(month), transactions }));
  return (
    <ChartCard title="Monthly Transactions" empty={rows.length === 0} testId="chart-monthly">
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

export function ProcessingTimeChart({ data }: { data: DashboardRaw | undefined }) {
  const rows = [...(data?.perfLogSeries ?? [])]
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((p) => ({ run: formatDateTime(p.timestamp), seconds: Math.round(p.seconds * 10) / 10 }));
  return (
    <ChartCard title="Processing Time in Seconds" empty={rows.length === 0} testId="chart-processing-time">
      <LineChart
        h={240}
        data={rows}
        dataKey="run"
        series={[{ name: 'seconds', label: 'Seconds', color: 'teal.6' }]}
        curveType="monotone"
        xAxisProps={{ tick: false }}
      />
    </ChartCard>
  );
}
