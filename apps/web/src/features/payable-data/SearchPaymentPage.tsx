import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  payableDataRoutes,
  VENDOR_PAYMENT_SEARCH_LIMIT,
  type VendorPaymentAnswer,
  type VendorPaymentRecord,
  type VendorPaymentSearch,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call, errorMessage } from '../../api/client.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { readAllPages } from '../../lib/all-pages.ts';
import { exportRows } from '../../lib/export-rows.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { type FilterField, FilterForm } from '../search/FilterForm.tsx';

const FILTERS: FilterField[] = [
  { kind: 'text', key: 'paymentNumber', label: 'Payment Number' },
  { kind: 'date', key: 'paymentDate', label: 'Payment Date' },
  { kind: 'text', key: 'baseAmount', label: 'Base Amount', placeholder: 'e.g. 1,05,942.50' },
  { kind: 'text', key: 'paymentDescription', label: 'Description' },
  { kind: 'text', key: 'vendorCode', label: 'Vendor Code' },
  { kind: 'text', key: 'vendorName', label: 'Vendor Name' },
  { kind: 'text', key: 'panNumber', label: 'PAN Number' },
  { kind: 'text', key: 'sectionNumber', label: 'Section Number' },
  { kind: 'text', key: 'subSection', label: 'Sub Section' },
  { kind: 'text', key: 'tdsRate', label: 'TDS Rate (%)' },
  { kind: 'text', key: 'tdsAmount', label: 'TDS Amount', placeholder: 'e.g. 2,118.84' },
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

type Criteria = Record<string, string>;
type Answer = z.output<typeof VendorPaymentAnswer>;
const searchPage = (criteria: Criteria, page: number) =>
  call(payableDataRoutes.searchVendorPayments, { body: { ...(criteria as VendorPaymentSearch), page } });

// Search Vendor Payment Entries: filters, then at most 1000 results on screen,
// 50 a page, sortable and filterable; the Excel export holds every matching
// payment, read from the server 1000 at a time.
export function SearchPaymentPage() {
  // the criteria of the results on screen, which the export reads again
  const [shown, setShown] = useState<{ criteria: Criteria; answer: Answer } | null>(null);
  const [exporting, setExporting] = useState(false);
  const search = useMutation({
    mutationFn: (criteria: Criteria) => searchPage(criteria, 1),
    onSuccess: (answer, criteria) => setShown({ criteria, answer }),
  });
  // A refused filter (an amount it cannot read) leaves the last results on
  // screen under the message, rather than an empty page.
  const answer = shown?.answer;
  // Opens on the entity's payments (a blank page read as none), as Search
  // Sales and Search Form 16A do; the filters then narrow them.
  const { mutate } = search;
  useEffect(() => mutate({}), [mutate]);
  const exportAll = async () => {
    if (!shown) return;
    setExporting(true);
    try {
      const rows = await readAllPages(
        (page) => searchPage(shown.criteria, page),
        VENDOR_PAYMENT_SEARCH_LIMIT,
      );
      await exportRows('vendor-payments', COLUMNS, rows);
      notifications.show({
        color: 'green',
        message: `All ${formatCount(rows.length)} matching payments were exported to vendor-payments.xlsx.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };
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
          <Group justify="space-between">
            <Text size="sm" data-testid="search-payment-count">
              {formatCount(answer.totalRecords)} payment(s) found
              {answer.totalRecords > VENDOR_PAYMENT_SEARCH_LIMIT
                ? `; the first ${formatCount(VENDOR_PAYMENT_SEARCH_LIMIT)} are shown. Export to Excel saves all ${formatCount(answer.totalRecords)}.`
                : answer.totalRecords > 1
                  ? `. Export to Excel saves all ${formatCount(answer.totalRecords)}.`
                  : answer.totalRecords === 1
                    ? '. Export to Excel saves it.'
                    : ''}
            </Text>
            {/* not the grid's own export, which saves the rows on screen (at most 1000) */}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={answer.totalRecords === 0}
              loading={exporting}
              onClick={exportAll}
              data-testid="search-payment-results-export"
            >
              Export to Excel
            </Button>
          </Group>
          <DataGrid
            records={answer.records}
            columns={COLUMNS}
            idAccessor={(r) => r.id}
            pageSize={50}
            noRecordsText="No Results Found"
            testId="search-payment-results"
          />
        </Stack>
      )}
    </Stack>
  );
}
