import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { SectionExpenseTypeView } from '@taxrecon/contracts';
import { formatDate } from '../../lib/format.ts';
import { inForce } from './in-force.ts';
import { rate, rupees } from './section-type-columns.tsx';

function Term({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function CurrentTerms({
  types,
  testId,
}: {
  types: readonly SectionExpenseTypeView[];
  testId: string;
}) {
  const t = inForce(types);
  if (!t) return null;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm">
        <Text span fw={600}>
          {t.expenseType ?? 'Expense type'}
        </Text>
        {t.expenseTypeDetail ? ` · ${t.expenseTypeDetail}` : ''}
        <Text span c="dimmed">
          {` · from ${formatDate(t.applicableFromDate)}${t.applicableToDate ? ` to ${formatDate(t.applicableToDate)}` : ''}`}
          {t.tdsExempted ? ' · TDS exempted' : ''}
        </Text>
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
        <Term label="Rate, company" value={rate(t.tdsRateCompany)} />
        <Term label="Rate, individual / HUF" value={rate(t.tdsRateIndividual)} />
        <Term label="Rate, others" value={rate(t.tdsRateOthers)} />
        <Term label="Rate, no or invalid PAN" value={rate(t.tdsForNoOrInvalidPAN)} />
        <Term label="Threshold per invoice" value={rupees(t.thresholdInvoice)} />
        <Term label="Threshold per month" value={rupees(t.thresholdMonthly)} />
        <Term label="Threshold per year" value={rupees(t.thresholdAnnually)} />
      </SimpleGrid>
    </Stack>
  );
}
