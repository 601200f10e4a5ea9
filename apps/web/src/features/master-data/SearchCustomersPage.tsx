import { Anchor, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CUSTOMER_SORT_FIELDS,
  type Customer,
  MASTER_SEARCH_PAGE_SIZE,
  masterDataRoutes,
} from '@taxrecon/contracts';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { apiKey } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type FilterField, FilterForm } from '../search/FilterForm.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { MasterResults } from './MasterResults.tsx';

type SortField = (typeof CUSTOMER_SORT_FIELDS)[number];
const sortField = (s: string): SortField =>
  (CUSTOMER_SORT_FIELDS as readonly string[]).includes(s) ? (s as SortField) : 'customerName';

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'customerName', label: 'Customer Name' },
  { kind: 'text', key: 'customerCode', label: 'Customer Code' },
  { kind: 'text', key: 'tanNumber', label: 'TAN Number' },
  { kind: 'text', key: 'panNumber', label: 'PAN Number' },
  { kind: 'text', key: 'nameFrom26AS', label: 'Name from 26AS' },
  { kind: 'text', key: 'legalName', label: 'Legal Name' },
  { kind: 'text', key: 'nameFromSales', label: 'Name from Sales Book' },
];

const COLUMNS: DataTableColumn<Customer>[] = [
  {
    accessor: 'customerName',
    title: 'Customer Name',
    sortable: true,
    render: (c) => (
      <Anchor
        component={Link}
        to={`/customer/${c.customerId}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
        data-testid={`customer-link-${c.customerId}`}
      >
        {c.customerName}
      </Anchor>
    ),
  },
  { accessor: 'customerCode', title: 'Code', sortable: true },
  { accessor: 'tanNumber', title: 'TAN', sortable: true },
  { accessor: 'panNumber', title: 'PAN', sortable: true },
  { accessor: 'nameFrom26AS', title: 'Name from 26AS', sortable: true },
  { accessor: 'legalName', title: 'Legal Name', sortable: true },
  { accessor: 'addressCity', title: 'City' },
  { accessor: 'contactEmail', title: 'Contact Email' },
];

export function SearchCustomersPage() {
  const navigate = useNavigate();
  const [criteria, setCriteria] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<Customer>>({
    columnAccessor: 'customerName',
    direction: 'asc',
  });
  const body = {
    ...criteria,
    page,
    pageSize: MASTER_SEARCH_PAGE_SIZE,
    sortBy: sortField(String(sort.columnAccessor)),
    sortOrder: sort.direction,
  };
  const query = useQuery({
    queryKey: apiKey(masterDataRoutes.searchCustomers, body),
    queryFn: () => call(masterDataRoutes.searchCustomers, { body }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Search Customers"
        subtitle="Customers of the current entity; every criterion matches part of the value"
        actions={
          <Group gap="xs">
            <DownloadButton
              route={masterDataRoutes.customerMasterDownload}
              fileName="customer_master.txt"
              label="Download customer master"
              testId="customers-download"
            />
          </Group>
        }
      />
      <FilterForm
        fields={FIELDS}
        onSearch={(c) => {
          setCriteria(c);
          setPage(1);
        }}
        testId="customer-search"
        busy={query.isFetching}
      />
      <MasterResults
        query={query}
        columns={COLUMNS}
        idAccessor={(c) => c.customerId}
        page={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPage(1);
        }}
        emptyText="No Customers found for given criteria"
        onOpen={(c) => navigate(`/customer/${c.customerId}`)}
        testId="customer-results"
      />
    </Stack>
  );
}
