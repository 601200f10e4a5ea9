import { Paper, Table, Text, Title } from '@mantine/core';
import { reconciliationRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { actionLabel } from './rows.ts';

// A decision names rows by a fingerprint of their content ("voucher|date|…" for
// the book, "TAN|section|date|…" for 26AS): the readable part of it.
const rowName = (side: 'book' | 'taxBook', key: string): string => {
  const parts = key.split('|');
  return side === 'book' ? `Book ${parts[0]}` : `26AS ${parts[1] ?? ''} ${parts[2] ?? ''}`.trim();
};

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
        <Table fz="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Action</Table.Th>
              <Table.Th>Rows</Table.Th>
              <Table.Th>Comments</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>At</Table.Th>
              <Table.Th>Made on job</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.id} data-testid={`decision-${d.id}`}>
                <Table.Td>
                  <Text size="xs" fw={600} c="indigo.8" style={{ whiteSpace: 'nowrap' }}>
                    {actionLabel(d.action)}
                  </Text>
                </Table.Td>
                <Table.Td>{d.rows.map((r) => rowName(r.side, r.key)).join(', ')}</Table.Td>
                <Table.Td>{d.note ?? ''}</Table.Td>
                <Table.Td>{d.userId}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.datetime)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c={d.madeOnJob === props.jobId ? undefined : 'dimmed'}>
                    {d.madeOnJob === props.jobId ? 'this job' : (d.madeOnJob?.slice(0, 8) ?? '')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
