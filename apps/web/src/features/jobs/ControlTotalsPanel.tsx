import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { ControlTotals, type Job } from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { formatCount } from '../../lib/format.ts';

// What an ingest job records in its payload beside the control totals.
interface IngestResult {
  controlTotals: ControlTotals;
  files: string[];
  notes: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

// The control totals of an upload job, or null for any other job.
export const ingestResultOf = (job: Pick<Job, 'payload'>): IngestResult | null => {
  if (!job.payload) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(job.payload);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || !('controlTotals' in payload)) return null;
  const totals = ControlTotals.safeParse(payload.controlTotals);
  if (!totals.success) return null;
  return {
    controlTotals: totals.data,
    files: 'files' in payload ? strings(payload.files) : [],
    notes: 'notes' in payload ? strings(payload.notes) : [],
  };
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

// Rows read, loaded and rejected, and the amounts read against those loaded, so a
// finance user can tie the load back to the register's own totals.
export function ControlTotalsPanel({ job }: { job: Job }) {
  const result = ingestResultOf(job);
  if (!result) return null;
  const t = result.controlTotals;
  const rupees = (s: string) => formatInr(paiseOrZero(s));
  return (
    <Stack gap="sm" p="sm" data-testid={`control-totals-${job.id}`}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Control totals
        </Text>
        <Badge color={t.balanced ? 'green' : 'red'} variant="light" data-testid="control-totals-balanced">
          {t.balanced ? 'Balanced' : 'Not balanced'}
        </Badge>
        {result.files.length > 0 && (
          <Text size="xs" c="dimmed">
            {result.files.join(', ')}
          </Text>
        )}
      </Group>
      <Group gap="xl" align="flex-start">
        <Figure label="Rows read" value={formatCount(t.rowsRead)} testId="control-rows-read" />
        <Figure label="Rows loaded" value={formatCount(t.rowsLoaded)} testId="control-rows-loaded" />
        <Figure label="Rows rejected" value={formatCount(t.rowsRejected)} testId="control-rows-rejected" />
        <Figure label="Rows skipped" value={formatCount(t.rowsSkipped)} testId="control-rows-skipped" />
        <Figure label="Amount read" value={rupees(t.amountRead)} testId="control-amount-read" />
        <Figure label="Amount loaded" value={rupees(t.amountLoaded)} testId="control-amount-loaded" />
        <Figure
          label="Tax read / loaded"
          value={`${rupees(t.taxRead)} / ${rupees(t.taxLoaded)}`}
          testId="control-tax"
        />
      </Group>
      {result.notes.length > 0 && (
        <List size="xs" c="dimmed">
          {result.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
