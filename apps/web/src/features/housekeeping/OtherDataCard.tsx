import { Button, Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import {
  DATA_OBJECT_LABELS,
  DATA_OBJECTS,
  type DataObject,
  housekeepingRoutes,
  PURCHASE_YEAR_REQUIRED_MESSAGE,
  SALES_YEAR_REQUIRED_MESSAGE,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { formatFinancialYear } from '../../lib/format.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { confirmDelete, deletedSummary } from './confirm-delete.tsx';
import { DeleteCard } from './DeleteCard.tsx';

// Whole kinds of data, of one financial year where one is chosen.
export function OtherDataCard() {
  // marks the years that hold data; a delete screen never picks a year for the user
  const years = useYearPicker('delete', null, { start: false }).options;
  const [year, setYear] = useState<string | null>(null);
  const [objects, setObjects] = useState<DataObject[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (chosen: DataObject[], financialYear: string | null) => {
    setBusy(true);
    try {
      const answer = await call(housekeepingRoutes.deleteOtherData, {
        query: financialYear ? { financialYear } : {},
        body: chosen,
      });
      notifications.show({ color: 'green', title: answer.message, message: deletedSummary(answer.deleted) });
      setObjects([]);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (objects.includes('sales') && !year) {
      setProblem(SALES_YEAR_REQUIRED_MESSAGE);
      return;
    }
    if (objects.includes('purchase') && !year) {
      setProblem(PURCHASE_YEAR_REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    const what = `${objects.map((o) => DATA_OBJECT_LABELS[o]).join(', ')} ${
      year ? `of ${formatFinancialYear(year)}` : 'of every financial year'
    }`;
    const chosen = objects;
    confirmDelete(what, () => remove(chosen, year));
  };

  return (
    <DeleteCard title="Other Data" subtitle="26AS, masters and reconciliations" testId="delete-other-card">
      <Stack gap="sm">
        <Select
          label="Financial year"
          description="Leave empty for every year (needed for sales and purchase data)"
          placeholder="Every year"
          data={years}
          value={year}
          onChange={setYear}
          clearable
          data-testid="delete-other-year"
        />
        <Checkbox.Group
          label="Data to delete"
          value={objects}
          onChange={(values) => setObjects(values as DataObject[])}
        >
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            {DATA_OBJECTS.map((o) => (
              <Checkbox key={o} value={o} label={DATA_OBJECT_LABELS[o]} data-testid={`delete-other-${o}`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {problem && (
          <Text size="sm" c="red" data-testid="delete-other-error">
            {problem}
          </Text>
        )}
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={objects.length === 0}
          loading={busy}
          onClick={submit}
          data-testid="delete-other-submit"
        >
          Delete Data
        </Button>
      </Stack>
    </DeleteCard>
  );
}
