import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { reconciliationRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { upload } from '../../../api/upload.ts';

// Sends back the downloaded discrepancy CSVs (or a zip of them) with the Status
// column edited: the over-500 rule's "upload manually reconciled entries" and
// the TCS screen's Bulk Update use the same server call.
export function BulkUpdateButton(props: { jobId: string; tan: string; kind: 'TDS' | 'TCS'; label: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const send = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('files', file, file.name);
      const query = new URLSearchParams({ jobId: props.jobId, tanNumber: props.tan, updateType: props.kind });
      const route = { ...reconciliationRoutes.bulkUpdateDiscrepancies };
      route.path = `${route.path}?${query}`;
      const answer = await upload(route, form);
      notifications.show({
        color: answer.errors.length ? 'orange' : 'green',
        title: answer.message,
        message: answer.errors.length
          ? answer.errors
              .slice(0, 5)
              .map((e) => `line ${e.line}: ${e.message}`)
              .join('; ')
          : `${answer.updated} entries updated`,
      });
      await queryClient.invalidateQueries();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Data Upload Failed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={send} accept=".csv,.zip">
      {(button) => (
        <Button {...button} size="xs" variant="light" leftSection={<IconUpload size={16} />} loading={busy}>
          {props.label}
        </Button>
      )}
    </FileButton>
  );
}
