import { Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { MASTER_SEARCH_MAX_RESULTS, MASTER_SEARCH_PAGE_SIZE } from '@taxrecon/contracts';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { QueryError } from '../../components/QueryError.tsx';
import { formatCount } from '../../lib/format.ts';

// Customer and vendor search results: 10 a page, sorted by the server, at most 200
// records reachable on screen while the total count says how many matched.
export function MasterResults<T>({
  query,
  columns,
  idAccessor,
  page,
  onPageChange,
  sort,
  onSortChange,
  emptyText,
  onOpen,
  testId,
}: {
  query: UseQueryResult<{ results: T[]; totalCount: number }>;
  columns: DataTableColumn<T>[];
  idAccessor: (row: T) => string;
  page: number;
  onPageChange: (page: number) => void;
  sort: DataTableSortStatus<T>;
  onSortChange: (sort: DataTableSortStatus<T>) => void;
  emptyText: string;
  onOpen: (row: T) => void;
  testId: string;
}) {
  const records = query.data?.results ?? [];
  const total = query.data?.totalCount ?? 0;
  return (
    <Stack gap="xs">
      {query.isError && <QueryError error={query.error} />}
      <Paper withBorder radius="lg" p="md">
        <Text size="sm" c="dimmed" mb="xs" data-testid={`${testId}-count`}>
          {query.data
            ? `${formatCount(total)} found${total > MASTER_SEARCH_MAX_RESULTS ? `; the first ${MASTER_SEARCH_MAX_RESULTS} are shown, narrow the criteria for the rest` : ''}`
            : ' '}
        </Text>
        <DataTable<T>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={records.length === 0 ? 160 : undefined}
          records={records}
          columns={columns}
          idAccessor={idAccessor}
          fetching={query.isFetching}
          noRecordsText={emptyText}
          pinFirstColumn
          totalRecords={Math.min(total, MASTER_SEARCH_MAX_RESULTS)}
          recordsPerPage={MASTER_SEARCH_PAGE_SIZE}
          page={page}
          onPageChange={onPageChange}
          sortStatus={sort}
          onSortStatusChange={onSortChange}
          onRowClick={({ record }) => onOpen(record)}
          data-testid={testId}
        />
      </Paper>
    </Stack>
  );
}
