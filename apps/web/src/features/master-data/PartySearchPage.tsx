import { Anchor, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MASTER_SEARCH_PAGE_SIZE } from '@taxrecon/contracts';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiKey } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type FilterField, FilterForm } from '../search/FilterForm.tsx';
import { MasterResults } from './MasterResults.tsx';

// The search page of the party master (customers or vendors): filters, then 10
// results a page sorted by the server, a row opening the party's detail page.
// A kind is described once (PartySearchKind); its downloads are its own.

export interface PartySearchBody<S extends string> {
  page: number;
  pageSize: number;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  [criterion: string]: string | number;
}

export interface PartySearchKind<T, S extends string> {
  // 'customer' | 'vendor': the detail page is /<kind>/<id>, test ids <kind>-search, <kind>-results
  kind: 'customer' | 'vendor';
  title: string;
  subtitle: string;
  fields: FilterField[];
  // the name column, a link to the party's detail page; then the other columns
  name: { accessor: keyof T & string; title: string; of: (row: T) => string };
  columns: DataTableColumn<T>[];
  // the sortable fields the server knows; the first is the default
  sortFields: readonly [S, ...S[]];
  route: { path: string };
  fetch: (body: PartySearchBody<S>) => Promise<{ results: T[]; totalCount: number }>;
  idOf: (row: T) => string;
  emptyText: string;
}

const linkColumn = <T, S extends string>(kind: PartySearchKind<T, S>): DataTableColumn<T> => ({
  accessor: kind.name.accessor,
  title: kind.name.title,
  sortable: true,
  render: (row) => (
    <Anchor
      component={Link}
      to={`/${kind.kind}/${kind.idOf(row)}`}
      size="sm"
      onClick={(e) => e.stopPropagation()}
      data-testid={`${kind.kind}-link-${kind.idOf(row)}`}
    >
      {kind.name.of(row)}
    </Anchor>
  ),
});

export function PartySearchPage<T, S extends string>({
  kind,
  actions,
}: {
  kind: PartySearchKind<T, S>;
  // the page header's buttons (downloads)
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const [criteria, setCriteria] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<T>>({
    columnAccessor: kind.sortFields[0],
    direction: 'asc',
  });
  const sortBy = kind.sortFields.find((f) => f === String(sort.columnAccessor)) ?? kind.sortFields[0];
  const body: PartySearchBody<S> = {
    ...criteria,
    page,
    pageSize: MASTER_SEARCH_PAGE_SIZE,
    sortBy,
    sortOrder: sort.direction,
  };
  const columns = useMemo(() => [linkColumn(kind), ...kind.columns], [kind]);
  const query = useQuery({
    queryKey: apiKey(kind.route, body),
    queryFn: () => kind.fetch(body),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap={0}>
      <PageHeader title={kind.title} subtitle={kind.subtitle} actions={actions} />
      <FilterForm
        fields={kind.fields}
        onSearch={(c) => {
          setCriteria(c);
          setPage(1);
        }}
        testId={`${kind.kind}-search`}
        busy={query.isFetching}
      />
      <MasterResults
        query={query}
        columns={columns}
        idAccessor={kind.idOf}
        page={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPage(1);
        }}
        emptyText={kind.emptyText}
        onOpen={(row) => navigate(`/${kind.kind}/${kind.idOf(row)}`)}
        testId={`${kind.kind}-results`}
      />
    </Stack>
  );
}
