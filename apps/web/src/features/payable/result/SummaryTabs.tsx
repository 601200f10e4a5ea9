import { Alert, Group, Stack, Tabs, Text } from '@mantine/core';
import type { PayableResponse } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { DataGrid } from '../../../components/DataGrid.tsx';
import { yearLabel } from '../../../lib/financial-years.ts';
import { totalInr } from '../common/money.ts';
import { explorePath, openInNewWindow } from '../common/paths.ts';
import { challanGapNotice } from './challan-gaps.ts';
import {
  FORM_3CD_LEGEND,
  form3cdColumns,
  monthlyColumns,
  quarterlyColumns,
  rowKey,
} from './summary-columns.tsx';

export type SummaryTab = 'monthly' | 'quarterly' | 'annual';

// A row whose deducted and payable differ with no shortfall shown reads as a
// mistake without this (DOMAIN.md 7.5 and 7.7).
const MONTHLY_LEGEND =
  'TDS payable is recognised in the month it falls due: when the year’s threshold is crossed, that month also takes the tax on the earlier entries it makes liable, while their deductions stay in the months they were made. Shortfall and interest are worked out entry by entry; interest (201(1A)) includes tax deducted late or deposited after its due date, so a row with no shortfall can carry it.';

export function Form3cdTable({ data, toolbar }: { data: PayableResponse; toolbar?: ReactNode }) {
  // deposited reads as half of deducted when challans exist for only some months: say which lack them
  const challanGap = challanGapNotice(data.monthly);
  return (
    <Stack gap={4}>
      {challanGap && (
        <Alert color="yellow" variant="light" p="xs" mb={4} data-testid="payable-annual-challan-gap">
          <Text size="sm">{challanGap}</Text>
        </Alert>
      )}
      <DataGrid
        records={data.annual}
        columns={form3cdColumns}
        pinFirstColumn
        idAccessor={(r) => r.section}
        exportName={`form3cd_34a_${data.financialYear}`}
        noRecordsText="No sections computed for the year"
        toolbar={toolbar}
        testId="payable-annual"
      />
      <Text size="xs" c="dimmed">
        {FORM_3CD_LEGEND}
      </Text>
    </Stack>
  );
}

// Spec part 3 section 2: MONTHLY, QUARTERLY and ANNUAL SUMMARY of the year; a
// monthly row opens its entries (explore) in a new window.
export function SummaryTabs(props: {
  data: PayableResponse;
  tab: SummaryTab;
  onTab: (tab: SummaryTab) => void;
}) {
  const { data } = props;
  const label = yearLabel(data.financialYear);
  return (
    <Tabs value={props.tab} onChange={(t) => t && props.onTab(t as SummaryTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="monthly" data-testid="payable-tab-monthly">
          MONTHLY SUMMARY
        </Tabs.Tab>
        <Tabs.Tab value="quarterly" data-testid="payable-tab-quarterly">
          QUARTERLY SUMMARY
        </Tabs.Tab>
        <Tabs.Tab value="annual" data-testid="payable-tab-annual">
          ANNUAL SUMMARY
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="monthly" pt="sm">
        <DataGrid
          records={data.monthly}
          columns={monthlyColumns((row) => openInNewWindow(explorePath(row)))}
          onRowClick={(row) => openInNewWindow(explorePath(row))}
          dense
          idAccessor={rowKey}
          exportName={`tds_payable_monthly_${data.financialYear}`}
          noRecordsText="No monthly summary: the job computed no entries"
          testId="payable-monthly"
        />
        <Text size="xs" c="dimmed" mt={4} data-testid="payable-monthly-legend">
          {MONTHLY_LEGEND}
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="quarterly" pt="sm">
        <DataGrid
          records={data.quarterly}
          columns={quarterlyColumns}
          idAccessor={(r) => `${r.quarter}|${r.section}|${r.subsection}|${r.deducteeType}`}
          exportName={`tds_payable_quarterly_${data.financialYear}`}
          noRecordsText="No quarterly summary"
          testId="payable-quarterly"
        />
      </Tabs.Panel>
      <Tabs.Panel value="annual" pt="sm">
        <Form3cdTable
          data={data}
          toolbar={
            <Group gap="md">
              <Text size="sm" fw={600}>
                Form 3CD clause 34(a), {label}
              </Text>
              <Text size="sm" c="dimmed">
                Tax deducted {totalInr(data.annual, (r) => r.deducted)} · deposited{' '}
                {totalInr(data.annual, (r) => r.deposited)} · shortfall{' '}
                <span data-testid="payable-annual-shortfall">
                  {totalInr(data.annual, (r) => r.shortfall)}
                </span>
              </Text>
            </Group>
          }
        />
      </Tabs.Panel>
    </Tabs>
  );
}
