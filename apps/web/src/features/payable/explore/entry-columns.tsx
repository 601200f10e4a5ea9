import { Badge, Text, Tooltip } from '@mantine/core';
import type { PayableEntry, PayableEntryStatus } from '@taxrecon/contracts';
import { EXEMPTION_REASON_LABELS, type ExemptionReason, paiseOrZero } from '@taxrecon/shared';
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

// Why the vendor's section mapping exempts the entry, as the 26Q reports it
// (Annexure 6: B, T, Z): 'T: transporter's declaration under 194C(6)'; empty
// for every other entry, an exemption without a recorded reason included.
export const exemptReasonLabel = (reason: ExemptionReason | null): string =>
  reason ? `${reason}: ${EXEMPTION_REASON_LABELS[reason]}` : '';

const Dim = ({ children }: { children: React.ReactNode }) => (
  <Text span size="xs" c="dimmed" display="block">
    {children}
  </Text>
);

// The entries of one summary row; the sortable columns are the ones the
// server sorts by. Two facts share a cell where a person reads them together
// (document and date, vendor and PAN, due and interest) so the reason fits.
export const entryColumns: DataTableColumn<PayableEntry>[] = [
  {
    accessor: 'documentDate',
    title: 'Document / date',
    sortable: true,
    render: (e) => (
      <Tooltip label={`${e.file}, line ${e.line}`}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {e.ref}
          <Dim>
            {formatDate(e.documentDate)}
            {e.recognisedMonth && e.recognisedMonth !== e.month
              ? ` · counted in ${monthYearLabel(e.recognisedMonth)}`
              : ''}
          </Dim>
        </Text>
      </Tooltip>
    ),
  },
  {
    accessor: 'vendorCode',
    title: 'Vendor / PAN',
    sortable: true,
    render: (e) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {e.vendorCode ?? '—'}
        <Dim>{e.pan ?? 'no PAN'}</Dim>
      </Text>
    ),
  },
  {
    accessor: 'base',
    title: 'Base amount',
    textAlign: 'right',
    noWrap: true,
    sortable: true,
    render: (e) => inr(e.base),
  },
  {
    accessor: 'rate',
    title: 'Rate',
    textAlign: 'right',
    render: (e) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {e.rate === null ? '—' : `${e.rate}%`}
        {e.rateBasis && <Dim>{e.rateBasis}</Dim>}
      </Text>
    ),
  },
  {
    accessor: 'due',
    title: 'TDS due',
    textAlign: 'right',
    sortable: true,
    render: (e) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {inr(e.due)}
        {paiseOrZero(e.interest) !== 0 && <Dim>interest {inr(e.interest)}</Dim>}
      </Text>
    ),
  },
  {
    accessor: 'deducted',
    title: 'Deducted',
    textAlign: 'right',
    noWrap: true,
    sortable: true,
    render: (e) => inr(e.deducted),
  },
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
    accessor: 'exemptReason',
    title: 'Exempt because',
    render: (e) => (
      <Text size="xs" data-testid="payable-entry-exempt-reason" style={{ minWidth: 140 }}>
        {exemptReasonLabel(e.exemptReason)}
      </Text>
    ),
  },
  {
    accessor: 'reason',
    title: 'Reason',
    render: (e) => (
      <Text size="xs" data-testid="payable-entry-reason" style={{ minWidth: 260 }}>
        {e.reason}
      </Text>
    ),
  },
];
