import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import {
  DELETE_MONTHS,
  housekeepingRoutes,
  PAYMENTS_DELETED,
  PAYMENTS_DELETED_DETAIL,
  PAYMENTS_REQUIRED_MESSAGE,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { formatFinancialYear } from '../../lib/format.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { confirmDelete } from './confirm-delete.tsx';
import { DeleteCard } from './DeleteCard.tsx';

// Vendor payments of one month of a financial year.
export function PaymentDataCard() {
  // marks the years that hold data; a delete screen never picks a year for the user
  const years = useYearPicker('delete', 'payments', { start: false }).options;
  const [year, setYear] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (financialYear: string, code: string) => {
    setBusy(true);
    try {
      await call(housekeepingRoutes.deletePayments, { query: { financialYear, month: code } });
      notifications.show({ color: 'green', title: PAYMENTS_DELETED, message: PAYMENTS_DELETED_DETAIL });
      setYear(null);
      setMonth(null);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error occurred',
        message: `Could not delete payments. ${errorMessage(error)}`,
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!year || !month) {
      setProblem(PAYMENTS_REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    const label = DELETE_MONTHS.find((m) => m.value === month)?.label ?? month;
    confirmDelete(`Payment data of ${label}, ${formatFinancialYear(year)}`, () => remove(year, month));
  };

  return (
    <DeleteCard title="Payment Data" subtitle="Vendor payments of one month" testId="delete-payments-card">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Financial year"
            placeholder="Choose"
            data={years}
            value={year}
            onChange={setYear}
            data-testid="delete-payments-year"
          />
          <Select
            label="Month"
            placeholder="Choose"
            data={DELETE_MONTHS.map((m) => ({ value: m.value, label: m.label }))}
            value={month}
            onChange={setMonth}
            data-testid="delete-payments-month"
          />
        </Group>
        {problem && (
          <Text size="sm" c="red" data-testid="delete-payments-error">
            {problem}
          </Text>
        )}
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={busy}
          onClick={submit}
          data-testid="delete-payments-submit"
        >
          Delete Payment Data
        </Button>
      </Stack>
    </DeleteCard>
  );
}
