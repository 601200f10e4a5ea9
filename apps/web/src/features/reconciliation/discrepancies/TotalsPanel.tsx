import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DiscrepancyResponse, ReconKind } from '@taxrecon/contracts';
import { formatInr } from '@taxrecon/shared';
import { KIND_TEXT } from '../common/kind.ts';
import { inr, sumAmounts } from '../common/money.ts';
import { rowAmount, rowTax } from './rows.ts';
import type { Selection } from './selection-rules.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

// Spec 2.6: the bottom panel with the selected counts and totals of both
// books (added in paise), and the customer's totals in each.
export function TotalsPanel(props: { kind: ReconKind; selection: Selection; header: DiscrepancyResponse }) {
  const t = KIND_TEXT[props.kind];
  const { book, taxBook } = props.selection;
  const bookTax = sumAmounts(book, rowTax);
  const taxBookTax = sumAmounts(taxBook, rowTax);
  const h = props.header;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
      className="recon-no-print"
      data-testid="discrepancy-totals"
    >
      <SimpleGrid cols={{ base: 2, md: 4, xl: 8 }} spacing="sm">
        <Figure label={`Selected in ${t.book}`} value={String(book.length)} testId="totals-book-count" />
        <Figure
          label={`${t.amount} selected`}
          value={formatInr(sumAmounts(book, rowAmount))}
          testId="totals-book-amount"
        />
        <Figure label={`${t.tax} selected (book)`} value={formatInr(bookTax)} testId="totals-book-tax" />
        <Figure label="Selected in 26AS" value={String(taxBook.length)} testId="totals-taxbook-count" />
        <Figure
          label="Amount selected (26AS)"
          value={formatInr(sumAmounts(taxBook, rowAmount))}
          testId="totals-taxbook-amount"
        />
        <Figure
          label={`${t.tax} selected (26AS)`}
          value={formatInr(taxBookTax)}
          testId="totals-taxbook-tax"
        />
        <Figure
          label="Difference (book − 26AS)"
          value={formatInr(bookTax - taxBookTax)}
          testId="totals-difference"
        />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.party} totals: book / 26AS
          </Text>
          <Group gap={4}>
            <Text size="xs" fw={600} data-testid="totals-customer-book-tax">
              {inr(h.taxAmountTotalSalesPurchaseBook)}
            </Text>
            <Text size="xs">/</Text>
            <Text size="xs" fw={600} data-testid="totals-customer-taxbook-tax">
              {inr(h.taxAmountTotalTaxBook)}
            </Text>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
