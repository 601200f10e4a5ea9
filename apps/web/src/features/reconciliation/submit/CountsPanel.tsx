import { Alert, List, Paper, SimpleGrid, Skeleton, Spoiler, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { EntityIdMetrics, ReconKind, TransactionCounts } from '@taxrecon/contracts';
import { formatCount } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { percent } from '../common/money.ts';

function Count({ label, value, testId }: { label: string; value: string; testId: string }) {
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

// Spec 2.1: what the job would take, how well the book's and 26AS's parties
// overlap, and the warnings that advise a master data check.
export function CountsPanel(props: {
  kind: ReconKind;
  counts: TransactionCounts | undefined;
  metrics: EntityIdMetrics | undefined;
  loading: boolean;
}) {
  const { counts, metrics, kind } = props;
  const text = KIND_TEXT[kind];
  if (props.loading && !counts) return <Skeleton h={140} radius="md" />;
  if (!counts) return null;
  const book = kind === 'TDS' ? counts.salesBook : counts.purchaseBook;
  const partiesLower = text.parties.toLowerCase();
  return (
    <Stack gap="sm" data-testid="recon-counts">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Count label={`${text.book} transactions`} value={formatCount(book)} testId="recon-count-book" />
        <Count label="26AS transactions" value={formatCount(counts.taxBook)} testId="recon-count-taxbook" />
        <Count label="Total transactions" value={formatCount(counts.total)} testId="recon-count-total" />
        <Count
          label={`${text.parties} in the master`}
          value={formatCount(counts.customers)}
          testId="recon-count-customers"
        />
        <Count
          label={`Carried forward (${text.book})`}
          value={formatCount(counts.carriedForwardBook)}
          testId="recon-count-cf-book"
        />
        <Count
          label="Carried forward (26AS)"
          value={formatCount(counts.carriedForwardTaxBook)}
          testId="recon-count-cf-taxbook"
        />
        {metrics && (
          <>
            <Count
              label={`${text.parties} in both`}
              value={`${formatCount(metrics.totalIntersections)}`}
              testId="recon-metric-intersections"
            />
            <Count
              label={`${text.book} / 26AS found in the other`}
              value={`${percent(metrics.salesPercentage)} / ${percent(metrics.taxBookPercentage)}`}
              testId="recon-metric-percentages"
            />
          </>
        )}
      </SimpleGrid>
      {kind === 'TCS' && counts.purchaseWithoutTcs > 0 && (
        <Text size="xs" c="dimmed" data-testid="recon-count-without-tcs">
          {formatCount(counts.purchaseWithoutTcs)} purchase bills carry no TCS and are left out: nothing of
          theirs is in 26AS Part VI.
        </Text>
      )}
      {metrics?.salesLowWarning && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="recon-warning-sales-low">
          Many {partiesLower} of the {text.book.toLowerCase()} are missing from 26AS: only{' '}
          {percent(metrics.salesPercentage)} of {formatCount(metrics.totalSalesBook)} are in it. Please check
          the master data.
        </Alert>
      )}
      {metrics?.taxBookLowWarning && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="recon-warning-taxbook-low">
          Many {partiesLower} of 26AS are missing from the {text.book.toLowerCase()}: only{' '}
          {percent(metrics.taxBookPercentage)} of {formatCount(metrics.totalTaxBook)} are in it. Please check
          the master data.
        </Alert>
      )}
      {metrics && metrics.customersMissingFromCustomerMaster.length > 0 && (
        <Alert
          color="yellow"
          title={`Missing from the ${text.party.toLowerCase()} master`}
          data-testid="recon-missing-master"
        >
          <Spoiler maxHeight={80} showLabel="Show all" hideLabel="Hide">
            <List size="sm">
              {metrics.customersMissingFromCustomerMaster.map((id) => (
                <List.Item key={id}>{id}</List.Item>
              ))}
            </List>
          </Spoiler>
        </Alert>
      )}
    </Stack>
  );
}
