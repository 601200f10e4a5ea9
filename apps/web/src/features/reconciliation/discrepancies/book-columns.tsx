import { Badge, Stack, Text } from '@mantine/core';
import type { DISCREPANCY_SORT_FIELDS, ReconKind } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { formatDate, formatRate } from '../../search/search-format.ts';
import { inr } from '../common/money.ts';
import { ACTION_COLORS, type AnyRow, actionLabel, type Side } from './rows.ts';

type SortField = (typeof DISCREPANCY_SORT_FIELDS)[number];

export interface BookColumn {
  accessor: string;
  title: string;
  render: (row: AnyRow) => ReactNode;
  sort?: SortField;
  // the search request's field of this column, and whether it takes rupees
  filter?: { field: string; amount?: boolean; actions?: boolean };
  right?: boolean;
}

export const ACTION_FILTER_VALUES = [
  'Discrepancy',
  'Matched',
  'Accept',
  'AcceptPartial',
  'Hold',
  'FollowUp',
  'Pending',
  'Split',
];

export function ActionBadge({ row }: { row: AnyRow }) {
  const action = row.manualAction;
  return (
    <Badge
      size="xs"
      variant="light"
      tt="none"
      color={action ? (ACTION_COLORS[action] ?? 'gray') : 'red'}
      data-testid={`row-action-${row.id}`}
    >
      {actionLabel(action)}
    </Badge>
  );
}

const pick = <K extends string>(row: AnyRow, key: K): string =>
  key in row ? String((row as unknown as Record<K, unknown>)[key] ?? '') : '';

// The reference (voucher, bill or section) with the date below it: sorted by
// date, searched by the reference.
const refAndDate = (accessor: string, title: string, field: string): BookColumn => ({
  accessor,
  title,
  sort: 'date',
  filter: { field },
  render: (r) => (
    <Stack gap={0}>
      <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {pick(r, accessor)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.transactionDate)}
        {r.broughtForward ? ' · b/f' : ''}
        {r.carriedForward ? ' · c/f' : ''}
      </Text>
    </Stack>
  ),
});
const action: BookColumn = {
  accessor: 'manualAction',
  title: 'Action',
  sort: 'action',
  filter: { field: 'manualAction', actions: true },
  render: (r) => <ActionBadge row={r} />,
};
const money = (accessor: string, title: string, sort: SortField | undefined, field?: string): BookColumn => ({
  accessor,
  title,
  sort,
  right: true,
  filter: field ? { field, amount: true } : undefined,
  render: (r) => inr(pick(r, accessor)),
});

// A tax cell with its rate below it; for 26AS also the booking status and
// what was deposited when it differs from the tax.
const tax = (accessor: string, title: string, rate: string, field: string, taxBook = false): BookColumn => ({
  ...money(accessor, title, 'tax', field),
  render: (r) => {
    const filed = taxBook ? pick(r, 'taxFiled') : '';
    const short = !!filed && filed !== pick(r, accessor);
    return (
      <Stack gap={0} align="flex-end">
        <Text size="xs">{inr(pick(r, accessor))}</Text>
        <Text size="xs" c={short ? 'red.7' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {formatRate(pick(r, rate))}
          {taxBook ? ` · ${pick(r, 'status')}` : ''}
          {short ? ` · deposited ${inr(filed)}` : ''}
        </Text>
      </Stack>
    );
  },
});

// Spec 2.6: the sales (or purchase) register and 26AS side by side, narrow
// enough for both to fit beside each other on a laptop screen.
export const bookColumns = (kind: ReconKind, side: Side): BookColumn[] => {
  if (side === 'taxBook')
    return [
      refAndDate('section', 'Section', 'section'),
      money('amountPaid', 'Amount', 'amount', 'amount'),
      tax('taxDeducted', kind, 'taxRate', 'tdsDeducted', true),
      action,
    ];
  if (kind === 'TDS')
    return [
      refAndDate('voucherNumber', 'Voucher', 'voucherNumber'),
      money('professionalServices', 'Amount', 'amount', 'professionalServices'),
      tax('tdsOnSales', 'TDS', 'tdsRate', 'tdsOnSales'),
      action,
    ];
  return [
    refAndDate('billNumber', 'Bill', 'billNumber'),
    money('purchaseValue', 'Amount', 'amount', 'purchaseValue'),
    tax('tcsOnPurchase', 'TCS', 'tcsRate', 'tcsOnPurchase'),
    action,
  ];
};
