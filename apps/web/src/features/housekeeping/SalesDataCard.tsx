import { Button, MultiSelect, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { housekeepingRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { formatFinancialYear } from '../../lib/format.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { CustomerPicker } from './CustomerPicker.tsx';
import { confirmDelete, deletedSummary } from './confirm-delete.tsx';
import { DeleteCard } from './DeleteCard.tsx';

// Sales entries of one or more financial years, of every customer or of up to five.
export function SalesDataCard() {
  // marks the years that hold data; a delete screen never picks a year for the user
  const years = useYearPicker('delete', 'sales', { start: false }).options;
  const [chosen, setChosen] = useState<string[]>([]);
  const [customers, setCustomers] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      const answer = await call(housekeepingRoutes.deleteSalesData, {
        query: customers.length > 0 ? { customers: customers.join(',') } : {},
        body: chosen,
      });
      notifications.show({ color: 'green', title: answer.message, message: deletedSummary(answer.deleted) });
      setChosen([]);
      setCustomers([]);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const what = `Sales data of ${chosen.map(formatFinancialYear).join(', ')}${
    customers.length > 0 ? ` for customers ${customers.join(', ')}` : ''
  }`;
  return (
    <DeleteCard
      title="Sales Data"
      subtitle="Sales register entries by financial year"
      testId="delete-sales-card"
    >
      <Stack gap="sm">
        <MultiSelect
          label="Financial years"
          placeholder="Choose one or more"
          data={years}
          value={chosen}
          onChange={setChosen}
          clearable
          data-testid="delete-sales-years"
        />
        <CustomerPicker value={customers} onChange={setCustomers} />
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={chosen.length === 0}
          loading={busy}
          onClick={() => confirmDelete(what, remove)}
          data-testid="delete-sales-submit"
        >
          Delete Sales Data
        </Button>
      </Stack>
    </DeleteCard>
  );
}
