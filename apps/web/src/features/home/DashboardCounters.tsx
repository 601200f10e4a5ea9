import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconDatabase, IconFileText, IconReceipt, IconUsers } from '@tabler/icons-react';
import type { DashboardRaw } from '@taxrecon/contracts';
import type { ComponentType } from 'react';
import { formatCount } from '../../lib/format.ts';

function Counter({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
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
          <Text fz={26} fw={700} data-testid={testId}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={48} radius="md" variant="light">
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function DashboardCounters({ data }: { data: DashboardRaw | undefined }) {
  const n = (v: number | undefined) => (v === undefined ? '—' : formatCount(v));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Counter
        label="Customers / Vendors"
        value={`${n(data?.totalCustomers)} / ${n(data?.totalVendor)}`}
        icon={IconUsers}
        testId="counter-customers"
      />
      <Counter
        label="Sales entries"
        value={n(data?.totalSalesEntries)}
        icon={IconReceipt}
        testId="counter-sales"
      />
      <Counter
        label="26AS entries"
        value={n(data?.twentySixEntriesCount)}
        icon={IconFileText}
        testId="counter-26as"
      />
      <Counter
        label="Database size"
        value={data?.dbSize ?? '—'}
        icon={IconDatabase}
        testId="counter-db-size"
      />
    </SimpleGrid>
  );
}
