import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { inr } from '../common/money.ts';
import { type AnyRow, actionLabel } from './rows.ts';

// An expanded row: its comments (who decided what, when) and why it stands
// as it does: the rule that matched it, or the reason it did not match.
export function RowComments({ row }: { row: AnyRow }) {
  return (
    <Stack gap={4} p="xs" bg="gray.0" data-testid={`row-comments-${row.id}`}>
      {row.rule && (
        <Text size="xs">
          Matched by <b>{row.rule}</b>
          {row.matchGroup !== null ? ` (match ${row.matchGroup})` : ''}
          {row.claimable === false ? ' · not claimable' : ''}
          {row.acceptedTax ? ` · accepted tax ${inr(row.acceptedTax)}` : ''}
        </Text>
      )}
      {row.reason && (
        <Text size="xs" c="red.8">
          {row.reason}
        </Text>
      )}
      {row.splitOf && (
        <Text size="xs" c="dimmed">
          Part of the split row {row.splitOf}
        </Text>
      )}
      {row.carriedForward && (
        <Text size="xs" c="dimmed">
          Carried forward to the next financial year
        </Text>
      )}
      {row.notes.length === 0 ? (
        <Text size="xs" c="dimmed">
          No comments
        </Text>
      ) : (
        row.notes.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's notes only grow, in order
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <Badge size="xs" variant="light">
              {actionLabel(n.action)}
            </Badge>
            <Text size="xs">
              {n.text || '—'}
              <Text span c="dimmed" size="xs">
                {' '}
                {n.by ? `by ${n.by}` : ''} {n.at ? formatDateTime(n.at) : ''}
              </Text>
            </Text>
          </Group>
        ))
      )}
    </Stack>
  );
}
