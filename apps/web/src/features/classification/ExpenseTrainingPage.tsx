import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileUpload, IconSchool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  classificationRoutes,
  platformRoutes,
  TRAINING_EXTENSIONS,
  TRAINING_MAX_BYTES,
  type TrainAnswer,
} from '@taxrecon/contracts';
import { type ComponentProps, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ColumnMappingEditor } from '../uploads/ColumnMappingEditor.tsx';
import { acceptOf, checkFiles, filePlaceholder } from '../uploads/upload-rules.ts';
import { ModelSummary } from './ModelSummary.tsx';
import { useTrainingMapping } from './use-training-mapping.ts';

const RULES = { extensions: TRAINING_EXTENSIONS, maxBytes: TRAINING_MAX_BYTES, maxFiles: 1 };

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number }
  | { kind: 'sent'; answer: TrainAnswer }
  | { kind: 'failed'; message: string };

// The training job after the upload: its progress, then its remarks (accuracy
// and macro-F1 on the held-back fifth) or why it failed.
function TrainingJob({ jobId, onFinished }: { jobId: string; onFinished: () => void }) {
  const job = useApiQuery(
    platformRoutes.job,
    { params: { jobId } },
    {
      refetchInterval: (query) =>
        query.state.data?.status === 'Completed' || query.state.data?.status === 'Failed' ? false : 1000,
    },
  );
  const status = job.data?.status;
  const finished = status === 'Completed' || status === 'Failed';
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  if (job.error) return <QueryError error={job.error} />;
  if (status === 'Completed')
    return (
      <Alert color="green" icon={<IconCheck size={18} />} title="Model trained" data-testid="training-done">
        {job.data?.remarks}
      </Alert>
    );
  if (status === 'Failed')
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title="Training failed"
        data-testid="training-failed"
      >
        {job.data?.failureReason ?? job.data?.remarks}
      </Alert>
    );
  return (
    <Stack gap={4} data-testid="training-progress">
      <Progress value={job.data?.progress ?? 0} animated striped />
      <Text size="xs" c="dimmed">
        Training… {job.data?.progress ?? 0}%
      </Text>
    </Stack>
  );
}

// An expense ledger's header row: its narration and the TDS section of each line.
const EXPENSE_HEADER_EXAMPLE = 'Posting Date\tLedger Name\tNarration\tTDS Section\tSub-section\t…';

// 'Expenses Training' (/expense-prediction): the 'Upload Training Data'
// panel (header paste, mapping, .txt or .csv upload) and the current model.
export function ExpenseTrainingPage() {
  const queryClient = useQueryClient();
  const existing = useApiQuery(classificationRoutes.expenseModelExists, {});
  const mapping = useTrainingMapping();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const send = async () => {
    const problem = checkFiles(file ? [file] : [], RULES);
    if (problem) return setOutcome({ kind: 'failed', message: problem });
    const fields = mapping.uploadFields();
    if (typeof fields === 'string') return setOutcome({ kind: 'failed', message: fields });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('files', file, file.name);
    setOutcome({ kind: 'sending', progress: 0 });
    try {
      const answer = await upload(classificationRoutes.trainExpenseClassifier, form, (progress) =>
        setOutcome({ kind: 'sending', progress }),
      );
      setOutcome({ kind: 'sent', answer });
    } catch (error) {
      setOutcome({
        kind: 'failed',
        message: error instanceof ApiError ? `Data Upload Failed - ${error.message}` : 'Data Upload Failed!',
      });
    }
  };
  // stable, so the finished job refreshes the model figures once
  const refreshModel = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: apiKey(classificationRoutes.expenseModelExists) });
  }, [queryClient]);

  return (
    <Stack gap="md">
      <PageHeader
        title="Expenses Training"
        subtitle="Teach the expense classifier your ledger's narrations: a file of expense descriptions and the TDS section of each. Training runs in the app; a fifth of the file is held back to measure it."
      />
      {existing.error ? (
        <QueryError error={existing.error} />
      ) : (
        existing.data && <ModelSummary model={existing.data.model} />
      )}
      <Paper withBorder radius="lg" p="lg" data-testid="training-panel">
        <Stack gap="md">
          {/* the screen takes .txt (tab-separated) as well as .csv */}
          <Text fw={600}>Upload Training Data (.txt or .csv)</Text>
          <FileInput
            label="Training file (.txt tab-separated, or .csv)"
            description="One line per expense: its description and its section (194C, 194J(b), 194I(a)…), up to 200 MB"
            accept={acceptOf(RULES)}
            clearable
            leftSection={<IconFileUpload size={16} />}
            placeholder={filePlaceholder()}
            value={file}
            onChange={(f) => {
              setFile(f);
              setOutcome({ kind: 'idle' });
            }}
            disabled={outcome.kind === 'sending'}
            data-testid="training-file"
            fileInputProps={{ 'data-testid': 'training-file-input' } as ComponentProps<'input'>}
          />
          <ColumnMappingEditor mapping={mapping} file={file} placeholder={EXPENSE_HEADER_EXAMPLE} />
          <Group>
            <Button
              leftSection={<IconSchool size={16} />}
              onClick={send}
              loading={outcome.kind === 'sending'}
              disabled={!file}
              data-testid="training-submit"
            >
              Train model
            </Button>
          </Group>
          {outcome.kind === 'sending' && (
            <Stack gap={4}>
              <Progress value={outcome.progress} animated striped />
              <Text size="xs" c="dimmed">
                {outcome.progress < 100
                  ? `Sending… ${outcome.progress}%`
                  : 'Checking every line on the server…'}
              </Text>
            </Stack>
          )}
          {outcome.kind === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="training-error">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {outcome.message}
              </Text>
            </Alert>
          )}
          {outcome.kind === 'sent' && (
            <Stack gap="xs" data-testid="training-result">
              <Text size="sm">{outcome.answer.message}</Text>
              <Text size="sm">
                Job Id:{' '}
                <Text span ff="monospace" data-testid="training-job-id">
                  {outcome.answer.jobId}
                </Text>
                {' · '}Validation errors: {outcome.answer.validationErrorsCount ?? 0}
              </Text>
              {outcome.answer.jobId && <TrainingJob jobId={outcome.answer.jobId} onFinished={refreshModel} />}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
