import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { formatCount } from '../../lib/format.ts';
import type { CellValue } from '../../lib/xlsx.ts';
import { formatRupees } from './search-format.ts';
import { DISPLAY_LIMIT, SEARCH_PAGE_SIZE, type ServerSearch } from './use-server-search.ts';

export interface SearchColumn<T> {
  // the server's sort key when sortable
  accessor: string;
  title: string;
  // the plain value exported to Excel; the cell shows `render` when given
  value: (row: T) => CellValue;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  exportable?: boolean;
  textAlign?: 'left' | 'right' | 'center';
  noWrap?: boolean;
}

interface SearchResultsProps<F extends object, T> {
  search: ServerSearch<F, T>;
  columns: readonly SearchColumn<T>[];
  idAccessor: (row: T) => string;
  testId: string;
  exportName: string;
  amountLabel: string;
  taxLabel: string;
}

function TotalCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

// The totals of every matching row (not only the page), then the page itself,
// sorted and paged by the server, 50 rows a page.
export function SearchResults<F extends object, T>(props: SearchResultsProps<F, T>) {
  const { search, testId } = props;
  const answer = search.query.data;
  const records = answer?.records ?? [];
  // at most 1000 rows are shown (spec part 2 section 2.10); the export holds them all
  const matching = answer?.totalRecords ?? 0;
  const shown = Math.min(matching, DISPLAY_LIMIT);
  const columns: DataTableColumn<T>[] = props.columns.map((c) => ({
    accessor: c.accessor,
    title: c.title,
    sortable: c.sortable ?? false,
    textAlign: c.textAlign,
    noWrap: c.noWrap,
    render: (row: T) => c.render?.(row) ?? String(c.value(row) ?? ''),
  }));
  const exportable = props.columns.filter((c) => c.exportable ?? true);

  return (
    <Stack gap="sm" data-testid={testId}>
      {search.query.isError && <QueryError error={search.query.error} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid={`${testId}-totals`}>
        <TotalCard
          label="Entries"
          value={answer ? formatCount(answer.totals.count) : '—'}
          testId={`${testId}-total-count`}
        />
        <TotalCard
          label={props.amountLabel}
          value={answer ? formatRupees(answer.totals.amount) : '—'}
          testId={`${testId}-total-amount`}
        />
        <TotalCard
          label={props.taxLabel}
          value={answer ? formatRupees(answer.totals.tax) : '—'}
          testId={`${testId}-total-tax`}
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Group justify={matching > 0 ? 'space-between' : 'flex-end'}>
            {matching > shown ? (
              <Text size="sm" c="dimmed" data-testid={`${testId}-capped`}>
                Showing the first {formatCount(shown)} of {formatCount(matching)} matching rows. Export to
                Excel saves all {formatCount(matching)}.
              </Text>
            ) : (
              matching > 0 && (
                <Text size="sm" c="dimmed" data-testid={`${testId}-export-note`}>
                  Export to Excel saves all {formatCount(matching)} matching rows.
                </Text>
              )
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={records.length === 0}
              loading={search.exporting}
              onClick={() => search.exportAll(props.exportName, exportable)}
              data-testid={`${testId}-export`}
            >
              Export to Excel
            </Button>
          </Group>
          <DataTable<T>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={records.length === 0 ? 160 : undefined}
            records={records}
            columns={columns}
            idAccessor={props.idAccessor}
            fetching={search.query.isFetching}
            noRecordsText="No Results Found"
            // wide books scroll sideways at 1440 px: the first column (the
            // sales edit pencil, else the key column) and a trailing action
            // column stay in view
            pinFirstColumn
            pinLastColumn={columns.at(-1)?.accessor === 'actions'}
            totalRecords={shown}
            recordsPerPage={SEARCH_PAGE_SIZE}
            page={search.page}
            onPageChange={search.setPage}
            sortStatus={search.sort}
            onSortStatusChange={(s) =>
              search.setSort({ columnAccessor: String(s.columnAccessor), direction: s.direction })
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
