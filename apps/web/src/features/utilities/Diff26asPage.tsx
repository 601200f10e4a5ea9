import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconArrowsDiff, IconMail } from '@tabler/icons-react';
import { utilityRoutes } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatementFilesInput, useResultEmail } from './form-parts.tsx';
import { UtilityOutcome, type UtilityState } from './UtilityOutcome.tsx';
import { DIFF_RULES, diffProblem, refusalText } from './utility-rules.ts';

// Spec part 3: /26as_diff. Two downloads of one PAN's 26AS; the credits added,
// removed or changed (status, amount) per part, deductor and transaction are
// e-mailed as an Excel workbook. The earlier file is the one chosen first.
export function Diff26asPage() {
  const { email, change: changeEmail } = useResultEmail();
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<UtilityState>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = diffProblem(files, email);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    const form = new FormData();
    form.append('format', 'excel');
    form.append('email', email.trim());
    for (const file of files) form.append('files', file, file.name);
    setState({ kind: 'sending', progress: 0 });
    try {
      const answer = await upload(utilityRoutes.diff26as, form, (progress) =>
        setState({ kind: 'sending', progress }),
      );
      setState({ kind: 'done', message: answer.message, jobId: answer.jobId, email: email.trim() });
    } catch (error) {
      setState({ kind: 'failed', message: refusalText(error) });
    }
  };

  const sending = state.kind === 'sending';
  return (
    <Stack gap="md">
      <PageHeader
        title="26AS Diff utility"
        subtitle="Compare two 26AS downloads of one PAN: what was added, removed or changed"
      />
      <Paper
        withBorder
        radius="lg"
        p="lg"
        maw={960}
        component="form"
        onSubmit={submit}
        data-testid="diff-form"
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            description="The differences are e-mailed here as an Excel workbook"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => changeEmail(e.currentTarget.value)}
            data-testid="diff-email"
          />
          <StatementFilesInput
            label="Two 26AS text files (.txt)"
            description="The earlier download first, then the later one"
            placeholder="Choose exactly 2 .txt files"
            rules={DIFF_RULES}
            disabled={sending}
            value={files}
            onChange={(chosen) => {
              setFiles(chosen);
              setState({ kind: 'idle' });
            }}
            testId="diff"
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconArrowsDiff size={16} />}
              loading={sending}
              data-testid="diff-submit"
            >
              Compare and e-mail
            </Button>
          </Group>
          <UtilityOutcome state={state} testId="diff" />
        </Stack>
      </Paper>
    </Stack>
  );
}
