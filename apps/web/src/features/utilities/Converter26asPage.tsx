import {
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock, IconMail, IconTransform } from '@tabler/icons-react';
import { type ConverterFormat, utilityRoutes } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatementFilesInput, useResultEmail } from './form-parts.tsx';
import { UtilityOutcome, type UtilityState } from './UtilityOutcome.tsx';
import { CONVERTER_RULES, converterProblem, refusalText } from './utility-rules.ts';

const FORMATS: { value: ConverterFormat; label: string }[] = [
  { value: 'excel', label: 'Excel' },
  { value: 'csv', label: 'CSV' },
];

const formatOf = (value: string | null): ConverterFormat => (value === 'csv' ? 'csv' : 'excel');

// Spec part 3: /26as_converter?format=csv|excel. Every part of each statement
// becomes its own sheet (Excel) or file (CSV), zipped with AES-256 under the
// password given here and e-mailed; TaxRecon does not keep the password.
export function Converter26asPage() {
  const [search, setSearch] = useSearchParams();
  const format = formatOf(search.get('format'));
  const { email, change: changeEmail } = useResultEmail();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<UtilityState>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = converterProblem(files, email, password, confirmation);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    const form = new FormData();
    form.append('format', format);
    form.append('email', email.trim());
    form.append('password', password);
    for (const file of files) form.append('files', file, file.name);
    setState({ kind: 'sending', progress: 0 });
    try {
      const answer = await upload(utilityRoutes.convert26as, form, (progress) =>
        setState({ kind: 'sending', progress }),
      );
      setState({ kind: 'done', message: answer.message, jobId: answer.jobId, email: email.trim() });
      setPassword('');
      setConfirmation('');
    } catch (error) {
      setState({ kind: 'failed', message: refusalText(error, 'converter') });
    }
  };

  const sending = state.kind === 'sending';
  const title = format === 'csv' ? '26AS to CSV converter' : '26AS to Excel converter';
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        subtitle="Every part of your 26AS text statement, e-mailed to you in a password-protected zip"
      />
      <Paper
        withBorder
        radius="lg"
        p="lg"
        maw={960}
        component="form"
        onSubmit={submit}
        data-testid="converter-form"
      >
        <Stack gap="md">
          <Group gap="sm">
            <Text size="sm" fw={500}>
              Output
            </Text>
            <SegmentedControl
              data={FORMATS}
              value={format}
              onChange={(value) => setSearch({ format: value }, { replace: true })}
              data-testid="converter-format"
            />
            <Text size="sm" c="dimmed">
              {format === 'excel'
                ? 'one workbook per statement, one sheet per part, amounts as ₹ numbers'
                : 'one csv file per part of each statement'}
            </Text>
          </Group>
          <StatementFilesInput
            label="26AS text files (.txt)"
            description="The text download from TRACES (not the zip), up to 200,000,000 bytes each"
            placeholder="Choose one or more .txt files"
            rules={CONVERTER_RULES}
            disabled={sending}
            value={files}
            onChange={(chosen) => {
              setFiles(chosen);
              setState({ kind: 'idle' });
            }}
            testId="converter"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Password for the zip"
              description="At least 8 characters; you need it to open the zip. It is not stored."
              leftSection={<IconLock size={16} />}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="new-password"
              data-testid="converter-password"
            />
            <PasswordInput
              label="Confirm the password"
              description="Type the same password again"
              leftSection={<IconLock size={16} />}
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              autoComplete="new-password"
              error={confirmation && confirmation !== password ? 'The two passwords do not match.' : null}
              data-testid="converter-password-confirm"
            />
          </SimpleGrid>
          <TextInput
            label="E-mail the result to"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => changeEmail(e.currentTarget.value)}
            data-testid="converter-email"
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconTransform size={16} />}
              loading={sending}
              data-testid="converter-submit"
            >
              Convert and e-mail
            </Button>
          </Group>
          <UtilityOutcome state={state} testId="converter" />
        </Stack>
      </Paper>
    </Stack>
  );
}
