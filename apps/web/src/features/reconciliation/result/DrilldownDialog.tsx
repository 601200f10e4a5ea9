import { Button, Group, Modal, Skeleton, Table } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { reconciliationRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { saveCsv } from '../common/csv.ts';
import { inr, percent } from '../common/money.ts';

const HEADER = [
  'Metric',
  'Sale Amount in Sales Book',
  'TDS in Sales Book',
  'Sale Amount in 26AS',
  'TDS in 26AS',
];
const FIELDS = ['saleAmountInBook', 'taxInBook', 'saleAmountIn26AS', 'taxIn26AS'] as const;

// Spec 2.4: the transactions breakdown of one summary row, with totals,
// matched percentages and a CSV export.
export function DrilldownDialog(props: { jobId: string; drilldownId: string; onClose: () => void }) {
  const drill = useApiQuery(reconciliationRoutes.summaryDrilldown, {
    params: { jobId: props.jobId },
    query: { drilldownId: props.drilldownId },
  });
  const data = drill.data;
  const exportCsv = () => {
    if (!data) return;
    saveCsv(`${props.drilldownId}-breakdown.csv`, HEADER, [
      ...data.rows.map((r) => [r.metric, ...FIELDS.map((f) => r[f])]),
      ['Total', ...FIELDS.map((f) => data.totals[f])],
      ['Matched %', ...FIELDS.map((f) => data.matchedPercentage[f].toFixed(2))],
    ]);
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={data?.title ?? 'Partially matched customers - Transactions Breakdown'}
      size="xl"
      centered
    >
      {drill.isError && <QueryError error={drill.error} />}
      {!data ? (
        <Skeleton h={200} />
      ) : (
        <>
          <Table striped withTableBorder fz="sm" data-testid="drilldown-table">
            <Table.Thead>
              <Table.Tr>
                {HEADER.map((h, i) => (
                  <Table.Th key={h} ta={i ? 'right' : undefined}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.metric}>
                  <Table.Td>{r.metric}</Table.Td>
                  {FIELDS.map((f) => (
                    <Table.Td key={f} ta="right">
                      {inr(r[f])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>Total</Table.Td>
                {FIELDS.map((f) => (
                  <Table.Td key={f} ta="right">
                    {inr(data.totals[f])}
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Matched %</Table.Td>
                {FIELDS.map((f) => (
                  <Table.Td key={f} ta="right">
                    {percent(data.matchedPercentage[f])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Group justify="flex-end" mt="sm">
            <Button size="xs" variant="light" leftSection={<IconFileTypeCsv size={16} />} onClick={exportCsv}>
              Export CSV
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
