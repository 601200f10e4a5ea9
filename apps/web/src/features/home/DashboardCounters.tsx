import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconDatabase, IconFileText, IconReceipt, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatCount } from '../../lib/format.ts';
import { type DashboardQuery, panelState } from './dashboard-state.ts';

function Counter({
  label,
  value,
  loading,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  loading: boolean;
  icon: ComponentType<{ size?: number }>;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={26} width={110} my={6} radius="sm" data-testid={`${testId}-loading`} />
          ) : (
            <Text fz={26} fw={700} data-testid={testId}>
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light">
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

// Until the answer comes a counter shows a placeholder bar, not '—' (which
// would read as "none"); after a failure it shows '—' under the page's error.
export function DashboardCounters({ query }: { query: DashboardQuery }) {
  const { data } = query;
  const loading = panelState(query, false) === 'loading';
  const n = (v: number | undefined) => (v === undefined ? '—' : formatCount(v));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Counter
        label="Customers / Vendors"
        value={`${n(data?.totalCustomers)} / ${n(data?.totalVendor)}`}
        loading={loading}
        icon={IconUsers}
        testId="counter-customers"
      />
      <Counter
        label="Sales entries"
        value={n(data?.totalSalesEntries)}
        loading={loading}
        icon={IconReceipt}
        testId="counter-sales"
      />
      <Counter
        label="26AS entries"
        value={n(data?.twentySixEntriesCount)}
        loading={loading}
        icon={IconFileText}
        testId="counter-26as"
      />
      <Counter
        label="Database size"
        value={data?.dbSize ?? '—'}
        loading={loading}
        icon={IconDatabase}
        testId="counter-db-size"
      />
    </SimpleGrid>
  );
}
