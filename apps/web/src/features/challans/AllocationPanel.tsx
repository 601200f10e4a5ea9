import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileText, IconWand } from '@tabler/icons-react';
import {
  type AllocationGroup,
  type AllocationRow,
  challanAllocationRoutes,
  challanRoutes,
  depositName,
  payableRoutes,
} from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { ApiError, call, download } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { queryClient } from '../../api/query-client.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDate } from '../../lib/format.ts';
import { inr, rupees } from '../payable/common/money.ts';
import { monthYearLabel } from '../payable/common/months.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';
import { deducteeLabel } from '../payable/result/summary-columns.tsx';
import { DeductorDetailsButton } from './DeductorDetails.tsx';

const UNALLOCATED = 'unallocated';

// a bank challan by BSR code / serial, a transfer voucher by its Form 24G numbers
const depositNumbers = (c: AllocationGroup['challans'][number]) =>
  c.depositMode === 'book_entry' ? depositName(c) : `${c.bsrCode}/${c.challanSerialNumber}`;

// '2024-06-07' -> '07-06-2024', as challans are written
// short enough to read in the row's picker; the BSR code is in the card above
const challanLabel = (c: AllocationGroup['challans'][number]) =>
  `${c.depositMode === 'book_entry' ? `DDO ${c.challanSerialNumber}` : c.challanSerialNumber} of ${formatDate(c.dateOfDeposit)} · ${inr(c.left)} left`;

// an allocation change clears a verified month's verification: the challans
// and the month's lock show it too
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey(challanAllocationRoutes.quarterAllocation) }),
    queryClient.invalidateQueries({ queryKey: apiKey(challanRoutes.listChallans) }),
    queryClient.invalidateQueries({ queryKey: apiKey(payableRoutes.payableExplore) }),
  ]);

const move = async (row: AllocationRow, challanId: string | null) => {
  try {
    notifySuccess(
      (await call(challanAllocationRoutes.moveAllocation, { body: { entryId: row.entryId, challanId } }))
        .message,
    );
  } catch (error) {
    notifyError(error);
  }
  await refresh();
};

// No Month column: the date says the month, and the challan picker needs the width at 1440 px.
const rowColumns = (g: AllocationGroup): GridColumn<AllocationRow>[] => [
  {
    accessor: 'documentDate',
    title: 'Date',
    value: (r) => r.documentDate ?? r.monthYear,
    render: (r) => (r.documentDate ? formatDate(r.documentDate) : monthYearLabel(r.monthYear)),
    sortable: true,
    noWrap: true,
  },
  { accessor: 'ref', title: 'Document', value: (r) => r.ref, filterable: true },
  { accessor: 'vendorName', title: 'Deductee', value: (r) => r.vendorName, filterable: true, sortable: true },
  { accessor: 'pan', title: 'PAN', value: (r) => r.pan ?? '', filterable: true },
  {
    accessor: 'base',
    title: 'Amount paid',
    value: (r) => rupees(r.base),
    render: (r) => inr(r.base),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'deducted',
    title: 'Tax deducted',
    value: (r) => rupees(r.deducted),
    render: (r) => inr(r.deducted),
    sortable: true,
    textAlign: 'right',
  },
  {
    accessor: 'challanId',
    title: 'Challan',
    value: (r) => {
      const c = g.challans.find((x) => x.id === r.challanId);
      return c ? `${depositNumbers(c)} ${formatDate(c.dateOfDeposit)}` : 'Unallocated';
    },
    filterable: true,
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        <Select
          size="xs"
          w={250}
          comboboxProps={{ width: 300 }}
          aria-label={`Challan of ${r.ref}`}
          data-testid={`allocation-row-${r.ref}`}
          value={r.challanId ?? UNALLOCATED}
          data={[
            { value: UNALLOCATED, label: 'Unallocated' },
            ...g.challans.map((c) => ({ value: c.id, label: challanLabel(c) })),
          ]}
          onChange={(v) => {
            if (v && v !== (r.challanId ?? UNALLOCATED)) void move(r, v === UNALLOCATED ? null : v);
          }}
        />
        {r.source === 'manual' && (
          <Badge size="xs" variant="light">
            by hand
          </Badge>
        )}
      </Group>
    ),
  },
];

