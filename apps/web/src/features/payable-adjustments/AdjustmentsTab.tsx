import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileUpload, IconMail, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTABLE_COLUMNS,
  ADJUSTMENT_MESSAGES,
  type AdjustmentJob,
  CHALLAN_MESSAGES,
  challanRoutes,
  EMAIL_PATTERN,
  fillPath,
  payableAdjustmentRoutes,
  payableRoutes,
} from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError, call, download, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { ChallanLine } from '../challans/line.ts';
import { JobStatus } from '../jobs/job-status.tsx';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';

// ENTRIES ADJUSTMENTS WITH CHALLANS (spec part 3): step 1 e-mails the line's
// entries as a workbook, step 2 uploads the adjusted workbook back, and the
// list of the line's adjustment jobs follows, with the uploaded file and, for
// a refused one, the errors workbook.

type Note = { color: 'green' | 'red'; text: string; details?: string[] } | null;

const lineParams = (line: ChallanLine) => ({
  monthYear: line.monthYear,
  section: line.section,
  deducteeType: line.deducteeType,
});

const jobColumns = (onError: (text: string) => void): readonly GridColumn<AdjustmentJob>[] => {
  const get = (path: string, name: string) =>
    download('GET', path, name).catch((e: unknown) => onError(errorMessage(e)));
  return [
    // one column for when it ran keeps the table inside a 1440 px screen
    {
      accessor: 'start',
      title: 'Ran',
      value: (j) => j.job.startDateTimeString,
      render: (j) => (
        <Stack gap={0}>
          <Text size="xs">{formatDateTime(j.job.startDateTimeString)}</Text>
          {j.job.endDateTimeString && (
            <Text size="xs" c="dimmed">
              to {formatDateTime(j.job.endDateTimeString)}
            </Text>
          )}
        </Stack>
      ),
      sortable: true,
      noWrap: true,
    },
    { accessor: 'fileName', title: 'File', value: (j) => j.payload.fileName, filterable: true, width: 170 },
    { accessor: 'userId', title: 'User', value: (j) => j.userId, filterable: true },
    {
      accessor: 'status',
      title: 'Status',
      value: (j) => j.job.status,
      render: (j) => <JobStatus job={{ status: j.job.status, progress: 0 }} />,
      sortable: true,
      filterable: true,
    },
    {
      accessor: 'rows',
      title: 'Entries',
      value: (j) =>
        j.errorCount > 0
          ? `${j.errorCount} wrong`
          : `${j.rowsChanged} ${j.job.status === 'Completed' ? 'adjusted' : 'to adjust'}`,
      sortable: true,
      noWrap: true,
    },
    {
      accessor: 'reason',
      title: 'Reason',
      value: (j) => j.reason ?? '',
      // the whole text is in the tooltip, the alert above and the errors file
      render: (j) =>
        j.reason ? (
          <Tooltip label={j.reason} multiline w={420}>
            <Text size="xs" lineClamp={2}>
              {j.reason}
            </Text>
          </Tooltip>
        ) : null,
      width: 240,
    },
    {
      accessor: 'downloads',
      title: 'Files',
      value: () => null,
      exportable: false,
      render: (j) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              get(
                fillPath(payableAdjustmentRoutes.adjustedFileOriginal.path, { id: j.job.id }),
                j.payload.fileName,
              )
            }
            data-testid={`adjust-original-${j.job.id}`}
          >
            Original
          </Button>
          {/* spec: a Failed job enables the errors download */}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconDownload size={14} />}
            disabled={j.job.status !== 'Failed' || !j.hasErrorsFile}
            onClick={() =>
              get(
                fillPath(payableAdjustmentRoutes.adjustedFileErrors.path, { id: j.job.id }),
                `errors-${j.payload.fileName}`,
              )
            }
            data-testid={`adjust-errors-${j.job.id}`}
          >
            Errors
          </Button>
        </Group>
      ),
    },
  ];
};

