import { Grid, Group, Paper, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReconKind, ReconResultPage } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { inr } from '../common/money.ts';

export function Tile(props: {
  label: string;
  value: ReactNode;
  color?: string;
  testId: string;
  hint?: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderTop: `3px solid var(--mantine-color-${props.color ?? 'indigo'}-6)` }}
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

// Spec 2.4: the four tolerance tiles.
export function ToleranceTiles({ data, kind }: { data: ReconResultPage; kind: ReconKind }) {
  const { jobParams: p, metadata: m } = data;
  const tax = KIND_TEXT[kind].tax;
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" data-testid="result-tiles">
      <Tile
        label={`${KIND_TEXT[kind].parties} that did not reconcile`}
        value={formatCount(m.nonCompliantCustomers)}
        // the result's parties: those in the book, in 26AS, or both (a party
        // found on one side only is counted once, so it can exceed either column)
        hint={`of ${formatCount(m.totalCustomers)} in the ${KIND_TEXT[kind].book.toLowerCase()} or 26AS`}
        color="pink"
        testId="tile-non-compliant"
      />
      <Tile
        label={`Transaction-level ${tax} tolerance`}
        value={inr(p.reconciliationTolerancePerCustomer)}
        testId="tile-tolerance"
      />
      <Tile
        label={`Running-total ${tax} tolerance`}
        value={inr(p.reconciliationToleranceForTotalsPerCustomer)}
        testId="tile-tolerance-total"
      />
      <Tile
        label={`Running-total ${KIND_TEXT[kind].amount.toLowerCase()} tolerance`}
        value={inr(p.reconciliationToleranceOnTransactionAmountForTotalsPerCustomer)}
        testId="tile-tolerance-amount-total"
      />
    </SimpleGrid>
  );
}

function Lines({ rows }: { rows: [string, string, string][] }) {
  return (
    <Stack gap={2}>
      {rows.map(([label, value, testId]) => (
        <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600} data-testid={testId}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

// Spec 2.4 and 2.5: matched and claimed tax and amount, manual matches, and the
// balances brought forward from the previous year and carried to the next.
export function ResultCards({ data, kind }: { data: ReconResultPage; kind: ReconKind }) {
  const m = data.metadata;
  const t = KIND_TEXT[kind];
  const side = (s: typeof m.broughtForward) => [
    inr(s.bookAmount),
    inr(s.taxBookAmount),
    inr(s.bookTax),
    inr(s.taxBookTax),
  ];
  return (
    // at 1440 px the balances (two columns of crores) take the widest slot and
    // the manual count the narrowest, so no card overflows
    <Grid gap="sm" align="stretch">
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <Card title={`${t.tax} matched or claimed`} testId="card-tax-matched">
          <Lines
            rows={[
              ['Transaction level', inr(m.tdsMatched), 'card-tax-matched-transactions'],
              ['Totals level', inr(m.totalTdsClaimedByTotals), 'card-tax-matched-totals'],
              ['Total claimed', inr(m.totalTdsClaimedAmount), 'card-tax-claimed'],
              ['Not claimable (status or deposit)', inr(m.notClaimableTax), 'card-tax-not-claimable'],
            ]}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <Card title={`${t.amount} matched or claimed`} testId="card-amount-matched">
          <Lines
            rows={[
              ['Transaction level', inr(m.tdsMatchedAmount), 'card-amount-transactions'],
              ['Totals level', inr(m.totalSalesClaimedByTotals), 'card-amount-totals'],
              ['Total claimed', inr(m.totalSalesClaimedAmount), 'card-amount-claimed'],
            ]}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4, xl: 2 }}>
        <Card title={`Manually matched ${t.parties.toLowerCase()}`} testId="card-manual">
          <Text size="xl" fw={700} data-testid="card-manual-count">
            {formatCount(m.manualMatches)}
          </Text>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, xl: 4 }}>
        <Card title="Balances brought and carried forward" testId="card-forward">
          <Table.ScrollContainer minWidth={300} type="native">
            <Table fz="xs" withRowBorders={false} verticalSpacing={2}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th ta="right">Brought</Table.Th>
                  <Table.Th ta="right">Carried</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[
                  `${t.amount}`,
                  'Transaction per 26AS',
                  `${t.tax} per ${t.book.toLowerCase()}`,
                  `${t.tax} per 26AS`,
                ].map((label, i) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {side(m.broughtForward)[i]}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {side(m.carriedForward)[i]}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

// Spec 2.4: below 100% a warning 'Progress: n%', at 100% 'Fully completed: n%'.
export function BatchProgress({ data }: { data: ReconResultPage }) {
  const n = data.batchProgress;
  const done = n >= 100;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="result-progress" data-progress={n}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600} c={done ? 'green.7' : 'orange.7'}>
          {done ? `Fully completed: ${n}%` : `Progress: ${n}%`}
        </Text>
        {data.batchTotal > 0 && (
          <Text size="xs" c="dimmed">
            {data.batchFinished} of {data.batchTotal} batches
          </Text>
        )}
      </Group>
      <Progress value={n} color={done ? 'green' : 'orange'} animated={!done} />
    </Paper>
  );
}
