import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { followUpRoutes, type Thread, type ThreadStatus } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDate, formatDateTime, formatFinancialYear } from '../../lib/format.ts';
import { notifyError } from '../reconciliation/common/notify.ts';
import { resultPath } from '../reconciliation/common/paths.ts';
import { FOLLOW_UP_TYPE_TEXT, FollowUpDialog, threadPath } from './FollowUpDialog.tsx';
import { ThreadFigures } from './ThreadFigures.tsx';
import { ThreadTimeline } from './ThreadTimeline.tsx';

const kindOf = (t: Thread) => (t.followupType === 'TDSFollowup' ? 'TDS' : 'TCS');
const statusColor = (s: ThreadStatus) => (s === 'Open' ? 'green' : 'red');

function SidePanel({ thread, onStatus }: { thread: Thread; onStatus: (s: ThreadStatus) => void }) {
  const row = (label: string, value: React.ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="thread-side-panel">
      <Stack gap="sm">
        <Select
          label="Status"
          data={['Open', 'Closed']}
          value={thread.status}
          allowDeselect={false}
          onChange={(v) => v && v !== thread.status && onStatus(v as ThreadStatus)}
          data-testid="thread-status"
        />
        {row('Follow-up type', FOLLOW_UP_TYPE_TEXT[thread.followupType])}
        {row('Transactions start date', formatDate(thread.transactionsStartDate, '—'))}
        {row('Transactions end date', formatDate(thread.transactionsEndDate, '—'))}
        {row('Customer name', thread.customerName)}
        {row('TAN', thread.customerTan ?? '—')}
        {row('Financial year', formatFinancialYear(thread.financialYear))}
        {row('Opened', `${formatDateTime(thread.createdDateTime)} by ${thread.userId}`)}
        <Anchor
          component={Link}
          to={resultPath(kindOf(thread), thread.jobId)}
          size="sm"
          data-testid="thread-job-link"
        >
          Reconciliation job {thread.jobId.slice(0, 8)}
        </Anchor>
      </Stack>
    </Paper>
  );
}

// The overlay of the Follow Up button: the customer's follow-ups so far, and
// Create new (the follow-up dialog).
function PreviousFollowUps(props: {
  thread: Thread;
  opened: boolean;
  onClose: () => void;
  onCreate: () => void;
}) {
  const list = useApiQuery(
    followUpRoutes.threadsByTan,
    { query: { customerTan: props.thread.entityId } },
    { enabled: props.opened },
  );
  const navigate = useNavigate();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Follow ups" size="lg">
      <Stack>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transactions</Table.Th>
              <Table.Th>Year</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((t) => (
              <Table.Tr
                key={t.threadId}
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  props.onClose();
                  navigate(threadPath(t.threadId));
                }}
              >
                <Table.Td>
                  {formatDate(t.transactionsStartDate, '—')} to {formatDate(t.transactionsEndDate, '—')}
                </Table.Td>
                <Table.Td>{formatFinancialYear(t.financialYear)}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor(t.status)} variant="light">
                    {t.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button onClick={props.onCreate} leftSection={<IconMail size={16} />}>
            Create new
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// Spec 2.9: /follow-up?thread=. An unknown thread goes to /not-found.
export function ThreadPage() {
  const [params] = useSearchParams();
  const threadId = params.get('thread') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [overlay, setOverlay] = useState(false);
  const [dialog, setDialog] = useState(false);
  const valid = /^[0-9a-f-]{36}$/i.test(threadId);
  const thread = useApiQuery(
    followUpRoutes.followUpThread,
    { params: { threadId } },
    { enabled: valid, retry: false },
  );
  const entries = useApiQuery(
    followUpRoutes.followUpConversations,
    { params: { threadId } },
    { enabled: valid, retry: false },
  );
  const missing = !valid || (thread.error instanceof ApiError && thread.error.status === 404);
  useEffect(() => {
    if (missing) navigate('/not-found', { replace: true });
  }, [missing, navigate]);

  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1]).startsWith('/follow-up'),
    });
  const setStatus = async (status: ThreadStatus) => {
    try {
      await call(followUpRoutes.updateThread, { body: { threadId, status } });
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  if (thread.isError && !missing) return <QueryError error={thread.error} />;
  const t = thread.data;
  if (!t || !entries.data)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  const kind = kindOf(t);
  return (
    <Stack gap="md" data-testid="follow-up-thread">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3" data-testid="thread-title">
              {t.customerName}
            </Title>
            <Badge color={statusColor(t.status)} data-testid="thread-status-badge">
              {t.status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            TAN {t.customerTan ?? '—'} · {kind} follow-up · {formatFinancialYear(t.financialYear)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} />}
            onClick={refresh}
            data-testid="thread-refresh"
          >
            Refresh
          </Button>
          <Button
            size="xs"
            leftSection={<IconMail size={16} />}
            onClick={() => setOverlay(true)}
            data-testid="thread-follow-up"
          >
            Follow Up
          </Button>
        </Group>
      </Group>
      <ThreadFigures kind={kind} entries={entries.data} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ThreadTimeline kind={kind} threadId={threadId} entries={entries.data} onAdded={refresh} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SidePanel thread={t} onStatus={setStatus} />
        </Grid.Col>
      </Grid>
      <PreviousFollowUps
        thread={t}
        opened={overlay}
        onClose={() => setOverlay(false)}
        onCreate={() => {
          setOverlay(false);
          setDialog(true);
        }}
      />
      {dialog && (
        <FollowUpDialog
          kind={kind}
          jobId={t.jobId}
          tan={t.entityId}
          customerName={t.customerName}
          opened
          onClose={() => {
            setDialog(false);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
