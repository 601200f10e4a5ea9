import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconEdit,
  IconEye,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import {
  bookEntryRefusal,
  CHALLAN_MESSAGES,
  type Challan,
  challanAllocationRoutes,
  challanRoutes,
  type MonthVerification,
  payableRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { queryClient } from '../../api/query-client.ts';
import { actionsColumn, DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDate, formatDateTime, formatMonth } from '../../lib/format.ts';
import { inr, rupees } from '../payable/common/money.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';
import { deducteeLabel } from '../payable/result/summary-columns.tsx';
import { ChallanDialog } from './ChallanDialog.tsx';
import { UploadChallanImage, ViewChallanImage } from './ChallanImageDialogs.tsx';
import { depositCell } from './deposit-form.ts';
import type { ChallanLine } from './line.ts';

// Spec part 3 section 2: CHALLANS MANAGEMENT of one summary line.
export function ChallansTab({ line, tan }: { line: ChallanLine; tan?: string | null }) {
  const options = {
    params: { monthYear: line.monthYear, section: line.section, deducteeType: line.deducteeType },
    query: { subsection: line.subsection },
  };
  const list = useApiQuery(challanRoutes.listChallans, options);
  // a government deductor may also have deposited by book entry (the dialog's choice)
  const deductor = useApiQuery(challanAllocationRoutes.returnDeductor, {});
  const deductorType = deductor.data?.deductor?.deductorType ?? null;
  const [dialog, setDialog] = useState<{ editing: Challan | null } | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [viewId, setViewId] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: apiKey(challanRoutes.listChallans) });
    await queryClient.invalidateQueries({ queryKey: apiKey(payableRoutes.payableExplore) });
    await queryClient.invalidateQueries({ queryKey: apiKey(challanAllocationRoutes.quarterAllocation) });
  };
  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      notifySuccess((await work()).message);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = (c: Challan) =>
    modals.openConfirmModal({
      title: 'Confirm',
      children: <Text size="sm">{CHALLAN_MESSAGES.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'challan-delete-confirm' },
      onConfirm: () => act(() => call(challanRoutes.deleteChallan, { params: { id: c.id } })),
    });

  // the actions first, as on the other wide grids: last, five of them were
  // scrolled out of view at 1440 pixels
  const showsDepositMode =
    bookEntryRefusal(deductorType) === null ||
    (list.data?.challans ?? []).some((c) => c.depositMode === 'book_entry');
  const columns: GridColumn<Challan>[] = [
    actionsColumn((c) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" onClick={() => setDialog({ editing: c })} aria-label="Edit challan">
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={c.locked ? 'A locked challan cannot be deleted' : 'Delete'}>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={c.locked}
            onClick={() => remove(c)}
            aria-label="Delete challan"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Upload image">
          <ActionIcon variant="subtle" onClick={() => setUploadId(c.id)} aria-label="Upload challan image">
            <IconUpload size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="View image">
          <ActionIcon variant="subtle" onClick={() => setViewId(c.id)} aria-label="View challan image">
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={c.locked ? 'Unlock' : 'Lock'}>
          <ActionIcon
            variant="subtle"
            onClick={() =>
              act(() =>
                call(challanRoutes.lockChallan, { params: { id: c.id }, body: { locked: !c.locked } }),
              )
            }
            aria-label={c.locked ? 'Unlock challan' : 'Lock challan'}
          >
            {c.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    )),
    // only where a deposit by book entry can be (a government deductor) or is:
    // for everyone else every row would say "Bank challan"
    ...(showsDepositMode
      ? [
          {
            accessor: 'depositMode',
            title: 'Deposited by',
            value: (c: Challan) => depositCell(c),
            filterable: true,
          },
        ]
      : []),
    // a voucher's numbers are in "Deposited by", under their own names
    {
      accessor: 'bsrCode',
      title: 'BSR code',
      value: (c) => (c.depositMode === 'challan' ? c.bsrCode : ''),
      sortable: true,
      filterable: true,
    },
    {
      accessor: 'dateOfDeposit',
      title: 'Date of deposit',
      value: (c) => c.dateOfDeposit,
      render: (c) => formatDate(c.dateOfDeposit),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: 'challanSerialNumber',
      title: 'Challan serial number',
      value: (c) => (c.depositMode === 'challan' ? c.challanSerialNumber : ''),
      sortable: true,
      filterable: true,
    },
    {
      accessor: 'amountDeposited',
      title: 'Amount deposited',
      value: (c) => rupees(c.amountDeposited),
      render: (c) => inr(c.amountDeposited),
      sortable: true,
      textAlign: 'right',
    },
    { accessor: 'sectionCode', title: 'Section', value: (c) => c.sectionCode },
    { accessor: 'deducteeType', title: 'Deductee type', value: (c) => deducteeLabel(c.deducteeType) },
  ];

  const d = list.data;
  return (
    <Stack gap="sm" data-testid="challans-tab">
      {list.isError && <QueryError error={list.error} fallback="Could not fetch the challans" />}
      {d && (
        <Group gap="md">
          <Text size="sm">Tax deducted: {inr(d.deducted)}</Text>
          <Text size="sm">Deposited: {inr(d.deposited)}</Text>
          <Text size="sm">201(1A) interest for late deposit: {inr(d.interestDue)}</Text>
          <Badge color={d.lineVerified ? 'green' : 'yellow'} data-testid="challan-line-status">
            {d.lineVerified ? 'Line verified' : 'Deposits pending'}
          </Badge>
          {d.monthVerified && d.monthVerification.verifiedAt && (
            <Text size="xs" c="dimmed" data-testid="challan-month-verified">
              {formatMonth(line.monthYear)} verified {formatDateTime(d.monthVerification.verifiedAt)}
              {d.monthVerification.verifiedBy ? ` by ${d.monthVerification.verifiedBy}` : ''}
            </Text>
          )}
        </Group>
      )}
      {d && !d.monthVerified && d.monthVerification.cleared && (
        <ClearedVerification
          month={line.monthYear}
          verification={d.monthVerification}
          cleared={d.monthVerification.cleared}
          onVerify={() =>
            act(() => call(challanRoutes.verifyMonth, { params: { monthYear: line.monthYear } }))
          }
        />
      )}
      <DataGrid
        records={d?.challans ?? []}
        columns={columns}
        idAccessor={(c) => c.id}
        fetching={list.isFetching}
        noRecordsText={CHALLAN_MESSAGES.noChallans}
        exportName={`challans-${line.monthYear}-${line.section}-${line.deducteeType}`}
        testId="challans-grid"
        toolbar={
          <Group gap="xs">
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ editing: null })}
              data-testid="challan-new"
            >
              New Challan
            </Button>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
              Refresh
            </Button>
          </Group>
        }
      />
      <ChallanDialog
        opened={!!dialog}
        line={line}
        editing={dialog?.editing ?? null}
        defaultTan={tan ?? ''}
        deductorType={deductorType}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
      <UploadChallanImage id={uploadId} onClose={() => setUploadId(null)} onDone={refresh} />
      <ViewChallanImage id={viewId} onClose={() => setViewId(null)} />
    </Stack>
  );
}

// A change after the month was verified cleared the verification: say which,
// and let the user verify the month again once its lines are covered.
function ClearedVerification({
  month,
  verification,
  cleared,
  onVerify,
}: {
  month: string;
  verification: MonthVerification;
  cleared: NonNullable<MonthVerification['cleared']>;
  onVerify: () => void;
}) {
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={16} />}
      title={`${formatMonth(month)} is not verified`}
      data-testid="challan-month-cleared"
    >
      <Stack gap="xs">
        <Text size="sm">
          Changed after verification
          {cleared.verifiedAt ? ` (verified ${formatDateTime(cleared.verifiedAt)})` : ''}: {cleared.because},{' '}
          {formatDateTime(cleared.at)} by {cleared.by}.
        </Text>
        <Group>
          <Tooltip
            label="The challans do not cover the tax deducted on every line of the month"
            disabled={verification.covered}
          >
            <Button
              size="xs"
              onClick={onVerify}
              disabled={!verification.covered}
              data-testid="challan-month-verify"
            >
              Verify {formatMonth(month)} again
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </Alert>
  );
}
