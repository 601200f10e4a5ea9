import { Paper, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type PayableFile, payableDataRoutes } from '@taxrecon/contracts';
import { call } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { apiShortYear } from '../../lib/financial-years.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { FolderTable } from './FolderTable.tsx';
import { notifyDone, notifyFailed } from './notify.ts';

const R = payableDataRoutes;

// Search Expenses: the expense files of one financial year, 10 a page, with delete.
export function SearchExpensePage() {
  const queryClient = useQueryClient();
  // starts on the latest year with expense ledgers, else the current year
  const picker = useYearPicker('payable', 'expenses');
  const years = picker.options;
  const year = picker.year ?? years[0]?.value ?? null;
  const setYear = picker.setYear;
  const files = useApiQuery(
    R.searchExpenses,
    { params: { fy: apiShortYear(year ?? '') } },
    { enabled: !!year },
  );

  const remove = async (f: PayableFile) => {
    try {
      const done = f.financialMonth
        ? await call(R.deleteExpenseMonth, {
            params: { fy: apiShortYear(f.financialYear), month: f.financialMonth, file: f.fileName },
          })
        : await call(R.deleteExpenseOutput, {
            params: { fy: apiShortYear(f.financialYear), file: f.fileName },
          });
      notifyDone(done.message);
      await queryClient.invalidateQueries({ queryKey: apiKey(R.searchExpenses) });
      await queryClient.invalidateQueries({ queryKey: apiKey(R.expenseFolder) });
    } catch (error) {
      notifyFailed(error, 'Failed to delete the file');
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="Search Expenses" subtitle="Expense ledgers uploaded for a financial year" />
      <Paper withBorder radius="lg" p="lg">
        <Select
          label="Financial Year"
          data={years}
          value={year}
          onChange={setYear}
          maw={360}
          data-testid="search-expense-year"
        />
      </Paper>
      {year && (
        <FolderTable
          files={files.data?.files ?? []}
          fetching={files.isFetching}
          testId="search-expense-table"
          exportName={`expense-files-${year}`}
          pageSize={10}
          onRefresh={() => void files.refetch()}
          onDelete={remove}
        />
      )}
    </Stack>
  );
}
