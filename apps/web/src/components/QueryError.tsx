import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorNotice, SYSTEM_ERROR } from '../api/client.ts';

// The spec's "App unreachable" message, or the failure's name from the
// spec's catalogue (`fallback`), with the server's own message when it gave one.
export function QueryError({ error, fallback = SYSTEM_ERROR }: { error: unknown; fallback?: string }) {
  const { title, message } = errorNotice(error, fallback);
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} mb="md" data-testid="query-error">
      {message}
    </Alert>
  );
}
