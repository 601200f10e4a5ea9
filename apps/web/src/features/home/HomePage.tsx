import { SimpleGrid, Stack } from '@mantine/core';
import { platformRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { useSession } from '../../shell/session.tsx';
import { AuditTable } from './AuditTable.tsx';
import { MonthlyTransactionsChart, ProcessingTimeChart } from './DashboardCharts.tsx';
import { DashboardCounters } from './DashboardCounters.tsx';
import { DashboardTiles } from './DashboardTiles.tsx';

export function HomePage() {
  const { currentEntity, fullName } = useSession();
  const dashboard = useApiQuery(platformRoutes.dashboardRaw, {});
  return (
    <Stack gap="lg" data-testid="home-page">
      <PageHeader
        title={`Welcome, ${fullName}`}
        subtitle={currentEntity ? `Working in ${currentEntity}` : 'Your reconciliation dashboard'}
      />
      {dashboard.isError && <QueryError error={dashboard.error} />}
      <DashboardTiles />
      <DashboardCounters query={dashboard} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <MonthlyTransactionsChart query={dashboard} />
        <ProcessingTimeChart query={dashboard} />
      </SimpleGrid>
      <AuditTable data={dashboard.data} fetching={dashboard.isFetching} />
    </Stack>
  );
}
