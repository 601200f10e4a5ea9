import { Alert, Button, FileInput, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ingestRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { checkFiles } from '../uploads/upload-rules.ts';

type Answer = z.output<typeof ingestRoutes.vendorBulkUpdate.response>;
const RULES = { extensions: ['csv'], maxBytes: 1_000_000, maxFiles: 20 };

// The vendor page's Bulk Update CSV (edit mode): vendorCode plus the columns to
// change; every row of every file is applied, or none with the rows named.
export function VendorBulkUpdate({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const problem = checkFiles(files, RULES);
    if (problem) return setError(`Error updating vendor - ${problem}`);
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      for (const f of files) form.append('files', f, f.name);
      const result = await upload(ingestRoutes.vendorBulkUpdate, form);
      setAnswer(result);
      if (result.updated > 0) {
        await queryClient.invalidateQueries();
        onDone();
      }
    } catch (e) {
      setError(`Error updating vendor - ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="vendor-bulk-update">
      <Stack gap="xs">
        <Text fw={600}>Bulk Update CSV</Text>
        <Text size="sm" c="dimmed">
          A .csv with a vendorCode column and the columns to change; empty cells change nothing.
        </Text>
        <Group align="end">
          <FileInput
            multiple
            accept=".csv"
            placeholder="Choose .csv files"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={files}
            onChange={setFiles}
            data-testid="vendor-bulk-update-file"
            w={320}
          />
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={send}
            loading={busy}
            disabled={files.length === 0}
          >
            Update vendors
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {answer && (
          <Alert color={answer.problems.length ? 'red' : 'green'} data-testid="vendor-bulk-update-result">
            <Text size="sm">{answer.message}</Text>
            {answer.problems.length > 0 && (
              <List size="sm">
                {answer.problems.slice(0, 50).map((p) => (
                  <List.Item key={`${p.file}:${p.line}:${p.message}`}>
                    {p.file} line {p.line}: {p.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
