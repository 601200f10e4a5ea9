import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { manualReconRoutes } from '@taxrecon/contracts';
import type { ComponentProps } from 'react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { filePlaceholder } from '../uploads/upload-rules.ts';

// Spec part 3: /manual-reconciliation. The csv files of a discrepancy
// download (or a zip of them), their Status column set to Accept, Hold,
// FollowUp or Pending, are loaded as a job against the latest TDS
// reconciliation; the jobs are listed in Manual Reconciliation Jobs.
export function ManualReconPage() {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMessage({ ok: false, text: 'Choose a .zip or .csv file.' });
    const form = new FormData();
    form.append('files', file, file.name);
    setSending(true);
    try {
      const answer = await upload(manualReconRoutes.ingestManualRecon, form);
      setMessage({ ok: true, text: answer.message });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Manual Reconciliation"
        subtitle="Load the manually reconciled entries of a discrepancy download"
      />
      <Paper withBorder radius="lg" p="lg" maw={960} component="form" onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Download a customer's discrepancies, set the Status column of the entries you decided on, and load
            the csv files (or a zip of them) here.
          </Text>
          <FileInput
            label="Zip or csv of manually reconciled entries"
            accept=".zip,.csv"
            placeholder={filePlaceholder()}
            leftSection={<IconFileZip size={16} />}
            clearable
            value={file}
            onChange={setFile}
            fileInputProps={{ 'data-testid': 'manual-file-input' } as ComponentProps<'input'>}
          />
          <Group>
            <Button
              type="submit"
              loading={sending}
              disabled={!file}
              leftSection={<IconUpload size={16} />}
              data-testid="manual-upload"
            >
              Upload
            </Button>
            <Anchor href="#/manual-reconciliation-reports">Manual Reconciliation Jobs</Anchor>
          </Group>
          {message && <Alert color={message.ok ? 'teal' : 'red'}>{message.text}</Alert>}
        </Stack>
      </Paper>
    </Stack>
  );
}
