import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconSearch, IconX } from '@tabler/icons-react';
import { DataTable, type DataTableRowExpansionProps, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { exportRows } from '../lib/export-rows.ts';
import { formatDate } from '../lib/format.ts';
import type { CellValue } from '../lib/xlsx.ts';

export interface GridColumn<T> {
  accessor: string;
  title: string;
  // the plain value used to sort, filter and export; the cell shows `render` when given
  value: (row: T) => CellValue;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  filterable?: boolean;
  exportable?: boolean;
  width?: number | string;
  noWrap?: boolean;
  textAlign?: 'left' | 'center' | 'right';
}

// The row's buttons: not sorted, filtered or exported. Wide grids put it
// first, where it stays in view however far the amounts reach.
export const actionsColumn = <T,>(render: (row: T) => ReactNode): GridColumn<T> => ({
  accessor: 'actions',
  title: 'Actions',
  value: () => '',
  sortable: false,
  filterable: false,
  exportable: false,
  render,
});

// A day: shown as 07 May 2024 (a dash when there is none), sorted, filtered
// and exported on its ISO value, which sorts as the calendar does.
export const dayColumn = <T,>(
  accessor: string,
  title: string,
  day: (row: T) => string | null | undefined,
): GridColumn<T> => ({
  accessor,
  title,
  value: (row) => day(row) ?? '',
  render: (row) => formatDate(day(row), '—'),
  sortable: true,
  noWrap: true,
});

interface DataGridProps<T> {
  records: readonly T[];
  columns: readonly GridColumn<T>[];
  idAccessor: (row: T) => string;
  pageSize?: number;
  // shows an "Export to Excel" button saving `<exportName>.xlsx`
  exportName?: string;
  toolbar?: ReactNode;
  fetching?: boolean;
  noRecordsText?: string;
  rowExpansion?: DataTableRowExpansionProps<T>;
  // a click on a row (outside its buttons) opens it
  onRowClick?: (row: T) => void;
  // narrower cell padding for a table with many columns
  dense?: boolean;
  // the first column (the row's key, e.g. the section) stays in view when the table scrolls sideways
  pinFirstColumn?: boolean;
  testId?: string;
  initialSort?: { accessor: string; direction: 'asc' | 'desc' };
}

const compare = (a: CellValue, b: CellValue): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en-IN', { numeric: true });
};

// A client-side table: paging, sorting, a text filter per column and Excel export.
export function DataGrid<T>(props: DataGridProps<T>) {
  const { records, columns, pageSize = 50, exportName } = props;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: props.initialSort?.accessor ?? '',
    direction: props.initialSort?.direction ?? 'asc',
  });

  const shown = useMemo(() => {
    const active = columns.filter((c) => filters[c.accessor]?.trim());
    const filtered = records.filter((row) =>
      active.every((c) =>
        String(c.value(row) ?? '')
          .toLowerCase()
          .includes((filters[c.accessor] ?? '').trim().toLowerCase()),
      ),
    );
    const sortColumn = columns.find((c) => c.accessor === sortStatus.columnAccessor);
    if (!sortColumn) return filtered;
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    return [...filtered].sort((a, b) => sign * compare(sortColumn.value(a), sortColumn.value(b)));
  }, [records, columns, filters, sortStatus]);

  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const pageRecords = shown.slice((page - 1) * pageSize, page * pageSize);

  const setFilter = (accessor: string, value: string) => {
    setFilters((f) => ({ ...f, [accessor]: value }));
    setPage(1);
  };

  const tableColumns = columns.map((c) => ({
    accessor: c.accessor,
    title: c.title,
    width: c.width,
    noWrap: c.noWrap,
    textAlign: c.textAlign,
    sortable: c.sortable ?? true,
    render: (row: T) => c.render?.(row) ?? String(c.value(row) ?? ''),
    filtering: !!filters[c.accessor]?.trim(),
    filter:
      (c.filterable ?? true)
        ? ({ close }: { close: () => void }) => (
            <TextInput
              label={`Filter ${c.title}`}
              placeholder="Contains…"
              leftSection={<IconSearch size={16} />}
              value={filters[c.accessor] ?? ''}
              onChange={(e) => setFilter(c.accessor, e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && close()}
              rightSection={
                <ActionIcon
                  size="sm"
                  variant="transparent"
                  aria-label="Clear filter"
                  onClick={() => setFilter(c.accessor, '')}
                >
                  <IconX size={14} />
                </ActionIcon>
              }
              autoFocus
            />
          )
        : undefined,
  }));

  const exportable = columns.filter((c) => c.exportable ?? true);
  return (
    <Stack gap="xs" data-testid={props.testId}>
      {(props.toolbar || exportName) && (
        <Group justify="space-between">
          <Group gap="xs">{props.toolbar}</Group>
          {exportName && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={shown.length === 0}
              onClick={() =>
                exportRows(exportName, exportable, shown).catch((error: unknown) =>
                  notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) }),
                )
              }
              data-testid={props.testId ? `${props.testId}-export` : undefined}
            >
              Export to Excel
            </Button>
          )}
        </Group>
      )}
      <DataTable<T>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={shown.length === 0 ? 160 : undefined}
        records={pageRecords}
        columns={tableColumns}
        idAccessor={props.idAccessor}
        fetching={props.fetching}
        noRecordsText={props.noRecordsText ?? 'No Rows found'}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        totalRecords={shown.length}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={setPage}
        rowExpansion={props.rowExpansion}
        onRowClick={props.onRowClick ? ({ record }) => props.onRowClick?.(record) : undefined}
        horizontalSpacing={props.dense ? 6 : undefined}
        pinFirstColumn={props.pinFirstColumn}
        // a table wider than its frame shows its sideways scrollbar, not only on hover
        scrollAreaProps={{ type: 'auto' }}
      />
    </Stack>
  );
}
