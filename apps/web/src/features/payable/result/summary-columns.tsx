import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { PayableForm3cdRow, PayableMonthlyRow, PayableQuarterlyRow } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { GridColumn } from '../../../components/DataGrid.tsx';
import { inr, rupees } from '../common/money.ts';
import { monthYearLabel } from '../common/months.ts';

type Quarterly = z.infer<typeof PayableQuarterlyRow>;
type Form3cd = z.infer<typeof PayableForm3cdRow>;

const DEDUCTEE_LABELS: Record<string, string> = {
  company: 'Company',
  individual: 'Individual / HUF',
  others: 'Others',
};
export const deducteeLabel = (type: string): string => DEDUCTEE_LABELS[type] ?? type;

// An amount column: ₹ with lakh grouping on screen, a plain rupee number in the export.
const money = <T,>(accessor: string, title: string, of: (row: T) => string): GridColumn<T> => ({
  accessor,
  title,
  textAlign: 'right',
  noWrap: true,
  value: (row) => rupees(of(row)),
  render: (row) => inr(of(row)),
});

const text = <T,>(accessor: string, title: string, of: (row: T) => string | null): GridColumn<T> => ({
  accessor,
  title,
  value: (row) => of(row) ?? '',
});

export const rowKey = (r: {
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: string;
  tan: string | null;
}) => `${r.tan ?? ''}|${r.monthYear}|${r.section}|${r.subsection}|${r.deducteeType}`;

export const monthlyColumns = (
  onExplore: (row: PayableMonthlyRow) => void,
): GridColumn<PayableMonthlyRow>[] => [
  text('tan', 'TAN', (r) => r.tan),
  {
    accessor: 'monthYear',
    title: 'Month',
    noWrap: true,
    value: (r) => r.monthYear,
    render: (r) => monthYearLabel(r.monthYear),
  },
  text('section', 'Section', (r) => r.section),
  text('subsection', 'Subsection', (r) => r.subsection),
  { accessor: 'deducteeType', title: 'Deductee type', value: (r) => deducteeLabel(r.deducteeType) },
  { accessor: 'entries', title: 'Entries', textAlign: 'right', value: (r) => r.entries },
  money('tds', 'TDS payable', (r) => r.tds),
  money('deducted', 'TDS deducted', (r) => r.deducted),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
  money('interest', 'Interest 201(1A)', (r) => r.interest),
  { accessor: 'challansCount', title: 'Challans', textAlign: 'right', value: (r) => r.challansCount },
  {
    accessor: 'verified',
    title: 'Status',
    value: (r) => (r.verified ? 'Verified' : 'Pending'),
    render: (r) => (
      <Badge size="sm" variant="light" color={r.verified ? 'green' : 'gray'}>
        {r.verified ? 'Verified' : 'Pending'}
      </Badge>
    ),
  },
  {
    accessor: 'explore',
    title: '',
    sortable: false,
    filterable: false,
    exportable: false,
    value: () => '',
    render: (r) => (
      <Tooltip label="Explore the entries in a new window">
        <ActionIcon
          variant="light"
          size="sm"
          aria-label="Explore"
          onClick={() => onExplore(r)}
          data-testid={`payable-explore-${r.monthYear}-${r.section}-${r.subsection}-${r.deducteeType}`}
        >
          <IconExternalLink size={14} />
        </ActionIcon>
      </Tooltip>
    ),
  },
];

export const quarterlyColumns: GridColumn<Quarterly>[] = [
  text('quarter', 'Quarter', (r) => r.quarter),
  text('section', 'Section', (r) => r.section),
  text('subsection', 'Subsection', (r) => r.subsection),
  { accessor: 'deducteeType', title: 'Deductee type', value: (r) => deducteeLabel(r.deducteeType) },
  { accessor: 'entries', title: 'Entries', textAlign: 'right', value: (r) => r.entries },
  money('base', 'Base amount', (r) => r.base),
  money('tds', 'TDS payable', (r) => r.tds),
  money('deducted', 'TDS deducted', (r) => r.deducted),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
  money('interest', 'Interest 201(1A)', (r) => r.interest),
];

// Form 3CD clause 34(a), one row per section.
export const form3cdColumns: GridColumn<Form3cd>[] = [
  text('section', 'Section', (r) => r.section),
  money('payments', 'Total payments', (r) => r.payments),
  money('taxable', 'Amount on which tax was required to be deducted', (r) => r.taxable),
  money('deductedOn', 'Amount on which tax was deducted', (r) => r.deductedOn),
  money('deducted', 'Tax deducted', (r) => r.deducted),
  money('deposited', 'Tax deposited', (r) => r.deposited),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
];
