import { Paper, Text, Title } from '@mantine/core';
import { type DecisionView, reconciliationRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { actionLabel } from './rows.ts';

// A decision names rows by a fingerprint of their content ("voucher|date|…" for
// the book, "TAN|section|date|…" for 26AS): the readable part of it.
const rowName = (side: 'book' | 'taxBook', key: string): string => {
  const parts = key.split('|');
  return side === 'book' ? `Book ${parts[0]}` : `26AS ${parts[1] ?? ''} ${parts[2] ?? ''}`.trim();
};

const columns = (jobId: string): GridColumn<DecisionView>[] => [
  {
    accessor: 'action',
    title: 'Action',
    value: (d) => actionLabel(d.action),
    render: (d) => (
      <Text size="xs" fw={600} c="indigo.8" style={{ whiteSpace: 'nowrap' }}>
        {actionLabel(d.action)}
      </Text>
    ),
  },
  { accessor: 'rows', title: 'Rows', value: (d) => d.rows.map((r) => rowName(r.side, r.key)).join(', ') },
  { accessor: 'note', title: 'Comments', value: (d) => d.note ?? '' },
  { accessor: 'userId', title: 'By', value: (d) => d.userId },
  {
    accessor: 'datetime',
    title: 'At',
    value: (d) => d.datetime,
    render: (d) => formatDateTime(d.datetime),
    noWrap: true,
  },
  {
    accessor: 'madeOnJob',
    title: 'Made on job',
    value: (d) => (d.madeOnJob === jobId ? 'this job' : (d.madeOnJob ?? '')),
    render: (d) => (
      <Text size="xs" c={d.madeOnJob === jobId ? undefined : 'dimmed'}>
        {d.madeOnJob === jobId ? 'this job' : (d.madeOnJob?.slice(0, 8) ?? '')}
      </Text>
    ),
  },
];

// Every decision made on the customer's rows in the year, with who and when:
// what an auditor asks for, and what a re-run applies again.
export function DecisionsPanel(props: { jobId: string; tan: string }) {
  const decisions = useApiQuery(reconciliationRoutes.decisions, {
    params: { tan: props.tan },
    query: { jobId: props.jobId },
  });
  const list = decisions.data ?? [];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="decisions">
      <Title order={4} size="h5" mb="xs">
        Decisions ({list.length})
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No decisions yet
        </Text>
      ) : (
        // paged, sorted, filtered and exported: the audit trail an auditor asks for
        <DataGrid
          records={list}
          columns={columns(props.jobId)}
          idAccessor={(d) => d.id}
          pageSize={20}
          exportName={`decisions-${props.tan}`}
          testId="decisions-grid"
        />
      )}
    </Paper>
  );
}
