import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconMailPlus, IconX } from '@tabler/icons-react';
import {
  BULK_FOLLOW_UP_SUBMITTED,
  DEFAULT_FOLLOW_UP_BODY,
  DEFAULT_FOLLOW_UP_SUBJECT,
  type FollowUpCustomer,
  followUpRoutes,
  MISSING_CONTACT_EMAIL_WARNING,
  NO_CUSTOMERS_TO_FOLLOW_UP,
} from '@taxrecon/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { notifyError, notifySuccess, notifyWarning } from '../reconciliation/common/notify.ts';
import { AddEmailDialog } from './AddEmailDialog.tsx';
import { isBlank, RichTextEditor } from './RichTextEditor.tsx';

// Spec 2.8: #/bulk-follow-up?jobId= . The customers with FollowUp entries (or
// every customer not fully matched), their contact e-mails, what to attach,
// and a background job that mails each selected customer once.
export function BulkFollowUpPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId') ?? '';
  const navigate = useNavigate();
  const [everyone, setEveryone] = useState(false);
  const customers = useApiQuery(
    followUpRoutes.followUpCustomers,
    { params: { jobId }, query: { status: everyone ? 'All' : 'FollowUp' } },
    { enabled: /^[0-9a-f-]{36}$/i.test(jobId) },
  );
  const [subject, setSubject] = useState(DEFAULT_FOLLOW_UP_SUBJECT);
  const [body, setBody] = useState(`<p>${DEFAULT_FOLLOW_UP_BODY}</p>`);
  const [attach, setAttach] = useState<'FollowUp' | 'All'>('FollowUp');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState<{ customerId: string; customerName: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = customers.data ?? [];
  const missingEmails = useMemo(() => list.filter((c) => !c.contactEmail).length, [list]);

  useEffect(() => {
    if (missingEmails > 0) notifyWarning(MISSING_CONTACT_EMAIL_WARNING);
  }, [missingEmails]);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = list.filter((c) => selected.has(c.entityId));

  const submit = () =>
    modals.openConfirmModal({
      title: 'Bulk follow-up',
      children: <Text size="sm">Start Bulk Followup for the selected {chosen.length} customers?</Text>,
      labels: { confirm: 'YES', cancel: 'CANCEL' },
      confirmProps: { 'data-testid': 'bulk-follow-up-yes' } as Record<string, string>,
      onConfirm: async () => {
        setBusy(true);
        try {
          await call(followUpRoutes.bulkFollowUp, {
            body: {
              jobId,
              subject,
              emailBody: body,
              status: attach,
              selectedTans: chosen.map((c) => c.entityId),
            },
          });
          notifySuccess(BULK_FOLLOW_UP_SUBMITTED);
          // spec section 4: on to the jobs after 1 s, where the job's progress shows
          setTimeout(() => navigate('/jobs/all'), 1000);
        } catch (error) {
          notifyError(error);
        } finally {
          setBusy(false);
        }
      },
    });

  const columns: GridColumn<FollowUpCustomer>[] = [
    {
      accessor: 'select',
      title: '',
      value: (c) => (selected.has(c.entityId) ? 1 : 0),
      render: (c) => (
        <Checkbox
          aria-label={`Select ${c.customerName}`}
          checked={selected.has(c.entityId)}
          onChange={() => toggle(c.entityId)}
          data-testid={`bulk-select-${c.entityId}`}
        />
      ),
      exportable: false,
      sortable: false,
      filterable: false,
      width: 40,
    },
    { accessor: 'name', title: 'Name', value: (c) => c.customerName, sortable: true, filterable: true },
    { accessor: 'code', title: 'Code', value: (c) => c.customerCode, sortable: true, filterable: true },
    { accessor: 'tan', title: 'TAN No', value: (c) => c.tanNumber, sortable: true, filterable: true },
    { accessor: 'pan', title: 'PAN No', value: (c) => c.panNumber, sortable: true, filterable: true },
    {
      accessor: 'email',
      title: 'Contact Email',
      value: (c) => c.contactEmail,
      sortable: true,
      filterable: true,
      render: (c) =>
        c.contactEmail ? (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon color="green" size="sm" radius="xl">
              <IconCheck size={12} />
            </ThemeIcon>
            <Text size="sm">{c.contactEmail}</Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon color="red" size="sm" radius="xl">
              <IconX size={12} />
            </ThemeIcon>
            {c.customerId && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconMailPlus size={12} />}
                onClick={() => setAdding({ customerId: c.customerId ?? '', customerName: c.customerName })}
                data-testid={`bulk-add-email-${c.entityId}`}
              >
                Add email
              </Button>
            )}
          </Group>
        ),
    },
    {
      accessor: 'entries',
      title: 'FollowUp entries',
      value: (c) => c.followUpEntries,
      sortable: true,
      textAlign: 'right',
    },
  ];

  if (customers.isError) return <QueryError error={customers.error} />;
  return (
    <Stack gap="md" data-testid="bulk-follow-up">
      <PageHeader title="Follow up" subtitle={`Bulk follow-up of reconciliation job ${jobId.slice(0, 8)}`} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            data-testid="bulk-subject"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Email body
            </Text>
            <RichTextEditor value={body} onChange={setBody} testId="bulk-body" />
          </div>
          <Radio.Group value={attach} onChange={(v) => setAttach(v as 'FollowUp' | 'All')}>
            <Group gap="lg">
              <Radio
                value="FollowUp"
                label="Only attach Transactions that are marked as FollowUp"
                data-testid="bulk-attach-followup"
              />
              <Radio value="All" label="Attach all Transactions" data-testid="bulk-attach-all" />
            </Group>
          </Radio.Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>Customers to Follow up</Text>
          <Switch
            label="Show every customer that is not fully matched"
            checked={everyone}
            onChange={(e) => {
              setEveryone(e.currentTarget.checked);
              setSelected(new Set());
            }}
            data-testid="bulk-show-all"
          />
        </Group>
        {list.length === 0 && !customers.isLoading ? (
          <Alert color="yellow" data-testid="bulk-empty">
            {NO_CUSTOMERS_TO_FOLLOW_UP}
          </Alert>
        ) : (
          <DataGrid
            records={list}
            columns={columns}
            idAccessor={(c) => c.entityId}
            exportName="customers-to-follow-up"
            fetching={customers.isFetching}
            testId="bulk-customers"
            toolbar={
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setSelected(new Set(list.map((c) => c.entityId)))}
                  data-testid="bulk-select-all"
                >
                  Select all
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setSelected(new Set())}
                  disabled={selected.size === 0}
                >
                  Unselect all
                </Button>
                <Text size="sm" c="dimmed">
                  {chosen.length} selected
                </Text>
              </Group>
            }
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button
            onClick={submit}
            loading={busy}
            disabled={chosen.length === 0 || subject.trim() === '' || isBlank(body)}
            data-testid="bulk-follow-up-submit"
          >
            Follow up
          </Button>
        </Group>
      </Paper>
      <AddEmailDialog
        customer={adding}
        onClose={() => setAdding(null)}
        onSaved={() => {
          setAdding(null);
          void customers.refetch();
        }}
      />
    </Stack>
  );
}
