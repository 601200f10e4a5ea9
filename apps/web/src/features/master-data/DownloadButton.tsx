import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { download, errorMessage } from '../../api/client.ts';

// Saves a text file answer of the master-data API (templates and full downloads).
export function DownloadButton({
  route,
  fileName,
  label,
  testId,
}: {
  route: { path: string };
  fileName: string;
  label: string;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download('GET', route.path, fileName);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={16} />}
      onClick={run}
      loading={busy}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
