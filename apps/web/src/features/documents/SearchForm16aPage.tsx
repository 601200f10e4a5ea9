import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconMail, IconMailForward, IconSearch } from '@tabler/icons-react';
import {
  documentRoutes,
  EMAIL_PATTERN,
  FORM16A_PAGE_SIZE,
  FORM16A_SEARCH_LIMIT,
  type Form16aQuery,
  type Form16aRecord,
  fillPath,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { useState } from 'react';
import { call, download, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { actionsColumn, DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { yearLabel } from '../../lib/financial-years.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { missingEmailsWarning, QUARTER_OPTIONS, saveMissingEmailsCsv } from './form16a-options.ts';

const rupees = (text: string | null) => (text === null ? '' : formatInr(paiseOrZero(text)));

const downloadPdf = (fileName: string) =>
  download('GET', fillPath(documentRoutes.form16aDownload.path, { fileName }), fileName).catch(
    (error: unknown) =>
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) }),
  );

function EmailDialog({ record, onClose }: { record: Form16aRecord | null; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (record && shownFor !== record.fileName) {
    setShownFor(record.fileName);
    setEmail(record.email ?? '');
  }
  const send = async () => {
    if (!record) return;
    setSending(true);
    try {
      const answer = await call(documentRoutes.form16aEmail, {
        body: { fileName: record.fileName, email: email.trim() },
      });
      if (answer.status === 'success') {
        notifications.show({ color: 'green', message: 'Email Sent' });
        onClose();
      } else notifications.show({ color: 'red', message: 'Error while sending email' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error while sending email', message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={!!record} onClose={onClose} title="Email Form 16A" centered>
      <Stack gap="sm">
        <Text size="sm">
          {record?.fileName}: {record?.vendorName} ({record?.vendorPan}),{' '}
          {yearLabel(record?.financialYear ?? '')} {record?.quarter}
        </Text>
        <TextInput
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={email && !EMAIL_PATTERN.test(email.trim()) ? 'Invalid Email Address' : null}
          data-testid="form16a-email-to"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconMail size={16} />}
            onClick={send}
            loading={sending}
            disabled={!EMAIL_PATTERN.test(email.trim())}
            data-testid="form16a-email-send"
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const columns = (onEmail: (r: Form16aRecord) => void): GridColumn<Form16aRecord>[] => [
  // first, so the row's actions stay in view however wide the table
  actionsColumn((r) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Download">
        <ActionIcon
          variant="subtle"
          aria-label={`Download ${r.fileName}`}
          onClick={() => downloadPdf(r.fileName)}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Email">
        <ActionIcon
          variant="subtle"
          aria-label={`Email ${r.fileName}`}
          onClick={() => onEmail(r)}
          data-testid={`form16a-email-${r.fileName}`}
        >
          <IconMail size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  )),
  // the amounts before the certificate's other details: at 1440 pixels the
  // table is wider than the page, and what scrolls out of view is the rest
  { accessor: 'vendorName', title: 'Vendor Name', value: (r) => r.vendorName },
  { accessor: 'vendorPan', title: 'Vendor PAN', value: (r) => r.vendorPan },
  { accessor: 'financialYear', title: 'Financial Year', value: (r) => yearLabel(r.financialYear) },
  { accessor: 'quarter', title: 'Quarter', value: (r) => r.quarter },
  {
    accessor: 'amountPaid',
    title: 'Amount Paid',
    value: (r) => (r.amountPaid === null ? null : rupeesNumber(paiseOrZero(r.amountPaid))),
    render: (r) => rupees(r.amountPaid),
    textAlign: 'right',
  },
  {
    accessor: 'taxDeducted',
    title: 'Tax Deducted',
    value: (r) => (r.taxDeducted === null ? null : rupeesNumber(paiseOrZero(r.taxDeducted))),
    render: (r) => rupees(r.taxDeducted),
    textAlign: 'right',
  },
  { accessor: 'certificateNumber', title: 'Certificate', value: (r) => r.certificateNumber ?? '' },
  { accessor: 'vendorCode', title: 'Vendor Code', value: (r) => r.vendorCode ?? '' },
  { accessor: 'email', title: 'Email', value: (r) => r.email ?? '' },
  { accessor: 'fileName', title: 'File Name', value: (r) => r.fileName },
];

export function SearchForm16aPage() {
  const [vendorPan, setVendorPan] = useState('');
  const [vendorName, setVendorName] = useState('');
  const [quarter, setQuarter] = useState<string | null>(null);
  // a search filter marks the years with certificates but searches every year until asked
  const picker = useYearPicker('form16a', 'form16a', { start: false });
  const { year: financialYear, setYear: setFinancialYear } = picker;
  // opens on the entity's certificates (the first FORM16A_SEARCH_LIMIT): a
  // blank page until Search was pressed looked like there were none
  // the entity's certificates on open; Search narrows them
  const [query, setQuery] = useState<Form16aQuery>({});
  const [emailing, setEmailing] = useState<Form16aRecord | null>(null);
  const results = useApiQuery(documentRoutes.form16aSearch, { query });
  const stats = useApiQuery(documentRoutes.form16aEmailStats, { query });
  const missing = stats.data?.missingEmails ?? [];

  const search = () =>
    setQuery({
      ...(vendorPan.trim() ? { vendorPan: vendorPan.trim() } : {}),
      ...(vendorName.trim() ? { vendorName: vendorName.trim() } : {}),
      ...(quarter ? { quarter } : {}),
      ...(financialYear ? { financialYear } : {}),
    });

  const bulkEmail = () =>
    modals.openConfirmModal({
      title: 'Email Form 16A to vendors',
      children: (
        <Text size="sm">
          Email every vendor matching the search its Form 16A certificates, to the contact e-mail of the
          vendor master?
          {missing.length > 0 && ` ${missing.length} vendor(s) without a contact e-mail will be skipped.`}
        </Text>
      ),
      labels: { confirm: 'Email all', cancel: 'Cancel' },
      confirmProps: { 'data-testid': 'form16a-bulk-confirm' },
      onConfirm: async () => {
        try {
          const answer = await call(documentRoutes.form16aBulkEmail, { query });
          notifications.show({
            color: answer.error ? 'red' : 'green',
            message: answer.error ?? 'Job submitted successfully',
          });
        } catch (error) {
          notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
        }
      },
    });

  const records = results.data?.records ?? [];
  const total = results.data?.totalRecords ?? 0;
  return (
    <Stack gap="md">
      <PageHeader
        title="Search Form 16A"
        subtitle="Certificates of the current entity; download or e-mail them to vendors"
      />
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput
              label="Vendor PAN"
              value={vendorPan}
              onChange={(e) => setVendorPan(e.currentTarget.value.toUpperCase())}
              data-testid="search16a-pan"
            />
            <TextInput
              label="Vendor Name"
              value={vendorName}
              onChange={(e) => setVendorName(e.currentTarget.value)}
              data-testid="search16a-name"
            />
            <Select
              label="Quarter"
              data={QUARTER_OPTIONS}
              value={quarter}
              onChange={setQuarter}
              clearable
              placeholder="Any"
            />
            <Select
              label="Financial Year"
              data={picker.options}
              value={financialYear}
              onChange={setFinancialYear}
              clearable
              placeholder="Any"
            />
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="search16a-submit">
              Search
            </Button>
          </Group>
        </form>
      </Paper>
      {results.error && <QueryError error={results.error} />}
      {missing.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="search16a-missing-emails">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{missingEmailsWarning(missing.length)}</Text>
            <Button
              size="xs"
              variant="light"
              color="yellow"
              leftSection={<IconDownload size={14} />}
              onClick={() => saveMissingEmailsCsv(missing)}
            >
              Download PANs (.csv)
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          {total > FORM16A_SEARCH_LIMIT && (
            <Text size="sm" c="dimmed">
              {total} certificates match; the first {FORM16A_SEARCH_LIMIT} are shown. Narrow the search to see
              the rest.
            </Text>
          )}
          <DataGrid
            records={records}
            columns={columns(setEmailing)}
            idAccessor={(r) => r.fileName}
            pageSize={FORM16A_PAGE_SIZE}
            fetching={results.isFetching}
            // wider than the page at 1440 px: the row's buttons stay in view while the rest scrolls
            pinFirstColumn
            exportName="form16a"
            testId="search16a-results"
            noRecordsText="No Results Found"
            toolbar={
              <Button
                leftSection={<IconMailForward size={16} />}
                onClick={bulkEmail}
                disabled={records.length === 0}
                data-testid="search16a-bulk-email"
              >
                Email all to vendors
              </Button>
            }
          />
        </Stack>
      </Paper>
      <EmailDialog record={emailing} onClose={() => setEmailing(null)} />
    </Stack>
  );
}
