import { Anchor, Badge, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { followUpRoutes, NO_FOLLOW_UPS_FOUND, type ThreadSummary } from '@taxrecon/contracts';
import { paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDateTime, formatFinancialYear } from '../../lib/format.ts';
import { inr } from '../reconciliation/common/money.ts';
import { FOLLOW_UP_TYPE_TEXT, threadPath } from './FollowUpDialog.tsx';

type Filters = {
  customer?: string;
  status?: 'Open' | 'Closed';
  followupType?: 'TDSFollowup' | 'TCSFollowup';
};

const columns: GridColumn<ThreadSummary>[] = [
  {
    accessor: 'customer',
    title: 'Customer',
    value: (t) => t.customerName,
    render: (t) => (
      <Anchor component={Link} to={threadPath(t.threadId)} size="sm">
        {t.customerName}
      </Anchor>
    ),
    sortable: true,
    filterable: true,
    // room for the amounts and the last activity at 1440 wide, without scrolling sideways
    width: 220,
  },
  { accessor: 'tan', title: 'TAN', value: (t) => t.customerTan, sortable: true, filterable: true },
  { accessor: 'type', title: 'Type', value: (t) => FOLLOW_UP_TYPE_TEXT[t.followupType], sortable: true },
  {
    accessor: 'year',
    title: 'Year',
    value: (t) => formatFinancialYear(t.financialYear),
    sortable: true,
  },
  {
    accessor: 'status',
    title: 'Status',
    value: (t) => t.status,
    render: (t) => (
      <Badge color={t.status === 'Open' ? 'green' : 'red'} variant="light">
        {t.status}
      </Badge>
    ),
    sortable: true,
    filterable: true,
  },
  { accessor: 'entries', title: 'Entries', value: (t) => t.entries, sortable: true, textAlign: 'right' },
  {
    accessor: 'bookTax',
    title: 'Tax (books)',
    value: (t) => rupeesNumber(paiseOrZero(t.totalTaxFromBook)),
    render: (t) => inr(t.totalTaxFromBook),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'tbTax',
    title: 'Tax (26AS)',
    value: (t) => rupeesNumber(paiseOrZero(t.totalTaxFromTaxBook)),
    render: (t) => inr(t.totalTaxFromTaxBook),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'last',
    title: 'Last activity',
    value: (t) => t.lastActivity,
    render: (t) => formatDateTime(t.lastActivity),
    sortable: true,
  },
];

// Search Follow Ups (spec 2.9): the entity's threads by customer, status and type.
export function SearchFollowUpsPage() {
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const result = useApiQuery(followUpRoutes.searchFollowUps, { query: filters });
  return (
    <>
      <PageHeader title="Search Follow Ups" subtitle="Follow-up threads with customers and vendors" />
      <Paper withBorder radius="md" p="md" mb="md">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Customer name or TAN"
            value={draft.customer ?? ''}
            onChange={(e) => setDraft({ ...draft, customer: e.currentTarget.value })}
            data-testid="search-follow-ups-customer"
          />
          <Select
            label="Status"
            clearable
            data={['Open', 'Closed']}
            value={draft.status ?? null}
            onChange={(v) => setDraft({ ...draft, status: (v as Filters['status']) ?? undefined })}
          />
          <Select
            label="Type"
            clearable
            data={Object.entries(FOLLOW_UP_TYPE_TEXT).map(([value, label]) => ({ value, label }))}
            value={draft.followupType ?? null}
            onChange={(v) =>
              setDraft({ ...draft, followupType: (v as Filters['followupType']) ?? undefined })
            }
          />
          <Button
            leftSection={<IconSearch size={16} />}
            onClick={() => setFilters({ ...draft })}
            data-testid="search-follow-ups-go"
          >
            Search
          </Button>
        </Group>
      </Paper>
      {result.isError ? (
        <QueryError error={result.error} />
      ) : (
        <DataGrid
          records={result.data ?? []}
          columns={columns}
          idAccessor={(t) => t.threadId}
          exportName="follow-ups"
          fetching={result.isFetching}
          noRecordsText={NO_FOLLOW_UPS_FOUND}
          testId="search-follow-ups"
          initialSort={{ accessor: 'last', direction: 'desc' }}
        />
      )}
    </>
  );
}
