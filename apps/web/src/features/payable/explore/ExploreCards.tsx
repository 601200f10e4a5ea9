import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { PayableExploreAnswer } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatCount } from '../../../lib/format.ts';
import { inr } from '../common/money.ts';
import { deducteeLabel } from '../result/summary-columns.tsx';

type Explore = z.infer<typeof PayableExploreAnswer>;

function Card({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

// Spec part 3 section 2 (explore): transaction count, TDS, section, subsection and deductee type.
export function ExploreCards({ data }: { data: Explore }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" data-testid="payable-explore-cards">
      <Card label="Transactions" value={formatCount(data.count)} testId="explore-count" />
      <Card label="TDS payable" value={inr(data.tds)} testId="explore-tds" />
      <Card label="Section" value={data.section} testId="explore-section" />
      <Card label="Subsection" value={data.subsection || '—'} testId="explore-subsection" />
      <Card label="Deductee type" value={deducteeLabel(data.deducteeType)} testId="explore-deductee" />
    </SimpleGrid>
  );
}

// The month's state (a verified month has locked results), said to be the
// month's: the challans tab shows each line's own state beside it.
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge size="lg" color="green" leftSection={<IconCircleCheck size={16} />} data-testid="explore-verified">
      Month verified
    </Badge>
  ) : (
    <Badge
      size="lg"
      color="orange"
      variant="light"
      leftSection={<IconClockHour4 size={16} />}
      data-testid="explore-verified"
    >
      Month pending verification
    </Badge>
  );
}
