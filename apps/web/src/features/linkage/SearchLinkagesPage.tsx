import { Badge, Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LINKAGE_SEARCH_PAGE_SIZE, type LinkageRow, linkageRoutes } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const COLUMNS: readonly GridColumn<LinkageRow>[] = [
  { accessor: 'legalName', title: 'Legal Name', value: (r) => r.legalName, sortable: true, filterable: true },
  { accessor: 'pan', title: 'PAN', value: (r) => r.pan, sortable: true, filterable: true },
  { accessor: 'tanNumber', title: 'TAN', value: (r) => r.tanNumber, sortable: true, filterable: true },
  { accessor: 'customerCode', title: 'Customer Code', value: (r) => r.customerCode, sortable: true },
  {
    accessor: 'source',
    title: 'Link',
    value: (r) => (r.source === 'master' ? 'Own TAN' : 'Linked TAN'),
    render: (r) => (
      <Badge variant="light" color={r.source === 'master' ? 'blue' : 'teal'}>
        {r.source === 'master' ? 'Own TAN' : 'Linked TAN'}
      </Badge>
    ),
  },
];

// Spec part 3: /search-linkages-26as. One keyword (legal name, TAN or PAN);
// the customers and the 26AS TANs linked to them, 50 a page from the server.
export function SearchLinkagesPage() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });
  const results = useApiQuery(linkageRoutes.search26asLinkages, { body: query });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    setQuery({ keyword: typed.trim(), page: 1 });
  };
  const total = results.data?.totalRecords ?? 0;
  return (
    <Stack gap="md">
      <PageHeader
        title="Search 26AS Customer Linkages"
        subtitle="Customers and the 26AS TANs linked to them, by legal name, TAN or PAN"
      />
      <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit}>
        <Group align="end">
          <TextInput
            label="Keyword"
            placeholder="Legal name, TAN or PAN"
            value={typed}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTyped(value);
              // Search is disabled while the box is empty (spec part 3): clearing it lists every linkage again
              if (value.trim() === '' && query.keyword !== '') setQuery({ keyword: '', page: 1 });
            }}
            w={360}
            data-testid="linkage-keyword"
          />
          <Button
            type="submit"
            leftSection={<IconSearch size={16} />}
            disabled={typed.trim() === ''}
            data-testid="linkage-search"
          >
            Search
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="linkage-total">
            {total} linkages
          </Text>
          <DataGrid
            records={results.data?.rows ?? []}
            columns={COLUMNS}
            idAccessor={(r) => `${r.tanNumber}|${r.customerCode ?? ''}|${r.source}`}
            pageSize={LINKAGE_SEARCH_PAGE_SIZE}
            fetching={results.isFetching}
            exportName="26as-customer-linkages"
            testId="linkage-results"
            noRecordsText="No Results Found"
          />
          {total > LINKAGE_SEARCH_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / LINKAGE_SEARCH_PAGE_SIZE)}
              value={query.page}
              onChange={(page) => setQuery((q) => ({ ...q, page }))}
              data-testid="linkage-pages"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
