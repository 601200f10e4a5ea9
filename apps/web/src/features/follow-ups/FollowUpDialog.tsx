import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EMAIL_PATTERN,
  FOLLOW_UP_ERROR,
  FOLLOW_UP_STATUSES,
  type FollowUpStatus,
  followUpRoutes,
  type ReconKind,
} from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { notifyError, notifySuccess } from '../reconciliation/common/notify.ts';
import { openInNewWindow } from '../reconciliation/common/paths.ts';
import { isBlank, RichTextEditor } from './RichTextEditor.tsx';

export const threadPath = (threadId: string) => `/follow-up?thread=${threadId}`;

// The API's follow-up types (spec names) as a user reads them: TDS follow-ups
// go to customers about tax they deducted, TCS ones to vendors who collected.
export const FOLLOW_UP_TYPE_TEXT = {
  TDSFollowup: 'TDS (customer)',
  TCSFollowup: 'TCS (vendor)',
} as const;

const addresses = (text: string) => text.split(/[,;\s]+/).filter(Boolean);
const validList = (text: string) =>
  addresses(text).length > 0 && addresses(text).every((a) => EMAIL_PATTERN.test(a));

// Spec 2.9: the follow-up dialog of one customer (vendor) of a job, opened from
// its result accordion or its discrepancy screen. Follow up stays disabled
// until a transaction status is chosen, and while an added CC field is empty.
export function FollowUpDialog(props: {
  kind: ReconKind;
  jobId: string;
  tan: string;
  customerName: string;
  opened: boolean;
  onClose: () => void;
  // a screen that exists only to start the thread lands in it
  onSent?: (threadId: string) => void;
}) {
  const { kind } = props;
  const templateType = kind === 'TDS' ? 'TDSFollowup' : 'TCSFollowup';
  const template = useApiQuery(
    followUpRoutes.emailTemplate,
    { params: { customerTan: props.tan }, query: { jobId: props.jobId, templateType } },
    { enabled: props.opened },
  );
  const [to, setTo] = useState('');
  const [cc, setCc] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [statuses, setStatuses] = useState<FollowUpStatus[]>(['FollowUp', 'Pending']);
  const [summary, setSummary] = useState(true);
  const [saveTemplate, setSaveTemplate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentThread, setSentThread] = useState<string | null>(null);

  useEffect(() => {
    const t = template.data;
    if (!t) return;
    setTo(t.toEmailAddress);
    setCc(t.ccEmailAddress);
    setSubject(t.subject);
    setBody(t.bodyContent);
  }, [template.data]);

  const ccBlocks = cc !== null && cc.trim() === '';
  const problems = [
    statuses.length === 0 && 'Choose at least one transaction status.',
    !validList(to) && 'Enter valid To addresses.',
    cc !== null && cc.trim() !== '' && !validList(cc) && 'Enter valid CC addresses.',
    subject.trim() === '' && 'Enter a subject.',
    isBlank(body) && 'Write the message.',
  ].filter((p): p is string => typeof p === 'string');
  const disabled = problems.length > 0 || ccBlocks;

  const send = async () => {
    setBusy(true);
    try {
      const answer = await call(followUpRoutes.followUpCustomer, {
        body: {
          jobId: props.jobId,
          tanNumber: props.tan,
          customerName: props.customerName,
          followuptype: templateType,
          followupemailAddress: to,
          ...(cc !== null ? { followupccEmailAddress: cc } : {}),
          followupsendDiscrepanciesSummary: summary,
          followupselectedStatuses: statuses,
          followupEmailContent: body,
          subject,
          saveTemplate,
        },
      });
      notifySuccess(answer.message);
      setSentThread(answer.threadId);
      props.onSent?.(answer.threadId);
    } catch (error) {
      notifyError(error, `${FOLLOW_UP_ERROR} ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      // the spec's name for the dialog (part 2 section 2.9), then whose it is
      title={
        <Stack gap={0}>
          <Text fw={600}>Followup Settings</Text>
          <Text size="sm" c="dimmed">{`${kind} follow up: ${props.customerName}`}</Text>
        </Stack>
      }
      data-testid="follow-up-dialog"
    >
      {template.isLoading ? (
        <Loader />
      ) : (
        <Stack gap="sm">
          <Checkbox.Group
            label="Transaction statuses to include"
            value={statuses}
            onChange={(v) => setStatuses(v as FollowUpStatus[])}
          >
            <Group gap="md" mt={4}>
              {FOLLOW_UP_STATUSES.map((s) => (
                <Checkbox key={s} value={s} label={s} data-testid={`follow-up-status-${s}`} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            label="To"
            description="One or more addresses, separated by commas"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={to.trim() !== '' && !validList(to) ? 'Invalid Email Address' : null}
            data-testid="follow-up-to"
          />
          {cc === null ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setCc('')} w="fit-content">
              Add CC
            </Anchor>
          ) : (
            <TextInput
              label="CC"
              value={cc}
              onChange={(e) => setCc(e.currentTarget.value)}
              error={
                ccBlocks
                  ? 'Enter a CC address or remove the field'
                  : cc.trim() && !validList(cc)
                    ? 'Invalid Email Address'
                    : null
              }
              rightSection={
                <Anchor component="button" type="button" size="xs" onClick={() => setCc(null)}>
                  Remove
                </Anchor>
              }
              rightSectionWidth={64}
              data-testid="follow-up-cc"
            />
          )}
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            data-testid="follow-up-subject"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Message
            </Text>
            <RichTextEditor value={body} onChange={setBody} testId="follow-up-body" />
          </div>
          <Group gap="lg">
            <Switch
              label="Send discrepancies summary"
              checked={summary}
              onChange={(e) => setSummary(e.currentTarget.checked)}
              data-testid="follow-up-summary"
            />
            <Switch
              label="Save as template"
              checked={saveTemplate}
              onChange={(e) => setSaveTemplate(e.currentTarget.checked)}
              data-testid="follow-up-save-template"
            />
          </Group>
          <Text size="xs" c="dimmed">
            The chosen transactions are attached as an Excel file (invoice, date, amount, {kind} per our
            books, {kind} per 26AS, difference).
          </Text>
          <Group justify="space-between">
            {sentThread ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => openInNewWindow(threadPath(sentThread))}
                data-testid="follow-up-open-thread"
              >
                Open the follow-up thread
              </Anchor>
            ) : (
              <Text size="xs" c="red">
                {problems[0] ?? ''}
              </Text>
            )}
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose}>
                Close
              </Button>
              <Button onClick={send} loading={busy} disabled={disabled} data-testid="follow-up-send">
                Follow up
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
