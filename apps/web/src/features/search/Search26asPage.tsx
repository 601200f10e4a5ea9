import { Stack, Text } from '@mantine/core';
import { type Search26asRequest, searchRoutes, type TaxEntryRecord } from '@taxrecon/contracts';
import { bookingStatusName } from '@taxrecon/shared';
import { useMemo } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { yearLabel } from '../../lib/financial-years.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { type FilterField, FilterForm } from './FilterForm.tsx';
import { type SearchColumn, SearchResults } from './SearchResults.tsx';
import { amountCell, formatDate, formatRupees } from './search-format.ts';
import { useServerSearch } from './use-server-search.ts';

type Row = z.output<typeof TaxEntryRecord>;
type Filters = Omit<z.input<typeof Search26asRequest>, 'page' | 'pageSize' | 'sortBy' | 'sortDirection'>;

const COLUMNS: SearchColumn<Row>[] = [
  {
    accessor: 'transactiondate',
    title: 'Transaction Date',
    sortable: true,
    noWrap: true,
    value: (r) => r.transactiondate,
    render: (r) => formatDate(r.transactiondate),
  },
  { accessor: 'customername', title: 'Deductor / Collector', sortable: true, value: (r) => r.customername },
  { accessor: 'tannumber', title: 'TAN', sortable: true, value: (r) => r.tannumber },
  { accessor: 'section', title: 'Section', value: (r) => r.section },
  {
    accessor: 'taxtype',
    title: 'Type',
    // plain text that never wraps: a badge in this narrow column was cut to "T..." at 1440 px
    noWrap: true,
    value: (r) => r.taxtype,
    render: (r) => (
      <Text size="sm" fw={600} c={r.taxtype === 'TCS' ? 'grape.7' : 'indigo.7'}>
        {r.taxtype}
      </Text>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    value: (r) => r.status,
    render: (r) => bookingStatusName(r.status),
    noWrap: true,
  },
  {
    accessor: 'amountpaid',
    title: 'Amount Paid / Credited',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.amountpaid),
    render: (r) => formatRupees(r.amountpaid),
  },
  {
    accessor: 'taxdeducted',
    title: 'Tax Deducted',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.taxdeducted),
    render: (r) => formatRupees(r.taxdeducted),
  },
  {
    accessor: 'taxfiled',
    title: 'Tax Deposited',
    textAlign: 'right',
    value: (r) => amountCell(r.taxfiled),
    render: (r) => formatRupees(r.taxfiled),
  },
  { accessor: 'financialyear', title: 'Financial Year', value: (r) => yearLabel(r.financialyear) },
  {
    accessor: 'file',
    title: 'File',
    value: (r) => `${r.file}:${r.line}`,
    // a file name is one long word: it may break inside (8 characters a line at
    // least) rather than push the table past 1440 px
    render: (r) => (
      <span style={{ display: 'inline-block', minWidth: '8ch', overflowWrap: 'anywhere' }}>
        {`${r.file}:${r.line}`}
      </span>
    ),
  },
];

export function Search26asPage() {
  // a search filter marks the years with 26AS entries but searches every year until asked
  const years = useYearPicker('tds', '26as', { start: false }).options;
  const fields = useMemo<FilterField[]>(
    () => [
      { kind: 'text', key: 'customerName', label: 'Deductor Name' },
      { kind: 'text', key: 'tanNumber', label: 'TAN Number' },
      { kind: 'text', key: 'panNumber', label: 'Customer PAN Number' },
      { kind: 'select', key: 'financialYear', label: 'Financial Year', data: years },
      {
        kind: 'select',
        key: 'taxType',
        label: 'Tax Type',
        data: [
          { value: 'TDS', label: 'TDS' },
          { value: 'TCS', label: 'TCS' },
        ],
      },
      { kind: 'date', key: 'startDate', label: 'Transaction Start Date' },
      { kind: 'date', key: 'endDate', label: 'Transaction End Date' },
    ],
    [years],
  );
  const search = useServerSearch<Filters, Row>(
    '26as',
    (body) => call(searchRoutes.search26as, { body }),
    {},
    { columnAccessor: 'transactiondate', direction: 'asc' },
  );
  return (
    <Stack gap={0}>
      <PageHeader
        title="Search 26AS Entries"
        subtitle="Entries of the loaded Form 26AS files of this entity"
      />
      <FilterForm
        fields={fields}
        onSearch={(c) => search.search(c as Filters)}
        testId="search-26as-filters"
        busy={search.query.isFetching}
      />
      <SearchResults
        search={search}
        columns={COLUMNS}
        idAccessor={(r) => r.id}
        testId="search-26as-results"
        exportName="26as-entries"
        amountLabel="Amount Paid / Credited"
        taxLabel="Tax Deducted / Collected"
      />
    </Stack>
  );
}
