import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { PAYABLE_REPORTS_SUBMITTED_MESSAGE } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fileNameError } from '../../reconciliation/common/ReportButton.tsx';
import { monthYearLabel } from '../common/months.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { PAYABLE_ERROR_REPORTS_PATH, PAYABLE_REPORTS_PATH } from '../common/paths.ts';
import { defaultFileName, REPORT_KINDS, type ReportKind, requestReport } from './report-kinds.ts';

// Spec part 3 section 9: the toast, then the reports list 3.5 s later.
const SWITCH_AFTER_MS = 3500;

// Upload Settings of a report request: which report, its month when monthly,
// and the file name (required, spec section 5).
export function ReportRequestDialog(props: {
  fy: string;
  months: readonly string[];
  initial: ReportKind | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<ReportKind>(props.initial ?? 'form3cd_annual_report');
  const [month, setMonth] = useState<string | null>(props.months.at(-1) ?? null);
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const meta = REPORT_KINDS.find((k) => k.value === kind) ?? REPORT_KINDS[0]!;
  useEffect(() => {
    if (props.initial) setKind(props.initial);
  }, [props.initial]);
  useEffect(() => {
    setFileName(defaultFileName(kind, props.fy, meta.monthly ? month : null));
  }, [kind, month, props.fy, meta.monthly]);

  const error = fileNameError(fileName);
  const submit = async () => {
    setBusy(true);
    try {
      await requestReport(kind, props.fy, meta.monthly ? month : null, fileName.trim());
      notifySuccess(`${meta.label}: ${fileName.trim()}`, PAYABLE_REPORTS_SUBMITTED_MESSAGE);
      props.onClose();
      const list = meta.errors ? PAYABLE_ERROR_REPORTS_PATH : PAYABLE_REPORTS_PATH;
      setTimeout(() => navigate(list), SWITCH_AFTER_MS);
    } catch (e) {
      notifyError(e, 'Could not fetch the details');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={props.initial !== null} onClose={props.onClose} title="Upload Settings" centered>
      <Stack gap="sm" data-testid="payable-report-dialog">
        <Text size="sm" c="dimmed">
          The report is generated in the background; download it from TDS Payable Reports when it is ready.
        </Text>
        <Select
          label="Report"
          data={REPORT_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          value={kind}
          onChange={(v) => v && setKind(v as ReportKind)}
          allowDeselect={false}
          data-testid="payable-report-kind"
        />
        {meta.monthly && (
          <Select
            label="Month"
            data={props.months.map((m) => ({ value: m, label: monthYearLabel(m) }))}
            value={month}
            onChange={setMonth}
            allowDeselect={false}
            error={month ? undefined : 'Choose a month'}
            data-testid="payable-report-month"
          />
        )}
        <TextInput
          label="Report file name"
          value={fileName}
          onChange={(e) => setFileName(e.currentTarget.value)}
          error={error}
          required
          data-testid="payable-report-file-name"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={busy}
            disabled={!!error || (meta.monthly && !month)}
            data-testid="payable-report-submit"
          >
            Generate Report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
