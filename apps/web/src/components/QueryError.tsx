import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, SYSTEM_ERROR } from '../api/client.ts';

// The spec's "App unreachable" message, with the server's own message when it gave one.
export function QueryError({ error, fallback = SYSTEM_ERROR }: { error: unknown; fallback?: string }) {
  return (
    <Alert
      color="red"
      title="Error occurred"
      icon={<IconAlertCircle size={18} />}
      mb="md"
      data-testid="query-error"
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}
