import { Button, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { type DataQualityJob, platformRoutes } from '@taxrecon/contracts';
import { download, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { jobTypeLabel } from '../jobs/job-status.tsx';
import { errorFieldLabel, errorTypeLabel } from './error-labels.ts';

// Spec part 1 section 9: small reports are fetched at once (GET); from 2000 invalid
// entries the server prepares the file (POST) and may answer that it is not ready.
const LARGE_REPORT = 2000;
const NOT_READY = 'The Report is not ready yet. Please try after sometime:';

type Label = (key: string) => string;

const counts = (record: Record<string, number>, label: Label) =>
  Object.entries(record)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${label(name)}: ${n}`)
    .join(', ');

// 'Dates that could not be read: 1', a line each, the code kept in its
// tooltip (as badges the words were cut to 'Dates that could …')
function Counts({ record, label }: { record: Record<string, number>; label: Label }) {
  return (
    <Stack gap={2}>
      {Object.entries(record).map(([name, n]) => (
        <Text key={name} size="xs" title={name}>
          {label(name)}: {formatCount(n)}
        </Text>
      ))}
    </Stack>
  );
}

// A job a person recognises: what it loaded and when; its id on hover.
const jobName = (j: DataQualityJob): string => `${jobTypeLabel(j.jobType)}, ${formatDateTime(j.dateTime)}`;

const fetchReport = async (job: DataQualityJob) => {
  const path = `/data-quality/data-validation-errors/${encodeURIComponent(job.jobId)}`;
  try {
    await download(job.noOfInvalidEntries < LARGE_REPORT ? 'GET' : 'POST', path, 'validation-errors.zip');
  } catch (error) {
    const text = errorMessage(error);
    notifications.show({
      color: job.noOfInvalidEntries >= LARGE_REPORT ? 'blue' : 'red',
      message: job.noOfInvalidEntries >= LARGE_REPORT ? `${NOT_READY} ${text}` : text,
    });
  }
};

const COLUMNS: readonly GridColumn<DataQualityJob>[] = [
  {
    accessor: 'jobId',
    title: 'Job',
    // the export and the filter keep the id, which the report's file names carry
    value: (j) => `${jobName(j)} (${j.jobId})`,
    render: (j) => (
      <Tooltip label={`Job id ${j.jobId}`} openDelay={300}>
        <Text size="sm" data-testid={`data-quality-job-${j.jobId}`}>
          {jobName(j)}
        </Text>
      </Tooltip>
    ),
  },
  // the report is what a person opens this screen for: beside the job, as on
  // the other report lists, not past the right edge behind the counts
  {
    accessor: 'download',
    title: 'Download',
    value: () => '',
    sortable: false,
    filterable: false,
    exportable: false,
    render: (j) => (
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        onClick={() => fetchReport(j)}
      >
        Download
      </Button>
    ),
  },
  { accessor: 'jobType', title: 'Job Type', value: (j) => j.jobType, render: (j) => jobTypeLabel(j.jobType) },
  { accessor: 'userId', title: 'User Id', value: (j) => j.userId },
  {
    accessor: 'dateTime',
    title: 'Started At',
    noWrap: true,
    value: (j) => j.dateTime,
    render: (j) => formatDateTime(j.dateTime),
  },
  {
    accessor: 'noOfInvalidEntries',
    title: 'No of invalid entries',
    value: (j) => j.noOfInvalidEntries,
    render: (j) => formatCount(j.noOfInvalidEntries),
    textAlign: 'right',
  },
  {
    accessor: 'errorTypesToCounts',
    title: 'Error Type Counts',
    value: (j) => counts(j.errorTypesToCounts, errorTypeLabel),
    render: (j) => <Counts record={j.errorTypesToCounts} label={errorTypeLabel} />,
  },
  {
    accessor: 'fieldErrorCounts',
    title: 'Field Error Counts',
    value: (j) => counts(j.fieldErrorCounts, errorFieldLabel),
    render: (j) => <Counts record={j.fieldErrorCounts} label={errorFieldLabel} />,
  },
];

export function DataQualityPage() {
  const jobs = useApiQuery(platformRoutes.dataQualityJobs, {});
  return (
    <Stack gap={0}>
      <PageHeader
        title="Jobs with Invalid Data"
        subtitle="Uploads whose rows failed validation, with a report of every error"
      />
      {jobs.isError && <QueryError error={jobs.error} />}
      <Paper withBorder radius="lg" p="md">
        <DataGrid
          records={jobs.data ?? []}
          columns={COLUMNS}
          idAccessor={(j) => j.jobId}
          fetching={jobs.isFetching && !jobs.data}
          exportName="jobs-with-invalid-data"
          initialSort={{ accessor: 'dateTime', direction: 'desc' }}
          noRecordsText="No upload has had invalid rows yet"
          testId="data-quality-table"
        />
      </Paper>
    </Stack>
  );
}
