import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import {
  RECON_CATEGORIES,
  type ReconCategory,
  type SmartFilterEntity,
  type SmartFilterResult,
  smartFilterRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { formatCount } from '../../lib/format.ts';
import { inr, percent } from '../reconciliation/common/money.ts';
import { downloadRoute, notifyError, notifySuccess } from '../reconciliation/common/notify.ts';
import { ReportButton } from '../reconciliation/common/ReportButton.tsx';
import { tabLabel } from '../reconciliation/result/CustomerTabs.tsx';
import {
  BULK_ACTION_OPTIONS,
  type BulkActionChoice,
  canBulkUpdate,
  canSelectAll,
  SELECT_ALL_WARNING,
} from './rules.ts';

const DIRECT_SUMMARY_MAX = 300;

// Spec 2.7's results: the count and the selection (select all up to 50),
// the sales and 26AS actions, Bulk Update (a background job), and the four
// category tabs with their summary and full report downloads.
export function ResultsPanel(props: {
  jobId: string;
  result: SmartFilterResult;
  // the job's transaction dates: the bulk update's default range
  startDate: string;
  endDate: string;
  onSubmitted: (jobId: string) => void;
}) {
  const { jobId, result } = props;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sales, setSales] = useState<BulkActionChoice | null>(null);
  const [taxBook, setTaxBook] = useState<BulkActionChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState(props.startDate);
  const [to, setTo] = useState(props.endDate);
  const datesValid = !!from && !!to && from <= to;
  const total = result.entities.length;
  const selectAllAllowed = canSelectAll(total);

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = () =>
    modals.openConfirmModal({
      title: 'Bulk Update',
      children: (
        <Text size="sm">
          Set the sales entries of the {formatCount(selected.size)} selected customers to {sales} and their
          26AS entries to {taxBook}, for transactions from {from} to {to}?
        </Text>
      ),
      labels: { confirm: 'YES', cancel: 'CANCEL' },
      onConfirm: async () => {
        setBusy(true);
        try {
          const answer = await call(smartFilterRoutes.smartBulkUpdate, {
            body: {
              jobId,
              salesStatus: sales ?? 'Do Nothing',
              taxbookStatus: taxBook ?? 'Do Nothing',
              entityIds: [...selected],
              transactionStartDate: from,
              transactionEndDate: to,
            },
          });
          notifySuccess(answer.message, 'Bulk Update');
          props.onSubmitted(answer.jobId);
        } catch (error) {
          notifyError(error);
        } finally {
          setBusy(false);
        }
      },
    });

  // rebuilt on every render: the select column shows the current selection
  const columns: GridColumn<SmartFilterEntity>[] = [
    {
      accessor: 'select',
      title: '',
      value: (r) => (selected.has(r.entityId) ? 1 : 0),
      render: (r) => (
        <Checkbox
          aria-label="Select this entry"
          title="Select this entry"
          checked={selected.has(r.entityId)}
          onChange={(e) => toggle(r.entityId, e.currentTarget.checked)}
          data-testid={`smart-select-${r.entityId}`}
        />
      ),
      sortable: false,
      filterable: false,
      exportable: false,
      width: 44,
    },
    { accessor: 'customerName', title: 'Customer', value: (r) => r.customerName },
    { accessor: 'customerTAN', title: 'TAN', value: (r) => r.customerTAN ?? '' },
    { accessor: 'customerCode', title: 'Code', value: (r) => r.customerCode ?? '' },
    {
      accessor: 'bookTax',
      title: 'TDS as per books',
      value: (r) => Number(r.bookTax),
      render: (r) => inr(r.bookTax),
      textAlign: 'right',
    },
    {
      accessor: 'taxBookTax',
      title: 'TDS as per 26AS',
      value: (r) => Number(r.taxBookTax),
      render: (r) => inr(r.taxBookTax),
      textAlign: 'right',
    },
    {
      accessor: 'difference',
      title: 'Difference',
      value: (r) => Number(r.difference),
      render: (r) => inr(r.difference),
      textAlign: 'right',
    },
    {
      accessor: 'matchedPercentage',
      title: 'Matched',
      value: (r) => r.matchedPercentage,
      render: (r) => percent(r.matchedPercentage),
      textAlign: 'right',
    },
    {
      accessor: 'notClaimableTax',
      title: 'Not claimable',
      value: (r) => Number(r.notClaimableTax),
      render: (r) => inr(r.notClaimableTax),
      textAlign: 'right',
    },
  ];

  const tabs = RECON_CATEGORIES.map((c) => ({
    category: c,
    rows: result.entities.filter((x) => x.category === c),
  }));
  const firstWithRows = tabs.find((t) => t.rows.length > 0)?.category ?? 'partialMatches';
  const [tab, setTab] = useState<ReconCategory>(firstWithRows);

  // a tab's downloads cover its selected customers, or all of them when none is selected
  const idsFor = (rows: SmartFilterEntity[]) => {
    const chosen = rows.filter((r) => selected.has(r.entityId));
    return (chosen.length ? chosen : rows).map((r) => r.entityId);
  };

  // the ids travel in the URL of the direct download; a long list goes to a background report
  const summary = async (category: ReconCategory, ids: string[]) => {
    if (ids.length <= DIRECT_SUMMARY_MAX) {
      await downloadRoute(
        smartFilterRoutes.downloadTdsSummary,
        { jobId, category },
        `${category}-summary.xlsx`,
        { entityIdList: ids.join(',') },
      );
      return;
    }
    const answer = await call(smartFilterRoutes.downloadTdsSummaryAsync, {
      params: { jobId, category },
      query: { file: `smart-filter-summary-${category}` },
      body: { entityIds: ids },
    });
    if (answer.throttled) notifyError(new Error(answer.message), answer.message);
    else notifySuccess(answer.message, 'Summary report');
  };

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group gap="lg">
            <Text size="sm" data-testid="smart-total">
              Total entries: <b>{formatCount(result.total)}</b>
              {result.truncated && ` (the first ${formatCount(total)} are listed)`}
            </Text>
            <Text size="sm" data-testid="smart-selected">
              Selected: <b>{formatCount(selected.size)}</b>
            </Text>
            <Button
              size="xs"
              variant="light"
              disabled={!selectAllAllowed || total === 0}
              onClick={() => setSelected(new Set(result.entities.map((x) => x.entityId)))}
              data-testid="smart-select-all"
            >
              Select All
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={!selectAllAllowed || total === 0}
              onClick={() => setSelected(new Set())}
            >
              Unselect All
            </Button>
          </Group>
          {!selectAllAllowed && (
            <Alert
              color="orange"
              icon={<IconInfoCircle size={16} />}
              p="xs"
              data-testid="smart-select-warning"
            >
              {SELECT_ALL_WARNING}
            </Alert>
          )}
          <Group gap="sm" align="flex-end">
            <Select
              label="Sales transaction action"
              data={BULK_ACTION_OPTIONS}
              value={sales}
              disabled={selected.size === 0}
              onChange={(v) => setSales(v as BulkActionChoice | null)}
              w={220}
              data-testid="smart-sales-action"
            />
            <Select
              label="26AS transaction action"
              data={BULK_ACTION_OPTIONS}
              value={taxBook}
              disabled={sales === null}
              onChange={(v) => setTaxBook(v as BulkActionChoice | null)}
              w={220}
              data-testid="smart-26as-action"
            />
            <DayInput
              label="Transactions from"
              value={from}
              minDate={props.startDate}
              maxDate={props.endDate}
              onChange={setFrom}
              w={160}
            />
            <DayInput
              label="to"
              value={to}
              minDate={props.startDate}
              maxDate={props.endDate}
              error={datesValid ? undefined : 'Choose a range within the year'}
              onChange={setTo}
              w={160}
            />
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!canBulkUpdate(selected.size, sales, taxBook) || !datesValid}
              loading={busy}
              onClick={submit}
              data-testid="smart-bulk-update"
            >
              Bulk Update
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(v) => v && setTab(v as ReconCategory)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab
              key={t.category}
              value={t.category}
              rightSection={
                <Badge size="sm" variant="light">
                  {formatCount(t.rows.length)}
                </Badge>
              }
              data-testid={`smart-tab-${t.category}`}
            >
              {tabLabel('TDS', t.category)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.category} value={t.category} pt="sm">
            <DataGrid
              records={t.rows}
              columns={columns}
              idAccessor={(r) => r.entityId}
              exportName={`smart-filter-${t.category}`}
              testId={`smart-grid-${t.category}`}
              noRecordsText="No customers in this tab"
              toolbar={
                t.rows.length > 0 && (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      onClick={() => summary(t.category, idsFor(t.rows)).catch((e) => notifyError(e))}
                      data-testid={`smart-summary-${t.category}`}
                    >
                      Summary report
                    </Button>
                    <ReportButton
                      label="Full report"
                      transactions={t.rows
                        .filter((r) => idsFor(t.rows).includes(r.entityId))
                        .reduce((n, r) => n + r.bookRows + r.taxBookRows, 0)}
                      defaultFileName={`smart-filter-${t.category}`}
                      onDownload={() =>
                        downloadRoute(
                          smartFilterRoutes.downloadTdsEntityIdList,
                          { jobId, category: t.category },
                          `${t.category}.zip`,
                          { entityIdList: idsFor(t.rows).join(',') },
                        )
                      }
                      onReport={(fileName) =>
                        call(smartFilterRoutes.downloadTdsEntityIdListAsync, {
                          params: { jobId, category: t.category },
                          query: { fileName },
                          body: { entityIds: idsFor(t.rows) },
                        })
                      }
                      testId={`smart-full-${t.category}`}
                    />
                  </>
                )
              }
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
