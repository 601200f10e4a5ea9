import { Badge, Group } from '@mantine/core';
import { masterDataRoutes, VENDOR_SORT_FIELDS, type Vendor } from '@taxrecon/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { call } from '../../api/client.ts';
import type { FilterField } from '../search/FilterForm.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { type PartySearchKind, PartySearchPage } from './PartySearchPage.tsx';
import { VendorMappingUpload } from './VendorMappingUpload.tsx';

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'vendorName', label: 'Vendor Name' },
  { kind: 'text', key: 'vendorCode', label: 'Vendor Code' },
  { kind: 'text', key: 'nameFrom26AS', label: 'Name from 26AS' },
  { kind: 'text', key: 'tanNumber', label: 'TAN Number' },
  { kind: 'text', key: 'panNumber', label: 'PAN Number' },
];

const COLUMNS: DataTableColumn<Vendor>[] = [
  { accessor: 'vendorCode', title: 'Code', sortable: true },
  { accessor: 'tanNumber', title: 'TAN', sortable: true },
  { accessor: 'panNumber', title: 'PAN', sortable: true },
  { accessor: 'nameFrom26AS', title: 'Name from 26AS', sortable: true },
  { accessor: 'vendorType', title: 'Type' },
  {
    accessor: 'activeStatus',
    title: 'Status',
    // a badge never squeezed to 'ACTI...'
    width: 96,
    noWrap: true,
    render: (v) => (
      <Badge size="sm" variant="light" color={v.activeStatus ? 'green' : 'gray'}>
        {v.activeStatus ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

const VENDORS: PartySearchKind<Vendor, (typeof VENDOR_SORT_FIELDS)[number]> = {
  kind: 'vendor',
  title: 'Search Vendors',
  subtitle: 'Vendors of the current entity; every criterion matches part of the value',
  fields: FIELDS,
  name: { accessor: 'vendorName', title: 'Vendor Name', of: (row) => row.vendorName },
  columns: COLUMNS,
  sortFields: VENDOR_SORT_FIELDS,
  route: masterDataRoutes.searchVendors,
  fetch: (body) => call(masterDataRoutes.searchVendors, { body }),
  idOf: (row) => row.vendorId,
  emptyText: 'No Vendors found for given criteria',
};

export function SearchVendorsPage() {
  return (
    <PartySearchPage
      kind={VENDORS}
      actions={
        <Group gap="xs">
          <DownloadButton
            route={masterDataRoutes.vendorMasterDownload}
            fileName="vendor_master.txt"
            label="Download vendor master"
            testId="vendors-download"
          />
          <DownloadButton
            route={masterDataRoutes.vendorSectionMappingDownload}
            fileName="vendor_section_mapping.txt"
            label="Download section mappings"
            testId="vendor-mappings-download"
          />
          <VendorMappingUpload />
        </Group>
      }
    />
  );
}
