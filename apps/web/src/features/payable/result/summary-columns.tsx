import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import type { PayableForm3cdRow, PayableMonthlyRow, PayableQuarterlyRow } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { GridColumn } from '../../../components/DataGrid.tsx';
import { inr, rupees } from '../common/money.ts';
import { monthYearLabel } from '../common/months.ts';

type Quarterly = z.infer<typeof PayableQuarterlyRow>;
type Form3cd = z.infer<typeof PayableForm3cdRow>;

const DEDUCTEE_LABELS: Record<string, string> = {
  company: 'Company',
  individual: 'Individual/HUF',
  others: 'Others',
};
export const deducteeLabel = (type: string): string => DEDUCTEE_LABELS[type] ?? type;

// An amount column: ₹ with lakh grouping on screen, a plain rupee number in the
// export; no text filter (a "contains" filter on amounts helps nobody) to keep it narrow.
const money = <T,>(accessor: string, title: string, of: (row: T) => string): GridColumn<T> => ({
  accessor,
  title,
  textAlign: 'right',
  noWrap: true,
  filterable: false,
  value: (row) => rupees(of(row)),
  render: (row) => inr(of(row)),
});

// '194J' with subsection 'b' -> '194J(b)', as the Act and Form 3CD write it.
export const sectionLabel = (section: string, subsection: string): string =>
  subsection ? `${section}(${subsection})` : section;

const sectionColumn = <T extends { section: string; subsection: string }>(): GridColumn<T> => ({
  accessor: 'section',
  title: 'Section',
  noWrap: true,
  value: (r) => sectionLabel(r.section, r.subsection),
});

const count = <T,>(accessor: string, title: string, of: (row: T) => number): GridColumn<T> => ({
  accessor,
  title,
  textAlign: 'right',
  filterable: false,
  value: of,
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
  {
    accessor: 'explore',
    title: '',
    width: 44,
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
          onClick={(e) => {
            // the row's own click opens it too: open one window, not two
            e.stopPropagation();
            onExplore(r);
          }}
          data-testid={`payable-explore-${r.monthYear}-${r.section}-${r.subsection}-${r.deducteeType}`}
        >
          <IconExternalLink size={14} />
        </ActionIcon>
      </Tooltip>
    ),
  },
  { ...text('tan', 'TAN', (r) => r.tan), filterable: false },
  {
    accessor: 'monthYear',
    title: 'Month',
    noWrap: true,
    filterable: false,
    value: (r) => r.monthYear,
    // a verified month's figures are locked: the lock says so where the month is read
    render: (r) => (
      <Group gap={4} wrap="nowrap">
        {monthYearLabel(r.monthYear)}
        {r.verified && (
          <Tooltip label="Verified: the results of this month are locked">
            <IconLock size={14} color="var(--mantine-color-green-7)" aria-label="Verified" />
          </Tooltip>
        )}
      </Group>
    ),
  },
  sectionColumn(),
  { accessor: 'deducteeType', title: 'Deductee', noWrap: true, value: (r) => deducteeLabel(r.deducteeType) },
  count('entries', 'Entries', (r) => r.entries),
  money('tds', 'TDS payable', (r) => r.tds),
  money('deducted', 'Deducted', (r) => r.deducted),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
  money('interest', 'Interest', (r) => r.interest),
  money('deposited', 'Deposited (challans)', (r) => r.deposited),
  count('challansCount', 'Challans', (r) => r.challansCount),
  // DOMAIN 7.8: the line's entries in error (a section found, then no rate)
  count('errors', 'Errors', (r) => r.errors),
];

export const quarterlyColumns: GridColumn<Quarterly>[] = [
  text('quarter', 'Quarter', (r) => r.quarter),
  sectionColumn(),
  { accessor: 'deducteeType', title: 'Deductee', noWrap: true, value: (r) => deducteeLabel(r.deducteeType) },
  count('entries', 'Entries', (r) => r.entries),
  money('base', 'Base amount', (r) => r.base),
  money('tds', 'TDS payable', (r) => r.tds),
  money('deducted', 'Deducted', (r) => r.deducted),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
  money('interest', 'Interest', (r) => r.interest),
  money('deposited', 'Deposited (challans)', (r) => r.deposited),
  count('challansCount', 'Challans', (r) => r.challansCount),
  // DOMAIN 7.8: the line's entries in error (a section found, then no rate)
  count('errors', 'Errors', (r) => r.errors),
];

// Form 3CD clause 34(a), one row per section; the clause's long column names
// are spelt out under the table (FORM_3CD_LEGEND).
export const form3cdColumns: GridColumn<Form3cd>[] = [
  text('section', 'Section', (r) => r.section),
  money('payments', '(a) Total payments', (r) => r.payments),
  money('taxable', '(b) Deduction required on', (r) => r.taxable),
  money('deductedOn', '(c) Deducted on', (r) => r.deductedOn),
  money('deducted', 'Tax deducted', (r) => r.deducted),
  money('deposited', 'Tax deposited (challans)', (r) => r.deposited),
  money('shortfall', 'Shortfall', (r) => r.shortfall),
];

export const FORM_3CD_LEGEND =
  '(a) total amount of payment or receipt of the nature specified; (b) total amount on which tax was required to be deducted; (c) total amount on which tax was deducted at the specified rate. Tax deposited: the tax of the challans of the section for the months computed. Shortfall: tax required less tax deducted.';
