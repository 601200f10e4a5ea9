import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileUpload, IconLink, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  fillPath,
  LINKAGE_JOBS_PAGE_SIZE,
  LINKAGE_UNABLE_TO_SUBMIT,
  type LinkageJob,
  linkageRoutes,
} from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { call, download, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { filePlaceholder } from '../uploads/upload-rules.ts';

type Note = { color: 'green' | 'red'; text: string } | null;

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

// The preview's lines a person must decide (ties and near misses, marked N):
// the job counts all its lines, the proposed links among them.
const toReview = (j: LinkageJob): number | null =>
  j.lines === null || j.proposed === null ? null : j.lines - j.proposed;

const columns = (onError: (text: string) => void): readonly GridColumn<LinkageJob>[] => [
  {
    accessor: 'datetime',
    title: 'Started',
    value: (j) => j.datetime,
    render: (j) => when(j.datetime),
    sortable: true,
  },
  {
    accessor: 'enddatetime',
    title: 'Finished',
    value: (j) => j.enddatetime,
    render: (j) => when(j.enddatetime),
    sortable: true,
  },
  { accessor: 'userId', title: 'User', value: (j) => j.userId, filterable: true },
  {
    accessor: 'status',
    title: 'Status',
    value: (j) => j.status,
    sortable: true,
  },
  { accessor: 'proposed', title: 'Proposed links', value: (j) => j.proposed, textAlign: 'right' },
  { accessor: 'lines', title: 'Lines to review', value: toReview, textAlign: 'right' },
  {
    accessor: 'download',
    title: 'Preview',
    exportable: false,
    value: () => null,
    // Spec part 3 section 4: download only once the job has an end time.
    render: (j) =>
      j.enddatetime && j.status === 'Completed' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            download(
              'GET',
              fillPath(linkageRoutes.customerLinkagePreview.path, { id: j.id }),
              'customer-linkage.txt',
            ).catch((e: unknown) => onError(errorMessage(e)))
          }
          data-testid={`linkage-download-${j.id}`}
        >
          .txt
        </Button>
      ) : null,
  },
];

// Spec part 3: /link-26as. Step 1 previews which customer each 26AS deductor
// without a linked TAN is (a background job; its .txt lists the proposals with
// the reason); step 2 links the reviewed file's Y lines.
export function LinkCustomersPage() {
  const client = useQueryClient();
  const jobs = useApiQuery(linkageRoutes.customerLinkageJobs, {}, { refetchInterval: 5000 });
  const [note, setNote] = useState<Note>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const linkAll = async () => {
    try {
      const answer = await call(linkageRoutes.customerLinker, {});
      setNote({ color: answer.severity === 'success' ? 'green' : 'red', text: answer.message });
    } catch {
      setNote({ color: 'red', text: LINKAGE_UNABLE_TO_SUBMIT });
    }
    await client.invalidateQueries({ queryKey: apiKey(linkageRoutes.customerLinkageJobs) });
  };

  const perform = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNote({ color: 'red', text: 'Choose the reviewed .txt file.' });
      return;
    }
    const form = new FormData();
    form.append('files', file, file.name);
    setBusy(true);
    try {
      const answer = await upload(linkageRoutes.performCustomerLinkage, form, () => {});
      setNote({ color: answer.severity === 'success' ? 'green' : 'red', text: answer.message });
    } catch (error) {
      setNote({ color: 'red', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Link Customers in 26AS to Sales"
        subtitle="Which customer each 26AS deductor is, when its TAN is in no customer's record"
      />
      {note && (
        <Alert color={note.color} withCloseButton onClose={() => setNote(null)} data-testid="linkage-note">
          {note.text}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={4}>1. Preview the linkage</Title>
          <Text size="sm" c="dimmed">
            Names are compared as the reconciliation does: legal form, punctuation, abbreviations and word
            order may differ. Clear matches are marked Y; ties and near misses are listed as N for you to
            decide.
          </Text>
          <Group>
            <Button leftSection={<IconLink size={16} />} onClick={linkAll} data-testid="linkage-link-all">
              Link All
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void jobs.refetch()}
            >
              Refresh
            </Button>
          </Group>
          <DataGrid
            records={jobs.data ?? []}
            columns={columns((text) => setNote({ color: 'red', text }))}
            idAccessor={(j) => j.id}
            pageSize={LINKAGE_JOBS_PAGE_SIZE}
            fetching={jobs.isFetching}
            exportName="customer-linkage-jobs"
            testId="linkage-jobs"
            noRecordsText="No Results Found"
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="form" onSubmit={perform}>
        <Stack gap="sm">
          <Title order={4}>2. Perform the linkage</Title>
          <FileInput
            label="Reviewed preview (.txt)"
            description="The downloaded preview with Y on the lines to link"
            accept=".txt"
            placeholder={filePlaceholder()}
            clearable
            value={file}
            onChange={setFile}
            leftSection={<IconFileUpload size={16} />}
            data-testid="linkage-file"
          />
          <Group>
            <Button type="submit" loading={busy} disabled={!file} data-testid="linkage-perform">
              Link
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
