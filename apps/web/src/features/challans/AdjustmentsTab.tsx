import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { challanRoutes, EMAIL_PATTERN } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';
import type { ChallanLine } from './line.ts';

// ENTRIES ADJUSTMENTS WITH CHALLANS, step 1: the line's entries are e-mailed
// as a workbook to adjust against the challans. Uploading the adjusted file
// back (step 2) is not built yet; the note says so rather than offering it.
export function AdjustmentsTab({ line }: { line: ChallanLine }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = EMAIL_PATTERN.test(email.trim());
  const send = async () => {
    setBusy(true);
    try {
      const answer = await call(challanRoutes.emailLineEntries, {
        params: { monthYear: line.monthYear, section: line.section, deducteeType: line.deducteeType },
        query: { subsection: line.subsection, email: email.trim() },
      });
      notifySuccess(answer.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="adjustments-tab">
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          Step 1: e-mail the entries of this line
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Email address"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={email && !valid ? 'Invalid Email Address' : undefined}
            w={320}
            data-testid="adjust-email"
          />
          <Button leftSection={<IconMail size={16} />} disabled={!valid} loading={busy} onClick={send}>
            Send entries
          </Button>
        </Group>
      </Paper>
      <Text size="sm" c="dimmed">
        Step 2, uploading the adjusted file back, comes in a coming release.
      </Text>
    </Stack>
  );
}
