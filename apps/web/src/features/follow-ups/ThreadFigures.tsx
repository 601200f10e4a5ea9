import { Sparkline } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Conversation, ReconKind } from '@taxrecon/contracts';
import { paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { inr } from '../reconciliation/common/money.ts';

type Key = 'totalFromBook' | 'totalTaxFromBook' | 'totalFromTaxBook' | 'totalTaxFromTaxBook';

const figures = (kind: ReconKind): { key: Key; label: string; color: string }[] => {
  const book = kind === 'TDS' ? 'Sales' : 'Purchases';
  return [
    { key: 'totalFromBook', label: `${book} per our books`, color: 'orange' },
    { key: 'totalTaxFromBook', label: `${kind} per our books`, color: 'grape' },
    { key: 'totalFromTaxBook', label: 'Amount per 26AS', color: 'teal' },
    { key: 'totalTaxFromTaxBook', label: `${kind} per 26AS`, color: 'blue' },
  ];
};

// Spec 2.9: four boxes with the latest totals and four sparklines of how each
// moved across the thread's entries (every entry records the totals of its day).
export function ThreadFigures({ kind, entries }: { kind: ReconKind; entries: readonly Conversation[] }) {
  const withTotals = entries.filter((e) => e.totalTaxFromBook !== null);
  const latest = withTotals.at(-1);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        {figures(kind).map((f) => (
          <Paper key={f.key} withBorder radius="md" p="sm" data-testid={`thread-box-${f.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {f.label}
            </Text>
            <Text fw={700} size="lg" c={`${f.color}.8`}>
              {inr(latest?.[f.key] ?? null)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        {figures(kind).map((f) => (
          <Paper key={f.key} withBorder radius="md" p="xs" data-testid={`thread-trend-${f.key}`}>
            <Text size="xs" c="dimmed">
              {f.label}: trend over {withTotals.length} entr{withTotals.length === 1 ? 'y' : 'ies'}
            </Text>
            <Sparkline
              h={48}
              data={withTotals.map((e) => rupeesNumber(paiseOrZero(e[f.key])))}
              color={f.color}
              curveType="linear"
              fillOpacity={0.3}
              strokeWidth={2}
            />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
