import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type SalesEntryRecord, type SearchSalesRequest, searchRoutes } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { type BookSearchKind, BookSearchPage } from './BookSearchPage.tsx';
import { EditSalesEntryDialog } from './EditSalesEntryDialog.tsx';
import type { FilterField } from './FilterForm.tsx';
import { ReconWarning } from './ReconWarning.tsx';
import type { SearchColumn } from './SearchResults.tsx';
import { amountCell, formatDate, formatRate, formatRupees } from './search-format.ts';

type Filters = Omit<z.input<typeof SearchSalesRequest>, 'page' | 'pageSize' | 'sortBy' | 'sortDirection'>;

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'customerName', label: 'Customer Name' },
  { kind: 'text', key: 'panNumber', label: 'Customer PAN Number' },
  { kind: 'text', key: 'invoiceNumber', label: 'Invoice / Voucher Number' },
  { kind: 'date', key: 'startDate', label: 'Transaction Start Date' },
  { kind: 'date', key: 'endDate', label: 'Transaction End Date' },
];

// The edit pencil comes first, where the results pin it: pinned at the right
// edge it covered the TDS Amount of a book wider than the screen.
const columns = (onEdit: (row: SalesEntryRecord) => void): SearchColumn<SalesEntryRecord>[] => [
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
];

const SALES: BookSearchKind<Filters, SalesEntryRecord> = {
  name: 'sales',
  title: 'Search Sales Book Entries',
  subtitle: 'Entries of the loaded sales registers of this entity',
  fields: FIELDS,
  fetch: (body) => call(searchRoutes.searchSales, { body }),
  toFilters: (criteria) => criteria,
  exportName: 'sales-book-entries',
  amountLabel: 'Sales Value',
  taxLabel: 'TDS on Sales',
};

// The book search page of kind sales, with what only the sales book has: its
// entries can be edited, and customers with edited entries are named above.
export function SearchSalesPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SalesEntryRecord | null>(null);
  const cols = useMemo(() => columns(setEditing), []);
  // Every customer with edited entries, not only those on the page shown.
  const toReconcile = useApiQuery(searchRoutes.salesToReconcile, {});
  const changedCustomers = toReconcile.data?.customers ?? [];

  return (
    <BookSearchPage kind={SALES} columns={cols} beforeFilters={<ReconWarning customers={changedCustomers} />}>
      <EditSalesEntryDialog
        entry={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          queryClient.invalidateQueries({ queryKey: ['api', '/search', 'sales'] });
          queryClient.invalidateQueries({ queryKey: apiKey(searchRoutes.salesToReconcile) });
        }}
      />
    </BookSearchPage>
  );
}