function GroupCard({ g, exportName }: { g: AllocationGroup; exportName: string }) {
  const title = `Section ${g.section}${g.subsection ? `(${g.subsection})` : ''} · ${deducteeLabel(g.deducteeType)}`;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={`allocation-group-${g.section}${g.subsection}-${g.deducteeType}`}
    >
      <Group justify="space-between" mb="xs">
        <Title order={5}>{title}</Title>
        <Text size="sm" c={g.unallocatedRows > 0 ? 'red' : 'teal'} fw={600}>
          {g.unallocatedRows > 0
            ? `Unallocated: ${inr(g.unallocated)} in ${g.unallocatedRows} ${g.unallocatedRows === 1 ? 'row' : 'rows'}`
            : 'Every row allocated'}
        </Text>
      </Group>
      {g.challans.length === 0 ? (
        <Text size="sm" c="dimmed">
          No challans for this section in the quarter: create one on the month's explore screen.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} mb="xs">
          {g.challans.map((c) => (
            <Paper key={c.id} withBorder p="xs" radius="sm" bg="gray.0">
              <Text size="xs" c="dimmed">
                {depositName(c)} · {formatDate(c.dateOfDeposit)} · {monthYearLabel(c.monthYear)}
              </Text>
              <Text size="sm">
                Tax {inr(c.taxAmount)} · allocated {inr(c.allocated)} ({c.rows})
              </Text>
              <Text size="sm" fw={600} c={c.left === '0.00' ? 'teal' : undefined}>
                Left unallocated {inr(c.left)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <DataGrid
        records={g.rows}
        columns={rowColumns(g)}
        idAccessor={(r) => r.entryId}
        noRecordsText="No deductee rows"
        exportName={exportName}
        testId={`allocation-rows-${g.section}${g.subsection}-${g.deducteeType}`}
      />
    </Paper>
  );
}

// Which challan paid each deductee row of the quarter (for the 26Q), and the
// 26Q text file the government's FVU takes.
export function AllocationPanel({ fy, quarter }: { fy: string; quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4' }) {
  const allocation = useApiQuery(challanAllocationRoutes.quarterAllocation, { params: { fy, quarter } });
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ message: string; details: string[] } | null>(null);
  const t = allocation.data?.totals;
  // the list of what is missing described the allocation as it was when asked:
  // it goes when the allocation changes (a move, an automatic run)
  // (a refetch that finds the same allocation keeps the same object: structural sharing)
  const current = allocation.data;
  useEffect(() => {
    if (current) setMissing(null);
  }, [current]);
  const auto = async () => {
    setMissing(null);
    setBusy(true);
    try {
      notifySuccess((await call(challanAllocationRoutes.autoAllocate, { params: { fy, quarter } })).message);
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const fvu = async () => {
    setMissing(null);
    try {
      await download('GET', `/tds-payable/download-26q-fvu/${fy}/${quarter}`, `26Q-${fy}-${quarter}.txt`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setMissing({ message: error.message, details: (error.details ?? []).map((d) => d.message) });
      else notifyError(error);
    }
  };
  return (
    <Stack gap="sm" data-testid="challan-allocation">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Allocation of deductee rows to challans</Title>
        <Group>
          <DeductorDetailsButton onSaved={() => setMissing(null)} />
          <Button variant="default" leftSection={<IconWand size={16} />} loading={busy} onClick={auto}>
            Allocate automatically
          </Button>
          <Button leftSection={<IconFileText size={16} />} onClick={fvu}>
            Download 26Q text file
          </Button>
        </Group>
      </Group>
      {missing && (
        <Alert
          color="red"
          title={missing.message}
          withCloseButton
          onClose={() => setMissing(null)}
          data-testid="fvu-missing"
        >
          <List size="sm">
            {missing.details.map((d) => (
              <List.Item key={d}>{d}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {allocation.isError && (
        <QueryError error={allocation.error} fallback="Could not fetch the allocation" />
      )}
      {t && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[
            ['Tax deducted in the quarter', inr(t.deducted)],
            ['Allocated to challans', inr(t.allocated)],
            [`Unallocated (${t.unallocatedRows} rows)`, inr(t.unallocated)],
            ['Challan tax not allocated', inr(t.challanLeft)],
          ].map(([label, value]) => (
            <Paper key={label} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {allocation.data?.groups.length === 0 && (
        <Text c="dimmed">
          No deductee rows with tax deducted in this quarter: run the 34A reconciliation first.
        </Text>
      )}
      {allocation.data?.groups.map((g) => (
        <GroupCard
          key={`${g.section}|${g.subsection}|${g.deducteeType}`}
          g={g}
          exportName={`allocation-${fy}-${quarter}-${g.section}${g.subsection}-${g.deducteeType}`}
        />
      ))}
    </Stack>
  );
}
