import { Anchor, Button, Group, Paper, Skeleton, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { formatInr } from '@taxrecon/shared';
import { useRef, useState } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCompliance, formatCount } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { inr } from '../common/money.ts';
import { downloadRoute, notifyError } from '../common/notify.ts';
import { printElement } from '../common/print.ts';
import { DrilldownDialog } from './DrilldownDialog.tsx';
import { matchedAmountGap, type SummaryRow } from './summary-gap.ts';

// Pairs matched at transaction level agree on tax, and under the lenient
// match modes need not agree on amount; a review read the two amount columns
// of that row differing by lakhs as an error, so the table says why.
function AmountGapNote({ rows, kind }: { rows: readonly SummaryRow[]; kind: ReconKind }) {
  const gap = matchedAmountGap(rows);
  if (gap === 0) return null;
  const text = KIND_TEXT[kind];
  return (
    <Text size="xs" c="dimmed" mt="xs" data-testid="summary-amount-gap">
      Matched at transaction level: the {text.book.toLowerCase()} and 26AS amounts differ by {formatInr(gap)}:
      pairs are matched on {text.tax}, and their {text.amount.toLowerCase()}s need not agree unless the match
      mode compares them.
    </Text>
  );
}

// Two rows a reader set side by side (34 against 39) and could not tell apart.
// Both count customers (server results/summary.ts): the category row counts
// those whose every transaction is matched; the bucket row counts those with
// any transaction matched one to one, mismatched ones included.
export const metricHelp = (metric: string, parties: string): string | null => {
  const who = parties.toLowerCase();
  if (metric === 'Matched (Automatic + Manual)')
    return `${parties} whose transactions are all matched, by the engine or by a person: one count per ${who.replace(/s$/, '')}, whatever the number of transactions.`;
  if (metric === 'Matched at transaction level')
    return `${parties} with at least one transaction matched one to one, partly matched ${who} included; the amounts are those matched transactions only.`;
  return null;
};

function MetricName({ metric, parties }: { metric: string; parties: string }) {
  const help = metricHelp(metric, parties);
  if (!help) return <>{metric}</>;
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{metric}</span>
      <Tooltip label={help} multiline w={320} withArrow>
        <IconInfoCircle size={14} aria-label={help} style={{ flexShrink: 0, opacity: 0.6 }} />
      </Tooltip>
    </Group>
  );
}

// Spec 2.4: the Reconciliation Summary table. The server offers no PDF, so the
// PDF export prints the table alone (the browser saves it as reconciliation_summary.pdf).
export function SummaryTable(props: { kind: ReconKind; jobId: string; financialYear: string }) {
  const { kind, jobId } = props;
  const text = KIND_TEXT[kind];
  const region = useRef<HTMLDivElement>(null);
  const [drill, setDrill] = useState<string | null>(null);
  const tds = useApiQuery(
    reconciliationRoutes.tdsSummary,
    { params: { jobId }, query: {} },
    { enabled: kind === 'TDS' },
  );
  const tcs = useApiQuery(
    reconciliationRoutes.tcsSummary,
    { params: { jobId } },
    { enabled: kind === 'TCS' },
  );
  const summary = kind === 'TDS' ? tds : tcs;
  const data = summary.data;

  const download26as = () =>
    downloadRoute(
      reconciliationRoutes.download26as,
      { jobOrYear: jobId },
      `${props.financialYear}.txt`,
    ).catch((e) => notifyError(e));

  return (
    <Paper withBorder radius="md" p="md" ref={region} data-testid="result-summary">
      <Group justify="space-between" mb="sm">
        <Title order={4} size="h5">
          {text.tax} Reconciliation Summary
        </Title>
        <Group gap="xs" className="recon-no-print">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            disabled={!data}
            onClick={() => printElement(region.current, 'reconciliation_summary')}
            data-testid="summary-pdf"
          >
            Export PDF
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={download26as}
            data-testid="summary-26as"
          >
            Download 26AS
          </Button>
        </Group>
      </Group>
      {summary.isError && (
        <QueryError error={summary.error} fallback="Cannot Fetch Reconciliation Response" />
      )}
      {!data ? (
        <Skeleton h={160} />
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder withColumnBorders fz="sm" data-testid="summary-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2}>Metric</Table.Th>
                <Table.Th colSpan={3} ta="center">
                  {text.book}
                </Table.Th>
                <Table.Th colSpan={3} ta="center">
                  26AS
                </Table.Th>
              </Table.Tr>
              <Table.Tr>
                {[0, 1].map((side) => [
                  <Table.Th key={`c${side}`} ta="right">
                    {text.parties}
                  </Table.Th>,
                  <Table.Th key={`a${side}`} ta="right">
                    Transaction amount
                  </Table.Th>,
                  <Table.Th key={`t${side}`} ta="right">
                    {text.tax}
                  </Table.Th>,
                ])}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={row.metric} data-testid={`summary-row-${row.drillDownId ?? row.metric}`}>
                  <Table.Td>
                    {row.drillDownId && kind === 'TDS' ? (
                      <Anchor
                        component="button"
                        size="sm"
                        onClick={() => setDrill(row.drillDownId)}
                        data-testid={`summary-drill-${row.drillDownId}`}
                      >
                        <MetricName metric={row.metric} parties={text.parties} />
                      </Anchor>
                    ) : (
                      <MetricName metric={row.metric} parties={text.parties} />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.customersCountSalesPurchaseBook)}</Table.Td>
                  <Table.Td ta="right">{inr(row.transactionAmountSalesPurchaseBook)}</Table.Td>
                  <Table.Td ta="right">{inr(row.taxAmountSalesPurchaseBook)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.customersCountTaxBook)}</Table.Td>
                  <Table.Td ta="right">{inr(row.transactionAmountTaxBook)}</Table.Td>
                  <Table.Td ta="right">{inr(row.taxAmountTaxBook)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <AmountGapNote rows={data.rows} kind={kind} />
          <Text size="xs" c="dimmed" mt={4} data-testid="summary-count-note">
            The {text.parties.toLowerCase()} columns count {text.parties.toLowerCase()}, not transactions:
            Matched (Automatic + Manual) counts those with every transaction matched, Matched at transaction
            level those with any transaction matched.
          </Text>
          <Group gap="xl" mt="xs">
            <Text size="sm">
              {text.parties} in the {text.book.toLowerCase()}:{' '}
              <b>{formatCount(data.totalCustomerCountInBook)}</b>
            </Text>
            <Text size="sm">
              {text.parties} in 26AS: <b>{formatCount(data.totalCustomerCountInTaxBook)}</b>
            </Text>
            <Text size="sm" data-testid="summary-compliance">
              Compliance: <b>{formatCompliance(data.compliancePercentage)}</b>
            </Text>
          </Group>
        </Table.ScrollContainer>
      )}
      {drill && <DrilldownDialog jobId={jobId} drilldownId={drill} onClose={() => setDrill(null)} />}
    </Paper>
  );
}
