import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileUpload, IconRefresh, IconUpload } from '@tabler/icons-react';
import { type ApiRoute, PAN_MISMATCH, PAN_UNCONFIRMED, type UploadAnswer } from '@taxrecon/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import {
  acceptOf,
  asksToLoadAgain,
  checkFiles,
  type FileRules,
  filePlaceholder,
  REDIRECT_AFTER_MS,
} from './upload-rules.ts';

// any answer that is at least the generic upload answer (some add the file's report)
type UploadRoute = Pick<ApiRoute, 'method' | 'path'> & { response: z.ZodType<UploadAnswer> };

interface UploadPanelProps {
  route: UploadRoute;
  rules: FileRules;
  // e.g. 'upload-sales': prefixes every data-testid of the panel
  testId: string;
  // put before the client-side check messages, e.g. 'Error Upload Sales Register! - '
  errorPrefix: string;
  // the prefix goes before the server's failures too (the master files' bulk
  // upload: spec part 1 section 8 'prefixed Error Creating Customer!')
  prefixEveryFailure?: boolean;
  label: string;
  description?: ReactNode;
  // the form fields sent beside the files; a string is a message that stops the upload
  fields?: () => Record<string, string | undefined> | string;
  // controls shown between the file picker and the upload button
  children?: ReactNode;
  onFilesChange?: (files: File[]) => void;
  // path parameters of the route, e.g. { fy: '24-25', month: '2024-04' }
  params?: Record<string, string>;
  // called with the server's answer after a successful upload
  // an upload applied at once (no job to watch) stays on its page instead of going to the jobs page
  stay?: boolean;
  onUploaded?: (answer: UploadAnswer) => void;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number }
  | { kind: 'done'; answer: UploadAnswer }
  | {
      kind: 'failed';
      message: string;
      duplicate: boolean;
      // the app could not be reached: the sign-in page follows (spec part 3 section 4)
      network?: boolean;
      code?: string;
      details?: { path: string; message: string }[];
    };

const failureText = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 0) return `Data Upload Failed! ${error.message}`;
  if (error instanceof ApiError) return `Data Upload Failed - ${error.message}`;
  return 'Data Upload Failed!';
};

