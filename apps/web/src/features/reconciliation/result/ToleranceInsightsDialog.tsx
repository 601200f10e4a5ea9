import { LineChart } from '@mantine/charts';
import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MATCH_MODES,
  type MatchMode,
  PARTIAL_THROTTLED_MESSAGE,
  reconciliationRoutes,
  type ToleranceDetail,
} from '@taxrecon/contracts';
import { countOf, matchModeName, paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatWholeRupees } from '../../../lib/format.ts';
import { inr } from '../common/money.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';

type Detail = z.infer<typeof ToleranceDetail>;
const money = (title: string, key: 'totalTax' | 'totalAmount' | 'taxDifference' | 'amountDifference') => ({
  accessor: key,
  title,
  textAlign: 'right' as const,
  value: (r: Detail) => rupeesNumber(paiseOrZero(r[key])),
  render: (r: Detail) => inr(r[key]),
});
const COLUMNS: GridColumn<Detail>[] = [
  { accessor: 'entityId', title: 'Entity Id', value: (r) => r.entityId },
  { accessor: 'entityName', title: 'Name', value: (r) => r.entityName },
  money('Total Tax', 'totalTax'),
  money('Total Amount', 'totalAmount'),
  money('Tax Difference', 'taxDifference'),
  money('Amount Difference', 'amountDifference'),
];

// Spec 2.4 'Tolerance Insights': how many customers a totals tolerance would
// make compliant, and a partial reconciliation of those customers with it.
export function ToleranceInsightsDialog(props: {
  jobId: string;
  opened: boolean;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { jobId } = props;
  const [mode, setMode] = useState<MatchMode>('TaxOrSaleAmount');
  const [tolerance, setTolerance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useApiQuery(
    reconciliationRoutes.tolerancesSummary,
    { params: { jobId }, query: { reconMatchPreference: mode } },
    { enabled: props.opened },
  );
  const details = useApiQuery(
    reconciliationRoutes.tolerancesDetails,
    { params: { jobId, tolerance: String(tolerance ?? 0) }, query: { reconMatchPreference: mode } },
    { enabled: props.opened && tolerance !== null },
  );
  const points = [...(summary.data?.tolerances ?? [])]
    .sort((a, b) => a - b)
    .map((t) => ({ tolerance: t, customers: summary.data?.details[String(t)] ?? 0 }));
  const rows = tolerance === null ? [] : (details.data?.details ?? []);

  const start = async () => {
    if (tolerance === null) return;
    setBusy(true);
    try {
      const answer = await call(reconciliationRoutes.partialTdsReconciliation, {
        params: { jobId },
        query: { totalsTolerance: String(tolerance), reconMatchMode: mode },
        body: { entityIds: rows.map((r) => r.entityId) },
      });
      if (answer.throttled) {
        notifications.show({ color: 'red', title: 'Error occurred', message: PARTIAL_THROTTLED_MESSAGE });
        return;
      }
      notifySuccess(answer.message);
      props.onStarted();
      props.onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Totals Tolerance vs # No of Customers that would be compliant"
      size="80rem"
      centered
    >
      <Stack gap="sm" data-testid="tolerance-insights">
        <Radio.Group
          value={mode}
          onChange={(v) => {
            setMode(v as MatchMode);
            setTolerance(null);
          }}
        >
          <Group>
            {MATCH_MODES.map((m) => (
              <Radio key={m} value={m} label={matchModeName(m).replace(/^./, (c) => c.toUpperCase())} />
            ))}
          </Group>
        </Radio.Group>
        {summary.isError && <QueryError error={summary.error} />}
        {summary.data && (
          <Text size="sm" c="dimmed">
            Compliant now: {summary.data.compliantNow}. Click a point (or choose a tolerance) to see who it
            would make compliant.
          </Text>
        )}
        <LineChart
          h={260}
          data={points}
          dataKey="tolerance"
          series={[{ name: 'customers', label: 'Compliant customers', color: 'indigo.6' }]}
          xAxisLabel="Totals tolerance (₹)"
          yAxisLabel="Customers"
          curveType="linear"
          xAxisProps={{ tickFormatter: (v: number) => formatWholeRupees(Number(v)) }}
          yAxisProps={{ domain: ['auto', 'auto'], allowDecimals: false }}
          tooltipProps={{ labelFormatter: (v) => `Tolerance ${formatWholeRupees(Number(v))}` }}
          referenceLines={
            tolerance === null ? [] : [{ x: tolerance, label: formatWholeRupees(tolerance), color: 'pink.6' }]
          }
          lineChartProps={{
            onClick: (state) => {
              const index =
                typeof state?.activeTooltipIndex === 'number'
                  ? state.activeTooltipIndex
                  : Number(state?.activeTooltipIndex);
              const point = points[index];
              if (point) setTolerance(point.tolerance);
            },
          }}
          data-testid="tolerance-chart"
        />
        <Select
          label="Tolerance (₹)"
          w={220}
          data={points.map((p) => ({
            value: String(p.tolerance),
            label: `${formatWholeRupees(p.tolerance)} (${countOf(p.customers, 'customer')})`,
          }))}
          value={tolerance === null ? null : String(tolerance)}
          onChange={(v) => setTolerance(v === null ? null : Number(v))}
          data-testid="tolerance-select"
        />
        <DataGrid
          records={rows}
          columns={COLUMNS}
          idAccessor={(r) => r.entityId}
          exportName={`tolerance-insights-${tolerance ?? ''}`}
          fetching={details.isFetching}
          noRecordsText="No Data found"
        />
        <Group justify="flex-end">
          <Button onClick={start} loading={busy} disabled={rows.length === 0} data-testid="tolerance-start">
            Start Reconciliation for {rows.length} total compliant customers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
