import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MASTER_SEARCH_PAGE_SIZE,
  masterDataRoutes,
  VENDOR_SORT_FIELDS,
  type Vendor,
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

type SortField = (typeof VENDOR_SORT_FIELDS)[number];
const sortField = (s: string): SortField =>
  (VENDOR_SORT_FIELDS as readonly string[]).includes(s) ? (s as SortField) : 'vendorName';

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'vendorName', label: 'Vendor Name' },
  { kind: 'text', key: 'vendorCode', label: 'Vendor Code' },
  { kind: 'text', key: 'nameFrom26AS', label: 'Name from 26AS' },
  { kind: 'text', key: 'tanNumber', label: 'TAN Number' },
  { kind: 'text', key: 'panNumber', label: 'PAN Number' },
];

const COLUMNS: DataTableColumn<Vendor>[] = [
  {
    accessor: 'vendorName',
    title: 'Vendor Name',
    sortable: true,
    render: (v) => (
      <Anchor
        component={Link}
        to={`/vendor/${v.vendorId}`}
        size="sm"
        onClick={(e) => e.stopPropagation()}
        data-testid={`vendor-link-${v.vendorId}`}
      >
        {v.vendorName}
      </Anchor>
    ),
  },
  { accessor: 'vendorCode', title: 'Code', sortable: true },
  { accessor: 'tanNumber', title: 'TAN', sortable: true },
  { accessor: 'panNumber', title: 'PAN', sortable: true },
  { accessor: 'nameFrom26AS', title: 'Name from 26AS', sortable: true },
  { accessor: 'vendorType', title: 'Type' },
  {
    accessor: 'activeStatus',
    title: 'Status',
    render: (v) => (
      <Badge size="sm" variant="light" color={v.activeStatus ? 'green' : 'gray'}>
        {v.activeStatus ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

export function SearchVendorsPage() {
  const navigate = useNavigate();
  const [criteria, setCriteria] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<Vendor>>({
    columnAccessor: 'vendorName',
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
    queryKey: apiKey(masterDataRoutes.searchVendors, body),
    queryFn: () => call(masterDataRoutes.searchVendors, { body }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Search Vendors"
        subtitle="Vendors of the current entity; every criterion matches part of the value"
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
          </Group>
        }
      />
      <FilterForm
        fields={FIELDS}
        onSearch={(c) => {
          setCriteria(c);
          setPage(1);
        }}
        testId="vendor-search"
        busy={query.isFetching}
      />
      <MasterResults
        query={query}
        columns={COLUMNS}
        idAccessor={(v) => v.vendorId}
        page={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPage(1);
        }}
        emptyText="No Vendors found for given criteria"
        onOpen={(v) => navigate(`/vendor/${v.vendorId}`)}
        testId="vendor-results"
      />
    </Stack>
  );
}
