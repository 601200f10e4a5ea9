import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { CHALLAN_MESSAGES, challanRoutes, type QuarterChallanRow } from '@taxrecon/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { download } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { apiShortYear, startOfYear, yearLabel, yearOfStart } from '../../lib/financial-years.ts';
import { formatDate } from '../../lib/format.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { inr, rupees } from '../payable/common/money.ts';
import { monthYearLabel } from '../payable/common/months.ts';
import { notifyError } from '../payable/common/notify.ts';
import { deducteeLabel } from '../payable/result/summary-columns.tsx';
import { AllocationPanel } from './AllocationPanel.tsx';
import { challanDetailsPath } from './deposit-form.ts';

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
type Quarter = (typeof QUARTERS)[number];

const money = (accessor: keyof QuarterChallanRow, title: string): GridColumn<QuarterChallanRow> => ({
  accessor,
  title,
  value: (r) => rupees(String(r[accessor])),
  render: (r) => inr(String(r[accessor])),
  sortable: true,
  textAlign: 'right',
});

const COLUMNS: GridColumn<QuarterChallanRow>[] = [
  {
    accessor: 'monthYear',
    title: 'Month',
    value: (r) => r.monthYear,
    render: (r) => monthYearLabel(r.monthYear),
    sortable: true,
  },
  {
    accessor: 'section',
    title: 'Section',
    value: (r) => `${r.section}${r.subsection ? `(${r.subsection})` : ''}`,
    filterable: true,
  },
  {
    accessor: 'deducteeType',
    title: 'Deductee type',
    value: (r) => deducteeLabel(r.deducteeType),
    filterable: true,
  },
  money('taxDeducted', 'Tax deducted'),
  money('interestPaid', 'Interest paid'),
  money('fee', 'Fee'),
  money('surcharge', 'Surcharge'),
  money('educationCess', 'Education cess'),
  money('penalty', 'Penalty'),
  money('others', 'Others'),
  money('totalTDSDeposited', 'Total TDS deposited'),
  { accessor: 'modeOfDesposited', title: 'Mode of deposit', value: (r) => r.modeOfDesposited },
  { accessor: 'bsrCode', title: 'BSR code', value: (r) => r.bsrCode, filterable: true },
  {
    accessor: 'challanDate',
    title: 'Challan date',
    value: (r) => r.challanDate,
    render: (r) => formatDate(r.challanDate),
    sortable: true,
    noWrap: true,
  },
  {
    accessor: 'challanSerialNumber',
    title: 'Challan serial',
    value: (r) => r.challanSerialNumber,
    filterable: true,
  },
  { accessor: 'minorHeadOfChallan', title: 'Minor head', value: (r) => r.minorHeadOfChallan },
  money('interestDue', '201(1A) interest due'),
  {
    accessor: 'details',
    title: 'Details',
    value: () => '',
    exportable: false,
    render: (r) => (
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconDownload size={14} />}
        onClick={() =>
          download(
            'GET',
            challanDetailsPath(r),
            `${r.depositMode === 'book_entry' ? 'voucher' : 'challan'}-${r.bsrCode}-${r.challanSerialNumber}.xlsx`,
          ).catch((e) => notifyError(e))
        }
      >
        Entries
      </Button>
    ),
  },
];

// The challans of a quarter for the TDS return: deposits, interest paid and
// due under 201(1A), and the 234E fee when the return's filing date is given.
export function QuarterlyChallanSummaryPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('fy');
  // the challans come from the 34A runs: start on the latest year that has one
  const picker = useYearPicker('payable', '34a', {
    initial: asked ? yearOfStart(startOfYear(asked)) : null,
  });
  const year = picker.year ?? picker.options[0]?.value ?? '';
  // the calls name the year '24-25'
  const fy = apiShortYear(year);
  const quarter = (QUARTERS as readonly string[]).includes(params.get('quarter') ?? '')
    ? (params.get('quarter') as Quarter)
    : 'Q1';
  const [filedOn, setFiledOn] = useState('');
  const summary = useApiQuery(challanRoutes.quarterChallanSummary, {
    params: { fy, quarter },
    query: /^\d{4}-\d{2}-\d{2}$/.test(filedOn) ? { filedOn } : {},
  });
  const set = (k: string, v: string | null) => {
    if (!v) return;
    const next = new URLSearchParams(params);
    next.set(k, v);
    setParams(next);
  };
  const t = summary.data?.totals;
  return (
    <Stack gap="md" data-testid="quarterly-challan-summary">
      <PageHeader title="Quarterly Challan Summary" subtitle={`${yearLabel(year)} ${quarter}`} />
      <Group align="flex-end">
        <Select
          label="Financial year"
          data={picker.options}
          value={year}
          onChange={(v) => {
            picker.setYear(v);
            set('fy', v);
          }}
          w={240}
        />
        <Select
          label="Quarter"
          data={[...QUARTERS]}
          value={quarter}
          onChange={(v) => set('quarter', v)}
          w={100}
        />
        <DayInput label="Return filed on (for 234E)" value={filedOn} onChange={setFiledOn} w={220} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            download(
              'GET',
              `/tds-payable/download-challan-summary/${fy}/${quarter}`,
              `challan-summary-${fy}-${quarter}.xlsx`,
            ).catch((e) => notifyError(e))
          }
        >
          Download summary
        </Button>
      </Group>
      {summary.isError && <QueryError error={summary.error} fallback="Could not fetch the challan summary" />}
      {t && (
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          {[
            ['Tax deducted', inr(t.deducted)],
            ['Deposited', inr(t.deposited)],
            ['Interest paid', inr(t.interestPaid)],
            ['201(1A) interest due', inr(t.interestDue)],
            [
              `234E fee (due ${formatDate(t.returnDueDate)})`,
              t.fee234E === null ? 'Give the filing date' : inr(t.fee234E),
            ],
          ].map(([label, value]) => (
            <Paper key={label} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <DataGrid
        records={summary.data?.rows ?? []}
        columns={COLUMNS}
        idAccessor={(r) => r.id}
        fetching={summary.isFetching}
        noRecordsText={CHALLAN_MESSAGES.noChallans}
        exportName={`challan-summary-${fy}-${quarter}`}
        testId="quarterly-challan-grid"
      />
      <AllocationPanel fy={fy} quarter={quarter} />
    </Stack>
  );
}
