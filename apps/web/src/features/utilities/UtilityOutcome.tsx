import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

export type UtilityState =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number }
  | { kind: 'done'; message: string; jobId: string; email: string }
  | { kind: 'failed'; message: string };

// What the converter and diff screens show under their form: the upload's
// progress, the spec's confirmation with where the result goes, or the refusal.
export function UtilityOutcome({ state, testId }: { state: UtilityState; testId: string }) {
  if (state.kind === 'sending') {
    return (
      <Stack gap={4} data-testid={`${testId}-progress`}>
        <Progress value={state.progress} animated striped />
        <Text size="xs" c="dimmed">
          {state.progress < 100 ? `Sending… ${state.progress}%` : 'Checking the files on the server…'}
        </Text>
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid={`${testId}-error`}>
        {state.message}
      </Alert>
    );
  }
  if (state.kind === 'done') {
    return (
      <Alert
        color="green"
        icon={<IconCheck size={18} />}
        title={state.message}
        data-testid={`${testId}-result`}
      >
        <Text size="sm">
          The result will be e-mailed to <b>{state.email}</b> when it is ready (usually within a minute).
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          Job Id: <span data-testid={`${testId}-job-id`}>{state.jobId}</span>
        </Text>
      </Alert>
    );
  }
  return null;
}
