import { Badge, Text, Tooltip } from '@mantine/core';
import type { PayableEntry, PayableEntryStatus } from '@taxrecon/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '../common/dates.ts';
import { inr } from '../common/money.ts';
import { monthYearLabel } from '../common/months.ts';

// DOMAIN section 7.6: the outcome of an entry against the TDS due.
export const STATUS_LABELS: Record<PayableEntryStatus, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'green' },
  short: { label: 'Short deducted', color: 'pink' },
  excess: { label: 'Excess deducted', color: 'orange' },
  notDeducted: { label: 'Not deducted', color: 'red' },
  belowThreshold: { label: 'Below threshold', color: 'gray' },
  exempt: { label: 'Exempt', color: 'teal' },
  notApplicable: { label: 'No TDS section', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

const money = (
  accessor: keyof PayableEntry & string,
  title: string,
  sortable = false,
): DataTableColumn<PayableEntry> => ({
  accessor,
  title,
  textAlign: 'right',
  noWrap: true,
  sortable,
  render: (e) => inr(e[accessor] as string),
});

// The entries of one summary row; the sortable columns are the ones the server sorts by.
export const entryColumns: DataTableColumn<PayableEntry>[] = [
  {
    accessor: 'documentDate',
    title: 'Date',
    noWrap: true,
    sortable: true,
    render: (e) => (
      <Text size="xs">
        {formatDate(e.documentDate)}
        {e.recognisedMonth && e.recognisedMonth !== e.month && (
          <Text span size="xs" c="dimmed" display="block">
            counted in {monthYearLabel(e.recognisedMonth)}
          </Text>
        )}
      </Text>
    ),
  },
  {
    accessor: 'ref',
    title: 'Document',
    render: (e) => (
      <Tooltip label={`${e.file}, line ${e.line}`}>
        <Text size="xs">{e.ref}</Text>
      </Tooltip>
    ),
  },
  {
    accessor: 'vendorCode',
    title: 'Vendor / PAN',
    sortable: true,
    render: (e) => (
      <Text size="xs">
        {e.vendorCode ?? '—'}
        <Text span size="xs" c="dimmed" display="block">
          {e.pan ?? 'no PAN'}
        </Text>
      </Text>
    ),
  },
  money('base', 'Base amount', true),
  {
    accessor: 'rate',
    title: 'Rate',
    textAlign: 'right',
    render: (e) => (
      <Text size="xs">
        {e.rate === null ? '—' : `${e.rate}%`}
        {e.rateBasis && (
          <Text span size="xs" c="dimmed" display="block">
            {e.rateBasis}
          </Text>
        )}
      </Text>
    ),
  },
  money('due', 'TDS due', true),
  money('deducted', 'TDS deducted', true),
  money('interest', 'Interest'),
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: (e) => (
      <Badge
        size="sm"
        variant="light"
        color={STATUS_LABELS[e.status].color}
        data-testid="payable-entry-status"
      >
        {STATUS_LABELS[e.status].label}
      </Badge>
    ),
  },
  {
    accessor: 'reason',
    title: 'Reason',
    width: 360,
    render: (e) => (
      <Text size="xs" data-testid="payable-entry-reason">
        {e.reason}
      </Text>
    ),
  },
];
