import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type SalesEntryRecord, type SearchSalesRequest, searchRoutes } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EditSalesEntryDialog } from './EditSalesEntryDialog.tsx';
import { type FilterField, FilterForm } from './FilterForm.tsx';
import { ReconWarning } from './ReconWarning.tsx';
import { type SearchColumn, SearchResults } from './SearchResults.tsx';
import { amountCell, formatDate, formatRate, formatRupees } from './search-format.ts';
import { useServerSearch } from './use-server-search.ts';

type Filters = Omit<z.input<typeof SearchSalesRequest>, 'page' | 'pageSize' | 'sortBy' | 'sortDirection'>;

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'customerName', label: 'Customer Name' },
  { kind: 'text', key: 'panNumber', label: 'Customer PAN Number' },
  { kind: 'text', key: 'invoiceNumber', label: 'Invoice / Voucher Number' },
  { kind: 'date', key: 'startDate', label: 'Transaction Start Date' },
  { kind: 'date', key: 'endDate', label: 'Transaction End Date' },
];

const columns = (onEdit: (row: SalesEntryRecord) => void): SearchColumn<SalesEntryRecord>[] => [
  {
    accessor: 'transactiondate',
    title: 'Date',
    sortable: true,
    noWrap: true,
    value: (r) => r.transactiondate,
    render: (r) => formatDate(r.transactiondate),
  },
  {
    accessor: 'customername',
    title: 'Customer Name',
    sortable: true,
    value: (r) => r.customername,
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        {r.customername}
        {r.toReconcile && (
          <Tooltip label="Changed since the last reconciliation">
            <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-label="changed" />
          </Tooltip>
        )}
      </Group>
    ),
  },
  { accessor: 'vouchernumber', title: 'Voucher No.', sortable: true, value: (r) => r.vouchernumber },
  { accessor: 'pannumber', title: 'PAN', value: (r) => r.pannumber },
  { accessor: 'tannumber', title: 'TAN', value: (r) => r.tannumber },
  {
    accessor: 'invoicevalue',
    title: 'Invoice Value',
    textAlign: 'right',
    value: (r) => amountCell(r.invoicevalue),
    render: (r) => formatRupees(r.invoicevalue),
  },
  {
    accessor: 'professionalservices',
    title: 'Sales Value',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.professionalservices),
    render: (r) => formatRupees(r.professionalservices),
  },
  {
    accessor: 'tdsrate',
    title: 'TDS Rate',
    textAlign: 'right',
    value: (r) => (r.tdsrate === null ? null : Number(r.tdsrate)),
    render: (r) => formatRate(r.tdsrate),
  },
  {
    accessor: 'tdsonsales',
    title: 'TDS Amount',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.tdsonsales),
    render: (r) => formatRupees(r.tdsonsales),
  },
  {
    accessor: 'actions',
    title: '',
    exportable: false,
    value: () => '',
    render: (r) => (
      <Tooltip label="Edit Sales Entry">
        <ActionIcon
          variant="subtle"
          onClick={() => onEdit(r)}
          aria-label="Edit Sales Entry"
          data-testid={`sales-edit-${r.id}`}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  },
];

export function SearchSalesPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SalesEntryRecord | null>(null);
  const search = useServerSearch<Filters, SalesEntryRecord>(
    'sales',
    (body) => call(searchRoutes.searchSales, { body }),
    {},
    { columnAccessor: 'transactiondate', direction: 'asc' },
  );
  const cols = useMemo(() => columns(setEditing), []);
  // Every customer with edited entries, not only those on the page shown.
  const toReconcile = useApiQuery(searchRoutes.salesToReconcile, {});
  const changedCustomers = toReconcile.data?.customers ?? [];

  return (
    <Stack gap={0}>
      <PageHeader
        title="Search Sales Book Entries"
        subtitle="Entries of the loaded sales registers of this entity"
      />
      <ReconWarning customers={changedCustomers} />
      <FilterForm
        fields={FIELDS}
        onSearch={(c) => search.search(c)}
        testId="search-sales-filters"
        busy={search.query.isFetching}
      />
      <SearchResults
        search={search}
        columns={cols}
        idAccessor={(r) => r.id}
        testId="search-sales-results"
        exportName="sales-book-entries"
        amountLabel="Sales Value"
        taxLabel="TDS on Sales"
      />
      <EditSalesEntryDialog
        entry={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          queryClient.invalidateQueries({ queryKey: ['api', '/search', 'sales'] });
          queryClient.invalidateQueries({ queryKey: apiKey(searchRoutes.salesToReconcile) });
        }}
      />
    </Stack>
  );
}
