import {
  Button,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconFileAnalytics, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  fillPath,
  MISC_QUEUED_MESSAGE,
  type MiscReportAnswer,
  type MiscReportItem,
  payableRoutes,
  reportRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDateTime, formatMonth } from '../../lib/format.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { useSession } from '../../shell/session.tsx';
import { notifyError, notifySuccess, notifyWarning } from '../reconciliation/common/notify.ts';
import { fileNameError } from '../reconciliation/common/ReportButton.tsx';
import { MISC_CHOICES, type MiscChoice, monthsOf, yearDataOf } from './misc-catalogue.ts';
import { DownloadFileButton, ReportStatus, usePageSize, yearLabel } from './report-lists.tsx';

const RECEIVABLE_ROUTES = {
  'income-comparison': reportRoutes.miscIncomeComparison,
  '26as-section-customer-wise': reportRoutes.miscSectionCustomerWise,
  'tan-wise-summary': reportRoutes.miscTanWise,
  'customer-wise-summary': reportRoutes.miscCustomerWise,
  'entity-wise-summary': reportRoutes.miscEntityWise,
  'section-wise-summary': reportRoutes.miscSectionWise,
} as const;

// Spec part 2 section 8: the queue's answers in the spec's words.
const submit = async (
  choice: MiscChoice,
  year: string,
  month: string,
  format: 'xlsx' | 'csv',
  fileName: string,
): Promise<MiscReportAnswer> => {
  const short = year.slice(2);
  if (choice.kind === 'receivable') {
    const route = RECEIVABLE_ROUTES[choice.id as keyof typeof RECEIVABLE_ROUTES];
    return call(route, { params: { year: short }, query: { fileName, format } });
  }
  try {
    const answer =
      choice.call === 'misc'
        ? await call(payableRoutes.miscPayableReport, {
            params: { year: short, reportId: choice.id as 'tds-payable-report' },
            query: { fileName },
          })
        : choice.call === 'vendorWise'
          ? await call(payableRoutes.vendorWiseReport, { params: { year: short }, query: { fileName } })
          : await call(
              choice.call === 'monthly' ? payableRoutes.monthlyReport : payableRoutes.monthlyErrorReport,
              {
                params: { monthYear: month },
                query: { fileName },
              },
            );
    return { outcome: 'queued', message: MISC_QUEUED_MESSAGE, reportId: answer.reportId };
  } catch (error) {
    // the payable reports need a 34A result of the year: without one there is nothing to report
    if (error instanceof ApiError && error.status === 404) {
      return {
        outcome: 'noData',
        message: `No data found to report: ${errorMessage(error)}`,
        reportId: null,
      };
    }
    throw error;
  }
};

