import { Group } from '@mantine/core';
import { CUSTOMER_SORT_FIELDS, type Customer, masterDataRoutes } from '@taxrecon/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { call } from '../../api/client.ts';
import type { FilterField } from '../search/FilterForm.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { type PartySearchKind, PartySearchPage } from './PartySearchPage.tsx';

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
  { accessor: 'customerCode', title: 'Code', sortable: true },
  { accessor: 'tanNumber', title: 'TAN', sortable: true },
  { accessor: 'panNumber', title: 'PAN', sortable: true },
  { accessor: 'nameFrom26AS', title: 'Name from 26AS', sortable: true },
  { accessor: 'legalName', title: 'Legal Name', sortable: true },
  { accessor: 'addressCity', title: 'City' },
  { accessor: 'contactEmail', title: 'Contact Email' },
];

const CUSTOMERS: PartySearchKind<Customer, (typeof CUSTOMER_SORT_FIELDS)[number]> = {
  kind: 'customer',
  title: 'Search Customers',
  subtitle: 'Customers of the current entity; every criterion matches part of the value',
  fields: FIELDS,
  name: { accessor: 'customerName', title: 'Customer Name', of: (row) => row.customerName },
  columns: COLUMNS,
  sortFields: CUSTOMER_SORT_FIELDS,
  route: masterDataRoutes.searchCustomers,
  fetch: (body) => call(masterDataRoutes.searchCustomers, { body }),
  idOf: (row) => row.customerId,
  emptyText: 'No Customers found for given criteria',
};

export function SearchCustomersPage() {
  return (
    <PartySearchPage
      kind={CUSTOMERS}
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
  );
}