export function AdjustmentsTab({ line }: { line: ChallanLine }) {
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const jobs = useApiQuery(
    payableAdjustmentRoutes.adjustmentJobs,
    { params: lineParams(line), query: { subsection: line.subsection } },
    {
      refetchInterval: (q) =>
        q.state.data?.some((j) => j.job.status === 'NotStarted' || j.job.status === 'InProgress')
          ? 3000
          : false,
    },
  );
  const validEmail = EMAIL_PATTERN.test(email.trim());

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: apiKey(payableAdjustmentRoutes.adjustmentJobs) });
    // an applied adjustment changes the line's figures, entries and verified state
    await client.invalidateQueries({ queryKey: apiKey(payableRoutes.payableExplore) });
    await client.invalidateQueries({ queryKey: apiKey(payableRoutes.payableEntries) });
    await client.invalidateQueries({ queryKey: apiKey(challanRoutes.listChallans) });
  };

  const send = async () => {
    setSending(true);
    try {
      const answer = await call(challanRoutes.emailLineEntries, {
        params: lineParams(line),
        query: { subsection: line.subsection, email: email.trim() },
      });
      notifySuccess(answer.message);
    } catch (error) {
      notifyError(error, CHALLAN_MESSAGES.sendFailed);
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNote({ color: 'red', text: 'Choose the adjusted entries workbook (.xlsx).' });
      return;
    }
    const form = new FormData();
    form.append('files', file, file.name);
    setUploading(true);
    try {
      const route = payableAdjustmentRoutes.uploadAdjustedEntries;
      const answer = await upload(
        { ...route, path: `${route.path}?subsection=${encodeURIComponent(line.subsection)}` },
        form,
        undefined,
        lineParams(line),
      );
      setNote({
        color: 'green',
        text: `${answer.message} ${answer.rowsChanged} ${answer.rowsChanged === 1 ? 'entry' : 'entries'} to adjust.`,
      });
      setFile(null);
    } catch (error) {
      const details =
        error instanceof ApiError ? (error.details ?? []).map((d) => `${d.path}: ${d.message}`) : [];
      setNote({ color: 'red', text: errorMessage(error), details });
    } finally {
      setUploading(false);
      await refresh();
    }
  };

  return (
    <Stack gap="md" data-testid="adjustments-tab">
      {note && (
        <Alert color={note.color} withCloseButton onClose={() => setNote(null)} data-testid="adjust-note">
          <Text size="sm">{note.text}</Text>
          {note.details && note.details.length > 1 && (
            <List size="xs" mt={6} spacing={2}>
              {note.details.slice(0, 10).map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
              {note.details.length > 10 && <List.Item>… and more in the errors file below</List.Item>}
            </List>
          )}
        </Alert>
      )}
      <Group align="stretch" grow>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={5}>Step 1: e-mail the entries of this line</Title>
            <Text size="sm" c="dimmed">
              A workbook of the line's entries is sent to the address, to adjust against the challans.
            </Text>
            <Group align="flex-end">
              <TextInput
                label="Email address"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={email && !validEmail ? 'Invalid Email Address' : undefined}
                w={300}
                data-testid="adjust-email"
              />
              <Button
                leftSection={<IconMail size={16} />}
                disabled={!validEmail}
                loading={sending}
                onClick={send}
                data-testid="adjust-send"
              >
                Send entries
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
          <Stack gap="xs">
            <Title order={5}>Step 2: upload the adjusted file</Title>
            <Text size="sm" c="dimmed">
              Change only {ADJUSTABLE_COLUMNS.join(', ')}; keep File, Line and Document as sent. Nothing is
              applied unless every row is right; the line is then computed again.
            </Text>
            <Group align="flex-end">
              <FileInput
                label="Adjusted entries (.xlsx)"
                placeholder="Choose the workbook"
                accept=".xlsx"
                value={file}
                onChange={setFile}
                leftSection={<IconFileUpload size={16} />}
                w={300}
                clearable
                data-testid="adjust-file"
              />
              <Button type="submit" loading={uploading} disabled={!file} data-testid="adjust-upload">
                Upload
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Group>
      <DataGrid
        records={jobs.data ?? []}
        columns={jobColumns((text) => setNote({ color: 'red', text }))}
        idAccessor={(j) => j.job.id}
        fetching={jobs.isFetching}
        noRecordsText={ADJUSTMENT_MESSAGES.noJobs}
        exportName={`adjustment-jobs-${line.monthYear}-${line.section}-${line.deducteeType}`}
        testId="adjust-jobs"
        initialSort={{ accessor: 'start', direction: 'desc' }}
        toolbar={
          <Group gap="xs">
            <Text fw={600}>Adjustment jobs</Text>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={refresh}>
              Refresh
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
