import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type FilterField, FilterForm } from './FilterForm.tsx';
import { type SearchColumn, SearchResults } from './SearchResults.tsx';
import { type Paging, type SearchAnswer, useServerSearch } from './use-server-search.ts';

// The search page of a book (sales or purchase): filters, then the paged,
// sortable, exportable results with the totals of every matching entry. A
// book is described once (BookSearchKind); what only one book has (the sales
// book's edit dialog and reconciliation warning) is plugged in around it.

export interface BookSearchKind<F extends object, T> {
  // 'sales' | 'purchase': the query key and the test ids (search-<name>-filters, -results)
  name: string;
  title: string;
  subtitle: string;
  fields: FilterField[];
  fetch: (body: F & Paging) => Promise<SearchAnswer<T>>;
  // the filter form's criteria (names of fields, text) as the request's filters
  toFilters: (criteria: Record<string, string>) => F;
  exportName: string;
  amountLabel: string;
  taxLabel: string;
}

export function BookSearchPage<F extends object, T extends { id: string }>({
  kind,
  columns,
  beforeFilters,
  children,
}: {
  kind: BookSearchKind<F, T>;
  columns: SearchColumn<T>[];
  // shown between the page header and the filters
  beforeFilters?: ReactNode;
  // shown after the results (dialogs)
  children?: ReactNode;
}) {
  const search = useServerSearch<F, T>(kind.name, kind.fetch, kind.toFilters({}), {
    columnAccessor: 'transactiondate',
    direction: 'asc',
  });
  return (
    <Stack gap={0}>
      <PageHeader title={kind.title} subtitle={kind.subtitle} />
      {beforeFilters}
      <FilterForm
        fields={kind.fields}
        onSearch={(c) => search.search(kind.toFilters(c))}
        testId={`search-${kind.name}-filters`}
        busy={search.query.isFetching}
      />
      <SearchResults
        search={search}
        columns={columns}
        idAccessor={(r) => r.id}
        testId={`search-${kind.name}-results`}
        exportName={kind.exportName}
        amountLabel={kind.amountLabel}
        taxLabel={kind.taxLabel}
      />
      {children}
    </Stack>
  );
}
