import { ActionIcon, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DISCREPANCY_PAGE_SIZE, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { apiKey } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { inr, SIGNED_RUPEES_INPUT } from '../common/money.ts';
import { ACTION_FILTER_VALUES, type BookColumn, bookColumns } from './book-columns.tsx';
import { RowComments } from './RowComments.tsx';
import { type AnyRow, actionLabel, type Side, searchTypeOf } from './rows.ts';

// The filters a person typed that the server can take: amounts must be rupees.
const usableFilters = (columns: BookColumn[], typed: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const c of columns) {
    if (!c.filter) continue;
    const value = (typed[c.filter.field] ?? '').trim();
    if (!value || (c.filter.amount && !SIGNED_RUPEES_INPUT.test(value))) continue;
    out[c.filter.field] = value;
  }
  return out;
};

// One book of a customer's rows: column search, sort and pages on the server,
// 500 rows a page in a 400 px scrolling list, rows selectable across pages and
// expandable to their comments.
export function BookTable(props: {
  kind: ReconKind;
  side: Side;
  jobId: string;
  tan: string;
  title: string;
  selected: AnyRow[];
  onSelect: (rows: AnyRow[]) => void;
}) {
  const { kind, side } = props;
  const columns = bookColumns(kind, side);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  // No column sort at first: the server's order puts the rows needing action
  // first (unmatched, then parked), largest tax first. A header click sorts.
  const [sort, setSort] = useState<DataTableSortStatus<AnyRow>>({
    columnAccessor: 'problems-first',
    direction: 'asc',
  });
  const sortBy = columns.find((c) => c.accessor === sort.columnAccessor)?.sort;
  const filters = usableFilters(columns, typed);
  const request = {
    params: { tan: props.tan },
    query: { jobId: props.jobId },
    body: {
      searchType: searchTypeOf(kind, side),
      ...filters,
      sortBy,
      sortDirection: sort.direction,
      page,
      pageSize: DISCREPANCY_PAGE_SIZE,
    },
  };
  // amounts typed in the column search go to the server as rupee text
  const search = useQuery({
    queryKey: apiKey(reconciliationRoutes.searchDiscrepancies, request),
    queryFn: () => call(reconciliationRoutes.searchDiscrepancies, request),
    placeholderData: keepPreviousData,
    enabled: !!props.jobId,
  });
  const data = search.data;
  const rows: AnyRow[] = !data
    ? []
    : side === 'taxBook'
      ? data.taxBookDiscrepancies
      : kind === 'TDS'
        ? data.entrySalesDiscrepancies
        : data.entryPurchaseDiscrepancies;
  const setFilter = (field: string, value: string) => {
    setTyped((t) => ({ ...t, [field]: value }));
    setPage(1);
  };
  const testId = `book-table-${side}`;

  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5">
            {props.title}
          </Title>
          <Text size="xs" c="dimmed" data-testid={`${testId}-count`}>
            {formatCount(data?.count ?? 0)} rows · {props.selected.length} selected
          </Text>
        </Group>
        {search.isError && <QueryError error={search.error} />}
        <DataTable<AnyRow>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          height={400}
          fz="xs"
          horizontalSpacing="xs"
          records={rows}
          idAccessor="id"
          fetching={search.isFetching}
          noRecordsText="No Data found"
          selectedRecords={props.selected}
          onSelectedRecordsChange={props.onSelect}
          getRecordSelectionCheckboxProps={(r) => ({ 'data-testid': `select-${side}-${r.ref}` }) as object}
          customRowAttributes={(r) => ({ 'data-testid': `row-${side}-${r.ref}`, 'data-row-id': r.id })}
          sortStatus={sort}
          onSortStatusChange={(s) => {
            setSort(s);
            setPage(1);
          }}
          page={page}
          onPageChange={setPage}
          totalRecords={data?.count ?? 0}
          recordsPerPage={DISCREPANCY_PAGE_SIZE}
          rowExpansion={{ content: ({ record }) => <RowComments row={record} /> }}
          columns={columns.map((c) => ({
            accessor: c.accessor,
            title: c.title,
            textAlign: c.right ? ('right' as const) : undefined,
            sortable: !!c.sort,
            render: c.render,
            filtering: !!c.filter && !!typed[c.filter.field]?.trim(),
            filter: c.filter
              ? () => {
                  const field = c.filter!.field;
                  const value = typed[field] ?? '';
                  if (c.filter!.actions)
                    return (
                      <Select
                        label={`Filter ${c.title}`}
                        data={ACTION_FILTER_VALUES.map((v) => ({
                          value: v,
                          label:
                            v === 'Matched'
                              ? 'Matched (automatic)'
                              : actionLabel(v === 'Discrepancy' ? null : v),
                        }))}
                        value={value || null}
                        onChange={(v) => setFilter(field, v ?? '')}
                        clearable
                        comboboxProps={{ withinPortal: false }}
                      />
                    );
                  const bad = !!value.trim() && c.filter!.amount && !SIGNED_RUPEES_INPUT.test(value.trim());
                  return (
                    <TextInput
                      label={`Search ${c.title}`}
                      leftSection={<IconSearch size={14} />}
                      value={value}
                      onChange={(e) => setFilter(field, e.currentTarget.value)}
                      error={bad ? 'Rupees, at most two decimals' : undefined}
                      inputMode={c.filter!.amount ? 'decimal' : undefined}
                      data-testid={`${testId}-filter-${field}`}
                      rightSection={
                        <ActionIcon
                          size="sm"
                          variant="transparent"
                          aria-label="Clear"
                          onClick={() => setFilter(field, '')}
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      }
                      autoFocus
                    />
                  );
                }
              : undefined,
          }))}
        />
        <Group justify="flex-end" gap="lg">
          <Text size="xs">
            Amount: <b>{inr(data?.totals.amount ?? '0')}</b>
          </Text>
          <Text size="xs">
            Tax: <b>{inr(data?.totals.tax ?? '0')}</b>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
