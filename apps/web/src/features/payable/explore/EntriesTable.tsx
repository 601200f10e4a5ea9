import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import {
  fillPath,
  PAYABLE_ENTRIES_PAGE_SIZE,
  type PAYABLE_ENTRY_SORTS,
  PAYABLE_ENTRY_STATUSES,
  type PayableEntry,
  type PayableEntryStatus,
  payableRoutes,
} from '@taxrecon/contracts';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { download } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { notifyError } from '../common/notify.ts';
import { entryColumns, STATUS_LABELS } from './entry-columns.tsx';
import type { ExploreGroup } from './explore-group.ts';

type Sort = (typeof PAYABLE_ENTRY_SORTS)[number];
const SORTABLE = new Set(['documentDate', 'base', 'due', 'deducted', 'vendorCode', 'status']);

// The entries of one monthly summary row, paged, sorted and filtered by the server.
export function EntriesTable({ group }: { group: ExploreGroup }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PayableEntryStatus | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<PayableEntry>>({
    columnAccessor: 'documentDate',
    direction: 'asc',
  });
  const [exporting, setExporting] = useState(false);
  const params = { monthYear: group.monthYear, section: group.section, deducteeType: group.deducteeType };
  const accessor = String(sortStatus.columnAccessor);
  const sort = (
    SORTABLE.has(accessor) ? `${sortStatus.direction === 'desc' ? '-' : ''}${accessor}` : 'line'
  ) as Sort;
  const entries = useApiQuery(
    payableRoutes.payableEntries,
    {
      params,
      query: {
        subsection: group.subsection,
        status: status ?? undefined,
        page,
        pageSize: PAYABLE_ENTRIES_PAGE_SIZE,
        sort,
      },
    },
    { placeholderData: (previous) => previous },
  );

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const search = new URLSearchParams();
      if (group.subsection) search.set('subsection', group.subsection);
      if (status) search.set('status', status);
      const qs = search.toString();
      await download(
        'GET',
        `${fillPath(payableRoutes.payableEntriesXlsx.path, params)}${qs ? `?${qs}` : ''}`,
        `tds_payable_entries_${group.monthYear}_${group.section}.xlsx`,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const total = entries.data?.total ?? 0;
  return (
    <Stack gap="xs" data-testid="payable-entries">
      <Group justify="space-between">
        <Group gap="sm">
          <Select
            size="xs"
            placeholder="All statuses"
            clearable
            data={PAYABLE_ENTRY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s].label }))}
            value={status}
            onChange={(v) => {
              setStatus(v as PayableEntryStatus | null);
              setPage(1);
            }}
            aria-label="Filter by status"
            data-testid="payable-entries-status"
          />
          <Text size="xs" c="dimmed" data-testid="payable-entries-total">
            {formatCount(total)} entries
          </Text>
        </Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={exportXlsx}
          loading={exporting}
          disabled={total === 0}
          data-testid="payable-entries-export"
        >
          Export to Excel
        </Button>
      </Group>
      {entries.isError && <QueryError error={entries.error} fallback="Could not fetch the details" />}
      <DataTable<PayableEntry>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={total === 0 ? 160 : undefined}
        records={entries.data?.rows ?? []}
        columns={entryColumns}
        idAccessor="id"
        fetching={entries.isFetching}
        noRecordsText={status ? 'No entries with this status' : 'No Results Found'}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => {
          setSortStatus(s);
          setPage(1);
        }}
        totalRecords={total}
        recordsPerPage={PAYABLE_ENTRIES_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
