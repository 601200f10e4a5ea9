import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  type LdcCertificateRecord,
  payableDataRoutes,
  REFERENCE_LIST_LIMIT,
  type TanItrRecord,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatCount, formatDate, formatDateTime } from '../../lib/format.ts';

const R = payableDataRoutes;

const VALIDITY_COLOUR = { valid: 'teal', expired: 'gray', 'not yet valid': 'blue' } as const;

const LDC_COLUMNS: GridColumn<LdcCertificateRecord>[] = [
  { accessor: 'certificateNumber', title: 'Certificate', value: (r) => r.certificateNumber, noWrap: true },
  {
    accessor: 'validity',
    title: 'Today',
    value: (r) => r.validity,
    render: (r) => (
      <Badge size="sm" variant="light" color={VALIDITY_COLOUR[r.validity]}>
        {r.validity}
      </Badge>
    ),
  },
  { accessor: 'panNumber', title: 'PAN', value: (r) => r.panNumber, noWrap: true },
  { accessor: 'vendorName', title: 'Vendor', value: (r) => r.vendorName ?? r.vendorCode ?? '' },
  {
    accessor: 'section',
    title: 'Section',
    value: (r) => `${r.sectionNumber}${r.subSection ? ` (${r.subSection})` : ''}`,
    noWrap: true,
  },
  // the numbers and the load time carry no text filter, which keeps the eleven columns inside 1440 px
  {
    accessor: 'rate',
    title: 'Rate (%)',
    value: (r) => Number(r.rate),
    textAlign: 'right',
    filterable: false,
  },
  {
    accessor: 'amountLimit',
    title: 'Amount Limit',
    filterable: false,
    value: (r) => (r.amountLimit === null ? null : Number(r.amountLimit)),
    render: (r) => (r.amountLimit === null ? 'No limit' : formatInr(paiseOrZero(r.amountLimit))),
    textAlign: 'right',
    noWrap: true,
  },
  {
    accessor: 'validFrom',
    title: 'Valid From',
    value: (r) => r.validFrom,
    render: (r) => formatDate(r.validFrom),
    noWrap: true,
  },
  {
    accessor: 'validTo',
    title: 'Valid To',
    value: (r) => r.validTo,
    render: (r) => formatDate(r.validTo),
    noWrap: true,
  },
  { accessor: 'fileName', title: 'File', value: (r) => r.fileName ?? '' },
  {
    accessor: 'loadedAt',
    title: 'Loaded',
    filterable: false,
    value: (r) => r.loadedAt,
    render: (r) => formatDateTime(r.loadedAt),
  },
];

const TAN_ITR_COLUMNS: GridColumn<TanItrRecord>[] = [
  { accessor: 'panNumber', title: 'PAN', value: (r) => r.panNumber, noWrap: true },
  { accessor: 'name', title: 'Name', value: (r) => r.name ?? '' },
  {
    accessor: 'specifiedPerson',
    title: '206AB',
    value: (r) => (r.specifiedPerson ? 'Yes' : 'No'),
    render: (r) => (
      <Badge variant="light" color={r.specifiedPerson ? 'orange' : 'gray'}>
        {r.specifiedPerson ? 'Yes' : 'No'}
      </Badge>
    ),
  },
  {
    accessor: 'asOfDate',
    title: 'As on',
    value: (r) => r.asOfDate ?? '',
    render: (r) => formatDate(r.asOfDate),
  },
  { accessor: 'financialYear', title: 'Financial Year', value: (r) => r.financialYear ?? '' },
  { accessor: 'vendors', title: 'Vendors', value: (r) => r.vendors, textAlign: 'right' },
  { accessor: 'fileName', title: 'File', value: (r) => r.fileName ?? '' },
  {
    accessor: 'loadedAt',
    title: 'Loaded',
    value: (r) => r.loadedAt,
    render: (r) => formatDateTime(r.loadedAt),
  },
];

const countLine = (shown: number, total: number, what: string) =>
  total > shown
    ? `${formatCount(total)} ${what} loaded; the first ${formatCount(REFERENCE_LIST_LIMIT)} are shown.`
    : `${formatCount(total)} ${what} loaded`;

interface LoadedListProps<T extends { id: string }> {
  title: string;
  // undefined until the list has loaded
  data: { records: T[]; totalRecords: number } | undefined;
  fetching: boolean;
  error: unknown;
  // what the count line says: '2 certificate(s) loaded, 1 valid today'
  what: string;
  highlight: (records: T[]) => string;
  columns: GridColumn<T>[];
  exportName: string;
  emptyText: string;
  testId: string;
}

function LoadedList<T extends { id: string }>(p: LoadedListProps<T>) {
  const records = p.data?.records ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {p.title}
        </Title>
        {p.data && (
          <Text size="sm" c="dimmed" data-testid={`${p.testId}-count`}>
            {countLine(records.length, p.data.totalRecords, p.what)}, {p.highlight(records)}
          </Text>
        )}
      </Group>
      {p.error ? <QueryError error={p.error} /> : null}
      <DataGrid
        records={records}
        columns={p.columns}
        idAccessor={(r) => r.id}
        pageSize={20}
        fetching={p.fetching}
        exportName={p.exportName}
        dense
        noRecordsText={p.emptyText}
        testId={p.testId}
      />
    </Stack>
  );
}

// What the LTDC upload has loaded: the certificates the 34A run applies, and
// whether each is valid today.
export function LdcList() {
  const list = useApiQuery(R.listLdc, {});
  return (
    <LoadedList
      title="Loaded certificates"
      data={list.data}
      fetching={list.isFetching}
      error={list.error}
      what="certificate(s)"
      highlight={(rs) => `${formatCount(rs.filter((r) => r.validity === 'valid').length)} valid today`}
      columns={LDC_COLUMNS}
      exportName="ltdc-certificates"
      emptyText="No certificates loaded yet"
      testId="ldc-list"
    />
  );
}

// What the TAN-ITR upload has loaded: the PANs marked as specified persons
// (206AB: twice the rate) first.
export function TanItrList() {
  const list = useApiQuery(R.listTanItr, {});
  return (
    <LoadedList
      title="Loaded report"
      data={list.data}
      fetching={list.isFetching}
      error={list.error}
      what="PAN(s)"
      highlight={(rs) => `${formatCount(rs.filter((r) => r.specifiedPerson).length)} specified person(s)`}
      columns={TAN_ITR_COLUMNS}
      exportName="tan-itr-report"
      emptyText="No report loaded yet"
      testId="tan-itr-list"
    />
  );
}
