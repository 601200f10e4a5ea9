import { Alert, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  payableDataRoutes,
  VENDOR_PAYMENT_SEARCH_LIMIT,
  type VendorPaymentRecord,
  type VendorPaymentSearch,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { useEffect } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';
import { type FilterField, FilterForm } from '../search/FilterForm.tsx';

const FILTERS: FilterField[] = [
  { kind: 'text', key: 'paymentNumber', label: 'Payment Number' },
  { kind: 'date', key: 'paymentDate', label: 'Payment Date' },
  { kind: 'text', key: 'baseAmount', label: 'Base Amount', placeholder: 'e.g. 100000.00' },
  { kind: 'text', key: 'paymentDescription', label: 'Description' },
  { kind: 'text', key: 'vendorCode', label: 'Vendor Code' },
  { kind: 'text', key: 'vendorName', label: 'Vendor Name' },
  { kind: 'text', key: 'panNumber', label: 'PAN Number' },
  { kind: 'text', key: 'sectionNumber', label: 'Section Number' },
  { kind: 'text', key: 'subSection', label: 'Sub Section' },
  { kind: 'text', key: 'tdsRate', label: 'TDS Rate (%)' },
  { kind: 'text', key: 'tdsAmount', label: 'TDS Amount' },
  { kind: 'date', key: 'paymentFromDate', label: 'Payment From Date' },
  { kind: 'date', key: 'paymentToDate', label: 'Payment To Date' },
];

const rupees = (text: string) => formatInr(paiseOrZero(text));
const text = (key: keyof VendorPaymentRecord, title: string): GridColumn<VendorPaymentRecord> => ({
  accessor: key,
  title,
  value: (r) => {
    const v = r[key];
    return v === null ? '' : v;
  },
});
const COLUMNS: GridColumn<VendorPaymentRecord>[] = [
  {
    accessor: 'paymentDate',
    title: 'Payment Date',
    value: (r) => r.paymentDate,
    render: (r) => formatDate(r.paymentDate),
    noWrap: true,
  },
  text('paymentNumber', 'Payment Number'),
  text('paymentDescription', 'Description'),
  text('vendorCode', 'Vendor Code'),
  text('vendorName', 'Vendor Name'),
  text('panNumber', 'PAN'),
  {
    accessor: 'baseAmount',
    title: 'Base Amount',
    value: (r) => Number(r.baseAmount),
    render: (r) => rupees(r.baseAmount),
    textAlign: 'right',
    noWrap: true,
  },
  text('sectionNumber', 'Section'),
  text('subSection', 'Sub Section'),
  {
    accessor: 'tdsRate',
    title: 'TDS Rate (%)',
    value: (r) => (r.tdsRate === null ? null : Number(r.tdsRate)),
    textAlign: 'right',
  },
  {
    accessor: 'tdsAmount',
    title: 'TDS Amount',
    value: (r) => Number(r.tdsAmount),
    render: (r) => rupees(r.tdsAmount),
    textAlign: 'right',
    noWrap: true,
  },
  text('fileName', 'File'),
];

// Search Vendor Payment Entries: filters, then at most 1000 results on screen,
// 50 a page, sortable, filterable and exported to Excel.
export function SearchPaymentPage() {
  const search = useMutation({
    mutationFn: (criteria: Record<string, string>) =>
      call(payableDataRoutes.searchVendorPayments, { body: criteria as VendorPaymentSearch }),
  });
  const answer = search.data;
  // Opens on the entity's payments (a blank page read as none), as Search
  // Sales and Search Form 16A do; the filters then narrow them.
  const { mutate } = search;
  useEffect(() => mutate({}), [mutate]);
  return (
    <Stack gap="md">
      <PageHeader
        title="Search Vendor Payment Entries"
        subtitle="Payments loaded from the vendor payment ledgers"
      />
      <FilterForm
        fields={FILTERS}
        onSearch={(c) => search.mutate(c)}
        testId="search-payment-form"
        busy={search.isPending}
      />
      {search.isError && (
        <Alert color="red" data-testid="search-payment-error">
          {errorMessage(search.error)}
        </Alert>
      )}
      {answer && (
        <Stack gap="xs">
          <Text size="sm" data-testid="search-payment-count">
            {formatCount(answer.totalRecords)} payment(s) found
            {answer.totalRecords > VENDOR_PAYMENT_SEARCH_LIMIT
              ? `; the first ${formatCount(VENDOR_PAYMENT_SEARCH_LIMIT)} are shown. Narrow the search to see the rest.`
              : ''}
          </Text>
          <DataGrid
            records={answer.records}
            columns={COLUMNS}
            idAccessor={(r) => r.id}
            pageSize={50}
            exportName="vendor-payments"
            noRecordsText="No Results Found"
            testId="search-payment-results"
          />
        </Stack>
      )}
    </Stack>
  );
}
