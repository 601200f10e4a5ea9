import type { SectionExpenseTypeView } from '@taxrecon/contracts';
import { formatInr } from '@taxrecon/shared';
import { dayColumn, type GridColumn } from '../../components/DataGrid.tsx';
import { formatPercentValue } from './percent.ts';

export const rupees = (paise: number | null) => (paise === null ? '—' : formatInr(paise));
export const rate = (value: number | null) => (value === null ? '—' : formatPercentValue(value));

// The section expense types of a predicted section, as the mapping screens
// show them: rates in percent, thresholds in rupees with lakh grouping.
// The period leads: a section's types under the old and the new Act differ there.
export const SECTION_TYPE_COLUMNS: readonly GridColumn<SectionExpenseTypeView>[] = [
  dayColumn('applicableFromDate', 'From', (t) => t.applicableFromDate),
  dayColumn('applicableToDate', 'To', (t) => t.applicableToDate),
  {
    accessor: 'expenseType',
    title: 'Expense type',
    width: 170,
    value: (t) => t.expenseType ?? '',
    sortable: true,
    filterable: true,
  },
  {
    accessor: 'expenseTypeDetail',
    title: 'Detail',
    width: 300,
    value: (t) => t.expenseTypeDetail ?? '',
    filterable: true,
  },
  {
    accessor: 'tdsExempted',
    title: 'Exempted?',
    value: (t) => (t.tdsExempted ? 'Yes' : 'No'),
    sortable: true,
  },
  {
    accessor: 'tdsRateCompany',
    title: 'Company %',
    value: (t) => t.tdsRateCompany,
    render: (t) => rate(t.tdsRateCompany),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'tdsRateIndividual',
    title: 'Individual %',
    value: (t) => t.tdsRateIndividual,
    render: (t) => rate(t.tdsRateIndividual),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'tdsRateOthers',
    title: 'Others %',
    value: (t) => t.tdsRateOthers,
    render: (t) => rate(t.tdsRateOthers),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'tdsForNoOrInvalidPAN',
    title: 'No PAN %',
    value: (t) => t.tdsForNoOrInvalidPAN,
    render: (t) => rate(t.tdsForNoOrInvalidPAN),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'thresholdInvoice',
    title: 'Threshold / invoice',
    value: (t) => (t.thresholdInvoice === null ? null : t.thresholdInvoice / 100),
    render: (t) => rupees(t.thresholdInvoice),
    sortable: true,
    textAlign: 'right',
    noWrap: true,
  },
  {
    accessor: 'thresholdMonthly',
    title: 'Threshold / month',
    value: (t) => (t.thresholdMonthly === null ? null : t.thresholdMonthly / 100),
    render: (t) => rupees(t.thresholdMonthly),
    sortable: true,
    textAlign: 'right',
    noWrap: true,
  },
  {
    accessor: 'thresholdAnnually',
    title: 'Threshold / year',
    value: (t) => (t.thresholdAnnually === null ? null : t.thresholdAnnually / 100),
    render: (t) => rupees(t.thresholdAnnually),
    sortable: true,
    textAlign: 'right',
    noWrap: true,
  },
];
