import { Badge, Group, Text } from '@mantine/core';
import type { Form26qLine, Form26qResult } from '@taxrecon/contracts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { inr, rupees } from '../payable/common/money.ts';

const COLOURS: Record<Form26qLine['status'], string> = {
  Matched: 'teal',
  'Short in return': 'red',
  'Excess in return': 'orange',
  'Missing from return': 'grape',
  'Missing from books': 'yellow',
};

const money = (title: string, accessor: keyof Form26qLine & string): GridColumn<Form26qLine> => ({
  accessor,
  title,
  value: (l) => rupees(l[accessor] as string),
  render: (l) => inr(l[accessor] as string),
  sortable: true,
  textAlign: 'right',
  noWrap: true,
});

const COLUMNS: GridColumn<Form26qLine>[] = [
  { accessor: 'pan', title: 'PAN', value: (l) => l.pan, sortable: true, filterable: true, noWrap: true },
  // long vendor names stay on one line (cut with the full name on hover), so rows keep one height
  {
    accessor: 'name',
    title: 'Name',
    value: (l) => l.name,
    render: (l) => (
      <Text size="sm" truncate="end" maw={260} title={l.name}>
        {l.name}
      </Text>
    ),
    sortable: true,
    filterable: true,
    noWrap: true,
  },
  { accessor: 'section', title: 'Section', value: (l) => l.section, sortable: true, filterable: true },
  {
    accessor: 'status',
    title: 'Status',
    value: (l) => l.status,
    render: (l) => (
      <Badge color={COLOURS[l.status]} variant="light">
        {l.status}
      </Badge>
    ),
    sortable: true,
    filterable: true,
    noWrap: true,
    width: 190,
  },
  money('Return base', 'returnBase'),
  money('Return TDS', 'returnTds'),
  money('Books base', 'bookBase'),
  money('Books deducted', 'bookDeducted'),
  money('Books due', 'bookDue'),
  money('Difference', 'difference'),
  { accessor: 'reason', title: 'Reason', value: (l) => l.reason, filterable: true, width: 420 },
];

// One reconciled 26Q: the counts per status, then a line per PAN and section.
export function Form26qResultGrid({ result }: { result: Form26qResult }) {
  return (
    <>
      <Group gap="xs" data-testid="form26q-counts">
        {Object.entries(result.counts).map(([status, n]) => (
          <Badge key={status} color={COLOURS[status as Form26qLine['status']] ?? 'gray'} variant="outline">
            {status}: {n}
          </Badge>
        ))}
        <Text size="sm" c="dimmed">
          Return TDS {inr(result.returnTds)} · books deducted {inr(result.bookDeducted)}
        </Text>
      </Group>
      <DataGrid
        records={result.lines}
        columns={COLUMNS}
        idAccessor={(l) => `${l.pan}|${l.section}`}
        exportName={`26q-${result.financialYear}-${result.quarter}-lines`}
        dense
        testId="form26q-lines"
      />
    </>
  );
}
