import { Alert, Badge, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileZip, IconUpload } from '@tabler/icons-react';
import { documentRoutes, FORM16A_MAX_BYTES, type Form16aRejectedFile } from '@taxrecon/contracts';
import { type ComponentProps, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { checkFiles, filePlaceholder } from '../uploads/upload-rules.ts';
import { saveRejectedCsv } from './form16a-options.ts';

const RULES = { extensions: ['zip'], maxBytes: FORM16A_MAX_BYTES, maxFiles: 1 };
const FINISHED = ['Completed', 'Failed'];

const REJECTED_COLUMNS: GridColumn<Form16aRejectedFile>[] = [
  { accessor: 'fileName', title: 'File', value: (r) => r.fileName, sortable: true, filterable: true },
  { accessor: 'reason', title: 'Reason', value: (r) => r.reason, filterable: true },
];

// The job's outcome: how many certificates were loaded, and every file left
// out with its reason (also as a csv), refreshed until the job has finished.
function BulkResult({ jobId }: { jobId: string }) {
  const result = useApiQuery(
    documentRoutes.form16aBulkResult,
    { params: { jobId } },
    { refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.status) ? false : 1000) },
  );
  const data = result.data;
  if (!data || !FINISHED.includes(data.status)) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Group gap="xs">
          <Badge color="blue">{data?.status ?? 'Submitted'}</Badge>
          <Text size="sm">Reading the certificates of the zip (job {jobId})…</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="bulk16a-result">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={data.status === 'Completed' ? 'green' : 'red'}>{data.status}</Badge>
          <Text size="sm" data-testid="bulk16a-summary">
            {data.loaded} of {data.filesRead} file(s) of {data.zipName || 'the zip'} loaded;{' '}
            {data.rejected.length} left out.
          </Text>
        </Group>
        {data.rejected.length > 0 && (
          <DataGrid
            records={data.rejected}
            columns={REJECTED_COLUMNS}
            idAccessor={(r) => r.fileName}
            pageSize={50}
            exportName="form16a-rejected"
            testId="bulk16a-rejected"
            toolbar={
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => saveRejectedCsv(data.zipName, data.rejected)}
                data-testid="bulk16a-rejected-csv"
              >
                Download rejected files (.csv)
              </Button>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

export function Form16aBulkUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const send = async () => {
    setFailure(null);
    const problem = checkFiles(file ? [file] : [], RULES);
    if (problem || !file) {
      setFailure(problem ?? 'Choose a file to upload.');
      return;
    }
    const form = new FormData();
    form.append('files', file, file.name);
    setProgress(0);
    setJobId(null);
    try {
      const answer = await upload(documentRoutes.form16aBulkUpload, form, setProgress);
      setJobId(answer.jobId);
      setFile(null);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Form 16A Bulk Upload"
        subtitle="A zip of TRACES Form 16A PDFs: each is filed under the vendor whose PAN it names"
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each certificate is read for the PAN of the deductee, the TAN of the deductor, the financial year,
            the quarter and the amounts. A file that cannot be read, or whose PAN is not in the vendor master,
            is listed with the reason.
          </Text>
          <FileInput
            label="Zip of Form 16A PDFs"
            placeholder={filePlaceholder()}
            accept=".zip,application/zip"
            leftSection={<IconFileZip size={16} />}
            value={file}
            onChange={setFile}
            clearable
            fileInputProps={{ 'data-testid': 'bulk16a-file-input' } as ComponentProps<'input'>}
            data-testid="bulk16a-file"
          />
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={send}
              loading={progress !== null}
              disabled={!file}
              data-testid="bulk16a-upload"
            >
              Upload
            </Button>
          </Group>
          {progress !== null && <Progress value={progress} />}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="bulk16a-error">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
      {jobId && <BulkResult jobId={jobId} />}
    </Stack>
  );
}