function CreateReports({ onQueued }: { onQueued: () => void }) {
  const { permissions } = useSession();
  const choices = MISC_CHOICES.filter((c) => permissions.includes(c.permission));
  const [chosen, setChosen] = useState<MiscChoice | null>(choices[0] ?? null);
  // starts on the latest year holding what the chosen report reads, marked as other pickers mark it
  const picker = useYearPicker('reports', yearDataOf(chosen));
  const years = picker.options;
  const year = picker.year ?? years[0]!.value;
  const [monthChosen, setMonth] = useState<string | null>(null);
  const month = monthsOf(year).find((m) => m.value === monthChosen)?.value ?? monthsOf(year)[0]!.value;
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const name = fileName.trim() || (chosen ? `${chosen.id}_${year}` : '');
  const nameError = name ? fileNameError(name) : undefined;
  const monthly =
    chosen?.kind === 'payable' && (chosen.call === 'monthly' || chosen.call === 'monthlyErrors');

  const go = async () => {
    if (!chosen || nameError) return;
    setBusy(true);
    try {
      const answer = await submit(chosen, year, month, chosen.kind === 'payable' ? 'xlsx' : format, name);
      if (answer.outcome === 'queued') {
        notifySuccess(answer.message, chosen.name);
        onQueued();
      } else notifyWarning(answer.message, chosen.name);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <Select
          label="Financial year"
          data={years}
          value={year}
          onChange={(v) => v && picker.setYear(v)}
          allowDeselect={false}
          // wide enough for 'FY 2024 - 2025 · has data'
          w={250}
          data-testid="misc-year"
        />
        {monthly && (
          <Select
            label="Month"
            data={monthsOf(year)}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
            w={140}
            data-testid="misc-month"
          />
        )}
        <TextInput
          label="File name"
          placeholder={chosen ? `${chosen.id}_${year}` : ''}
          value={fileName}
          onChange={(e) => setFileName(e.currentTarget.value)}
          error={nameError}
          w={280}
          data-testid="misc-file-name"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Format
          </Text>
          <SegmentedControl
            data={[
              { value: 'xlsx', label: 'Excel (xlsx)' },
              { value: 'csv', label: 'CSV', disabled: chosen?.kind === 'payable' },
            ]}
            value={chosen?.kind === 'payable' ? 'xlsx' : format}
            onChange={(v) => setFormat(v as 'xlsx' | 'csv')}
            data-testid="misc-format"
          />
        </Stack>
        <Button
          leftSection={<IconFileAnalytics size={16} />}
          onClick={go}
          loading={busy}
          disabled={!chosen || !!nameError}
          data-testid="misc-generate"
        >
          Generate report
        </Button>
      </Group>
      {choices.length === 0 && <Text c="dimmed">No report is open to your permissions.</Text>}
      <Radio.Group value={chosen ? `${chosen.kind}:${chosen.id}` : ''} label="Report">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" mt="xs">
          {choices.map((c) => {
            const key = `${c.kind}:${c.id}`;
            const selected = chosen?.kind === c.kind && chosen.id === c.id;
            return (
              <UnstyledButton key={key} onClick={() => setChosen(c)} data-testid={`misc-choice-${c.id}`}>
                <Paper
                  withBorder
                  radius="md"
                  p="sm"
                  bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio value={key} readOnly aria-label={c.name} mt={2} />
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {c.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.description}
                        {c.kind === 'payable' ? ' (TDS payable, xlsx)' : ''}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}

function DownloadMisc({ item }: { item: MiscReportItem }) {
  if (item.status !== 'Completed') return null;
  return (
    <DownloadFileButton
      path={fillPath(reportRoutes.miscellaneousReport.path, { id: item.id })}
      fileName={item.fileName}
      testId={`misc-download-${item.id}`}
    />
  );
}

const viewColumns: GridColumn<MiscReportItem>[] = [
  { accessor: 'reportName', title: 'Report', value: (r) => r.reportName },
  {
    accessor: 'financialYear',
    title: 'Financial year',
    noWrap: true,
    value: (r) => (r.month ? formatMonth(r.month) : yearLabel(r.financialYear)),
  },
  { accessor: 'fileName', title: 'File name', value: (r) => r.fileName },
  {
    accessor: 'action',
    title: 'Download',
    sortable: false,
    filterable: false,
    exportable: false,
    value: () => '',
    render: (r) => <DownloadMisc item={r} />,
  },
  {
    accessor: 'status',
    title: 'Status',
    value: (r) => r.status,
    render: (r) => <ReportStatus status={r.status} error={r.errorMsg} />,
  },
  {
    accessor: 'summary',
    title: 'Totals',
    value: (r) => r.summary ?? r.errorMsg ?? '',
    render: (r) => (
      <Stack gap={0}>
        {(r.summary ?? r.errorMsg ?? '').split('; ').map((part) => (
          <Text key={part} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {part}
          </Text>
        ))}
      </Stack>
    ),
  },
  {
    accessor: 'datetime',
    title: 'Requested',
    value: (r) => r.datetime,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.datetime)}
        </Text>
        <Text size="xs" c="dimmed">
          {r.userId}
        </Text>
      </Stack>
    ),
  },
];

function ViewReports() {
  const { pageSize, control } = usePageSize(10);
  // the newest 500; the table pages, sorts and filters them here
  const list = useApiQuery(
    reportRoutes.miscellaneousReports,
    { query: { page: 1, pageSize: 500 } },
    { refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 'InProgress') ? 3000 : false) },
  );
  return (
    <Stack gap="sm">
      {list.isError && <QueryError error={list.error} fallback="Could not fetch jobs in queue" />}
      <DataGrid
        records={list.data?.records ?? []}
        columns={viewColumns}
        idAccessor={(r) => r.id}
        pageSize={pageSize}
        toolbar={
          <Group gap="sm">
            {control}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={() => list.refetch()}
              loading={list.isRefetching}
              data-testid="misc-refresh"
            >
              Refresh
            </Button>
          </Group>
        }
        exportName="miscellaneous_reports"
        fetching={list.isLoading}
        noRecordsText="No reports yet: generate one on the Create Reports tab"
        initialSort={{ accessor: 'datetime', direction: 'desc' }}
        testId="misc-reports"
      />
    </Stack>
  );
}

// Spec part 2 section 2.13 and part 3: Miscellaneous reports with the tabs
// Create Reports and View Reports; after a report is queued the View tab
// opens (the spec's report toast, then the tab switch after 3.5 s).
export function MiscReportsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'view' ? 'view' : 'create';
  const queryClient = useQueryClient();
  const show = (t: string) => setSearch(t === 'view' ? { tab: 'view' } : {}, { replace: true });
  return (
    <Stack gap="md" data-testid="misc-reports-page">
      <PageHeader
        title="Miscellaneous Reports"
        subtitle="Summaries of the year's data and reconciliations, generated in the background"
      />
      <Paper withBorder radius="lg" p="md">
        <Tabs value={tab} onChange={(t) => t && show(t)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="create" data-testid="misc-tab-create">
              Create Reports
            </Tabs.Tab>
            <Tabs.Tab value="view" data-testid="misc-tab-view">
              View Reports
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="create">
            <CreateReports
              onQueued={() => {
                void queryClient.invalidateQueries({ queryKey: apiKey(reportRoutes.miscellaneousReports) });
                setTimeout(() => show('view'), 3500);
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="view">
            <ViewReports />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
