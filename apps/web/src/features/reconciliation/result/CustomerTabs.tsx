import {
  Accordion,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconRefresh, IconRefreshDot, IconSearch } from '@tabler/icons-react';
import {
  RECON_CATEGORIES,
  type ReconCategory,
  type ReconKind,
  type ReconResultPage,
  reconciliationRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { formatCount } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { downloadRoute, notifyError, notifySuccess } from '../common/notify.ts';
import { openInNewWindow, smartFiltersPath } from '../common/paths.ts';
import { ReportButton } from '../common/ReportButton.tsx';
import { CustomerEntry } from './CustomerEntry.tsx';
import { entriesOf, RESULT_SORTS, type ResultSort, type ResultState, type ResultTab } from './use-result.ts';
import { WordCloud } from './WordCloud.tsx';

export const tabLabel = (kind: ReconKind, c: ReconCategory): string => {
  const t = KIND_TEXT[kind];
  const parties = t.parties.toUpperCase();
  return {
    partialMatches: `MISMATCHED ${parties}`,
    missingFromSales: `MISSING ${parties} FROM ${t.book.toUpperCase()}`,
    missingFromTaxBook: `MISSING ${parties} FROM 26AS`,
    fullMatches: `COMPLIANT ${parties}`,
  }[c];
};

// Spec 2.4: the four tabs of customers (each a page of the server's) and the word cloud.
export function CustomerTabs({
  kind,
  state,
  data,
}: {
  kind: ReconKind;
  state: ResultState;
  data: ReconResultPage;
}) {
  const { jobId, financialYear } = data.jobParams;
  const [typed, setTyped] = useState(state.searchTerm);
  const [syncing, setSyncing] = useState(false);
  const [open, setOpen] = useState<string[]>([]);
  const s = state.settings;
  const shown = RECON_CATEGORIES.filter(
    (c) =>
      (c !== 'missingFromSales' || s.showMissingFromSales) &&
      (c !== 'missingFromTaxBook' || s.showMissingFromTaxBook) &&
      (c !== 'fullMatches' || s.showCompliant),
  );
  const entries = entriesOf(data, state.category);
  const pages = Math.max(1, Math.ceil(data.size / Math.max(1, data.dataPerPage)));

  const syncPage = async () => {
    setSyncing(true);
    try {
      const answer = await call(reconciliationRoutes.syncCustomers, {
        query: { jobId },
        body: { entityIds: entries.map((e) => e.entityId) },
      });
      if (answer.throttled) notifyError(null, answer.message);
      else notifySuccess(answer.message);
      await state.refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setSyncing(false);
    }
  };

  const category = state.category;
  const download = () =>
    downloadRoute(
      kind === 'TDS' ? reconciliationRoutes.downloadTdsCategory : reconciliationRoutes.downloadTcsCategory,
      { jobId, category },
      `${jobId}-${category}.zip`,
    );
  const report = (fileName: string) =>
    call(kind === 'TDS' ? reconciliationRoutes.reportTdsCategory : reconciliationRoutes.reportTcsCategory, {
      params: { jobId, category },
      query: { fileName },
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={state.tab} onChange={(v) => v && state.setTab(v as ResultTab)} keepMounted={false}>
        <Tabs.List>
          {shown.map((c) => (
            <Tabs.Tab
              key={c}
              value={c}
              data-testid={`result-tab-${c}`}
              rightSection={
                <Badge size="sm" variant="light">
                  {formatCount(data.counts[c] ?? 0)}
                </Badge>
              }
            >
              {tabLabel(kind, c)}
            </Tabs.Tab>
          ))}
          {kind === 'TDS' && (
            <Tabs.Tab value="cloud" data-testid="result-tab-cloud">
              UNMATCHED COMPARISON
            </Tabs.Tab>
          )}
        </Tabs.List>
        {state.tab === 'cloud' ? (
          <Tabs.Panel value="cloud" pt="md">
            <WordCloud kind={kind} jobId={jobId} financialYear={financialYear} />
          </Tabs.Panel>
        ) : (
          <Tabs.Panel value={state.tab} pt="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    state.search(typed);
                  }}
                >
                  <Group gap="xs">
                    <TextInput
                      size="xs"
                      placeholder={`Search ${KIND_TEXT[kind].party.toLowerCase()} name, code or TAN`}
                      value={typed}
                      onChange={(e) => {
                        setTyped(e.currentTarget.value);
                        if (!e.currentTarget.value && state.searchTerm) state.search('');
                      }}
                      w={280}
                      data-testid="result-search"
                    />
                    <Button
                      size="xs"
                      type="submit"
                      leftSection={<IconSearch size={14} />}
                      disabled={!typed.trim()}
                      data-testid="result-search-submit"
                    >
                      Search
                    </Button>
                    <Select
                      size="xs"
                      w={230}
                      aria-label="Sort the customers"
                      allowDeselect={false}
                      data={Object.entries(RESULT_SORTS).map(([value, o]) => ({ value, label: o.label }))}
                      value={state.sort}
                      onChange={(v) => v && state.setSort(v as ResultSort)}
                      data-testid="result-sort"
                    />
                  </Group>
                </form>
                <Group gap="xs">
                  {kind === 'TDS' && state.tab === 'partialMatches' && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconFilter size={14} />}
                      onClick={() => openInNewWindow(smartFiltersPath(jobId))}
                    >
                      Smart filters
                    </Button>
                  )}
                  <ReportButton
                    label="Download Report"
                    transactions={data.jobParams.transactionsCount}
                    defaultFileName={`${category}-${financialYear}`}
                    onDownload={download}
                    onReport={report}
                    testId="tab-report"
                  />
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => state.refresh()}
                  >
                    Refresh
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefreshDot size={14} />}
                    loading={syncing}
                    disabled={entries.length === 0}
                    onClick={syncPage}
                    data-testid="tab-sync"
                  >
                    Sync
                  </Button>
                </Group>
              </Group>
              {entries.length === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="result-empty">
                  No Data found
                </Text>
              ) : (
                <Accordion
                  multiple
                  value={open}
                  onChange={setOpen}
                  variant="separated"
                  data-testid="result-customers"
                >
                  {entries.map((entry) => (
                    <CustomerEntry
                      key={entry.entityId}
                      kind={kind}
                      jobId={jobId}
                      financialYear={financialYear}
                      entry={entry}
                      onChanged={() => state.refresh()}
                    />
                  ))}
                </Accordion>
              )}
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {formatCount(data.size)} {KIND_TEXT[kind].parties.toLowerCase()}
                </Text>
                <Pagination
                  size="sm"
                  total={pages}
                  value={state.page}
                  onChange={state.setPage}
                  data-testid="result-pagination"
                />
              </Group>
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}
