import { Button, type ButtonProps, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  DOWNLOAD_THRESHOLD,
  REPORT_SUBMITTED_DETAIL,
  REPORT_SUBMITTED_MESSAGE,
  REPORT_THROTTLED_MESSAGE,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { notifyError } from './notify.ts';

// Letters, digits, space, hyphen, underscore, parentheses and at most one dot (spec section 5).
const FILE_NAME = /^[A-Za-z0-9 _()-]+(\.[A-Za-z0-9 _()-]+)?$/;

export const fileNameError = (name: string): string | undefined => {
  if (!name.trim()) return 'A report file name is required';
  return FILE_NAME.test(name.trim())
    ? undefined
    : 'Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.';
};

interface ReportButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  label: string;
  // transactions the download would hold: above the threshold it becomes a background report
  transactions: number;
  onDownload: () => Promise<void>;
  onReport: (fileName: string) => Promise<{ throttled: boolean; message: string }>;
  defaultFileName: string;
  testId: string;
}

// Spec section 9: at or under 2000 transactions a direct download; above, a
// report generated in the background under a name the user gives (Upload Settings).
export function ReportButton({
  label,
  transactions,
  onDownload,
  onReport,
  defaultFileName,
  testId,
  ...buttonProps
}: ReportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [fileName, setFileName] = useState(defaultFileName);
  const background = transactions > DOWNLOAD_THRESHOLD;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const submitReport = () =>
    run(async () => {
      const answer = await onReport(fileName.trim());
      setAsking(false);
      if (answer.throttled) {
        notifications.show({ color: 'red', title: 'Error occurred', message: REPORT_THROTTLED_MESSAGE });
        return;
      }
      notifications.show({
        color: 'green',
        title: REPORT_SUBMITTED_MESSAGE,
        message: REPORT_SUBMITTED_DETAIL,
      });
    });

  const error = fileNameError(fileName);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={busy && !asking}
        onClick={() => (background ? setAsking(true) : run(onDownload))}
        data-testid={testId}
        {...buttonProps}
      >
        {background ? 'Generate Report' : label}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Upload Settings" centered>
        <Stack gap="sm" data-testid={`${testId}-settings`}>
          <Text size="sm">
            The report holds more than {DOWNLOAD_THRESHOLD} transactions, so it is generated in the background
            and saved under Reports &gt; Reconciliation Reports.
          </Text>
          <TextInput
            label="Report file name"
            value={fileName}
            onChange={(e) => setFileName(e.currentTarget.value)}
            error={fileName ? error : undefined}
            required
            data-testid={`${testId}-file-name`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button onClick={submitReport} loading={busy} disabled={!!error} data-testid={`${testId}-submit`}>
              Generate Report
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
