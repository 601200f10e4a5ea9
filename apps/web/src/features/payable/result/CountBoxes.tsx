import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { PayableResponse } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { inr } from '../common/money.ts';

function Box(props: { label: string; value: ReactNode; hint?: string; color: string; testId: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderTop: `3px solid var(--mantine-color-${props.color}-6)` }}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="xl" fw={700} data-testid={props.testId}>
        {props.value}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Paper>
  );
}

// The four count boxes of the year's result.
export function CountBoxes({ data }: { data: PayableResponse }) {
  const { counts, totals } = data;
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" data-testid="payable-count-boxes">
      <Box
        label="Entries computed"
        value={formatCount(counts.entries)}
        hint={`${formatCount(data.totalNoOfVendors)} vendors · TDS payable ${inr(totals.due)}`}
        color="indigo"
        testId="payable-count-entries"
      />
      <Box
        label="Short or not deducted"
        value={formatCount(counts.shortOrNotDeducted)}
        // the interest is every entry's 201(1A) interest, not only the short
        // ones': deducted late, or deposited after the 7th, costs it too
        hint={`Shortfall ${inr(totals.shortfall)} · 201(1A) interest, all entries ${inr(totals.interest)}`}
        color="pink"
        testId="payable-count-short"
      />
      <Box
        label="Excess deducted"
        value={formatCount(counts.excess)}
        hint={`TDS deducted ${inr(totals.deducted)}`}
        color="orange"
        testId="payable-count-excess"
      />
      <Box
        label="Entries in error"
        value={formatCount(counts.errors)}
        hint="GL code unmapped or vendor missing"
        color="red"
        testId="payable-count-errors"
      />
    </SimpleGrid>
  );
}

// Spec part 3 section 3 "34A response": the data-quality summary.
export function DataQualitySummary({ data }: { data: PayableResponse }) {
  const q = data.dataQualitySummary;
  const item = (label: string, value: number, testId: string, bad = false) => (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} c={bad && value > 0 ? 'red.7' : undefined} data-testid={testId}>
        {formatCount(value)}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payable-data-quality">
      <Group gap="xl">
        <Text size="sm" fw={600}>
          Data quality
        </Text>
        {item('Entries', q.totalEntries, 'payable-dq-entries')}
        {item('GL code unmapped', q.totalGlCodeUnMappedErrors, 'payable-dq-gl-unmapped', true)}
        {item(
          'Vendor missing from the master',
          q.totalVendorMissingErrors,
          'payable-dq-vendor-missing',
          true,
        )}
      </Group>
    </Paper>
  );
}