// The upload flow of spec part 1 section 4: pick, check, send with a progress bar,
// show the answer and the job id, then go to the jobs page after 5 seconds. A file
// the entity already loaded, or a 26AS statement whose rows are mostly loaded, is
// refused (409) with a question and may be sent again on purpose.
export function UploadPanel(props: UploadPanelProps) {
  const { rules, testId } = props;
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setSecondsLeft(null);
  };
  // leaving the page stops the countdown
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const startRedirect = (to = '/jobs/all') => {
    let left = REDIRECT_AFTER_MS / 1000;
    setSecondsLeft(left);
    timer.current = setInterval(() => {
      left -= 1;
      setSecondsLeft(left);
      if (left <= 0) {
        stopTimer();
        navigate(to);
      }
    }, 1000);
  };
  const prefix = props.prefixEveryFailure ? props.errorPrefix : '';

  const send = async (force: boolean) => {
    const problem = checkFiles(files, rules);
    if (problem) {
      setOutcome({ kind: 'failed', message: `${props.errorPrefix}${problem}`, duplicate: false });
      return;
    }
    const fields = props.fields?.() ?? {};
    if (typeof fields === 'string') {
      setOutcome({ kind: 'failed', message: `${props.errorPrefix}${fields}`, duplicate: false });
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
    if (force) form.append('force', 'true');
    for (const file of files) form.append('files', file, file.name);
    setOutcome({ kind: 'sending', progress: 0 });
    try {
      const answer = await upload(
        props.route,
        form,
        (progress) => setOutcome({ kind: 'sending', progress }),
        props.params,
      );
      if (answer.error) {
        setOutcome({
          kind: 'failed',
          message: `${prefix}Data Upload Failed! ${answer.error}`,
          duplicate: false,
        });
        return;
      }
      setOutcome({ kind: 'done', answer });
      props.onUploaded?.(answer);
      // the jobs page only when there is a job to watch; a file checked (or applied) at once stays here
      if (answer.jobId && !props.stay) startRedirect();
    } catch (error) {
      // the same bytes, or a statement whose rows are already loaded: a question, not a failure
      const duplicate = error instanceof ApiError && asksToLoadAgain(error.code);
      const details = error instanceof ApiError ? error.details : undefined;
      const network = error instanceof ApiError && error.status === 0;
      setOutcome({
        kind: 'failed',
        message: `${prefix}${failureText(error)}`,
        duplicate,
        network,
        ...(error instanceof ApiError ? { code: error.code } : {}),
        ...(details ? { details } : {}),
      });
      if (network) startRedirect('/login');
    }
  };

  const choose = (chosen: File[]) => {
    stopTimer();
    setFiles(chosen);
    props.onFilesChange?.(chosen);
    setOutcome({ kind: 'idle' });
  };
  const sending = outcome.kind === 'sending';
  const pickerProps = {
    label: props.label,
    description: props.description,
    accept: acceptOf(rules),
    clearable: true,
    disabled: sending,
    leftSection: <IconFileUpload size={16} />,
    placeholder: filePlaceholder(rules.maxFiles),
    'data-testid': `${testId}-file`,
    fileInputProps: { 'data-testid': `${testId}-file-input` } as ComponentProps<'input'>,
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid={`${testId}-panel`}>
      <Stack gap="md">
        {rules.maxFiles > 1 ? (
          <FileInput multiple {...pickerProps} value={files} onChange={choose} />
        ) : (
          <FileInput {...pickerProps} value={files[0] ?? null} onChange={(f) => choose(f ? [f] : [])} />
        )}
        {props.children}
        <Group>
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => send(false)}
            loading={sending}
            disabled={files.length === 0 || (outcome.kind === 'done' && !props.stay)}
            data-testid={`${testId}-submit`}
          >
            Upload
          </Button>
        </Group>
        {outcome.kind === 'sending' && (
          <Stack gap={4} data-testid={`${testId}-progress`}>
            <Progress value={outcome.progress} animated striped />
            <Text size="xs" c="dimmed">
              {outcome.progress < 100 ? `Sending… ${outcome.progress}%` : 'Checking the file on the server…'}
            </Text>
          </Stack>
        )}
        {outcome.kind === 'failed' && (
          <Alert
            color={outcome.duplicate ? 'orange' : 'red'}
            title={
              outcome.code === PAN_UNCONFIRMED
                ? 'Another PAN: load it anyway?'
                : outcome.code === PAN_MISMATCH
                  ? 'Not this entity’s 26AS'
                  : outcome.duplicate
                    ? 'Already loaded: load it again?'
                    : outcome.network
                      ? 'Fetch error occurred'
                      : undefined
            }
            icon={<IconAlertCircle size={18} />}
            data-testid={`${testId}-error`}
          >
            <Stack gap="xs">
              <Text size="sm">{outcome.message}</Text>
              {outcome.network && secondsLeft !== null && (
                <Text size="xs" c="dimmed" data-testid={`${testId}-to-login`}>
                  Opening the sign-in page in {secondsLeft} s…
                </Text>
              )}
              {outcome.details && outcome.details.length > 0 && (
                <List size="xs" data-testid={`${testId}-error-details`}>
                  {outcome.details.slice(0, 20).map((d) => (
                    <List.Item key={`${d.path}:${d.message}`}>
                      {d.path}: {d.message}
                    </List.Item>
                  ))}
                </List>
              )}
              {outcome.duplicate && (
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => send(true)}
                    data-testid={`${testId}-force`}
                  >
                    {outcome.code === PAN_UNCONFIRMED ? 'Load anyway' : 'Load again'}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {outcome.kind === 'done' && (
          <Alert color="green" icon={<IconCheck size={18} />} data-testid={`${testId}-result`}>
            <Stack gap={4}>
              <Text size="sm">{outcome.answer.message}</Text>
              {outcome.answer.jobId && (
                <Text size="sm">
                  Job Id:{' '}
                  <Text span ff="monospace" data-testid={`${testId}-job-id`}>
                    {outcome.answer.jobId}
                  </Text>
                </Text>
              )}
              {outcome.answer.validationErrorsCount !== null && (
                <Text size="sm">Validation errors: {outcome.answer.validationErrorsCount}</Text>
              )}
              {secondsLeft !== null && (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    Opening the jobs page in {secondsLeft} s…
                  </Text>
                  <Button size="compact-xs" variant="subtle" onClick={stopTimer}>
                    Stay here
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => navigate('/jobs/all')}>
                    Go now
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
