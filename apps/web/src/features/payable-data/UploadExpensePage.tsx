import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  fillPath,
  type PayableFile,
  PayableUploadAnswer,
  payableDataRoutes,
  type UploadAnswer,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { call, download } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { apiShortYear } from '../../lib/financial-years.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { GENERIC_MAX_BYTES } from '../uploads/upload-rules.ts';
import { FolderTable } from './FolderTable.tsx';
import { notifyDone, notifyFailed } from './notify.ts';
import { ProblemsTable } from './ProblemsTable.tsx';
import { monthOptions } from './payable-options.ts';

type FileType = 'monthly' | 'output';
const R = payableDataRoutes;

// Upload expense ledger (spec part 3): a Monthly File (.txt tab-separated, or
// .csv) for a year and month, or the Output File After Changes (.csv, a whole
// year). The server checks the ledger at once with the 34A reader and files
// it; the answer lists its bad lines. The Folder Details table lists, downloads,
// deletes and splits the files.
export function UploadExpensePage() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<FileType>('monthly');
  // starts on the latest year with expense ledgers uploaded
  const picker = useYearPicker('payable', 'expenses');
  const { options: years, year, setYear } = picker;
  const [month, setMonth] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PayableUploadAnswer | null>(null);
  const folder = useApiQuery(R.expenseFolder, { query: {} });
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKey(R.expenseFolder) });

  const chooseType = (value: string) => {
    // switching the kind of file starts the choice over
    setType(value === 'output' ? 'output' : 'monthly');
    setYear(null);
    setMonth(null);
    setAnswer(null);
  };
  const ready = type === 'output' ? year !== null : year !== null && month !== null;
  const route = type === 'output' ? R.uploadExpenseOutput : R.uploadExpenseMonth;
  const params: Record<string, string> = year
    ? { fy: apiShortYear(year), ...(type === 'monthly' && month ? { month } : {}) }
    : {};
  const rules = {
    extensions: type === 'output' ? ['csv'] : ['txt', 'csv'],
    maxBytes: GENERIC_MAX_BYTES,
    maxFiles: 1,
  };

  const uploaded = (a: UploadAnswer) => {
    const parsed = PayableUploadAnswer.safeParse(a);
    setAnswer(parsed.success ? parsed.data : null);
    void refresh();
  };
  const fileParams = (f: PayableFile) => ({
    fy: apiShortYear(f.financialYear),
    file: f.fileName,
    ...(f.financialMonth ? { month: f.financialMonth } : {}),
  });
  const downloadFile = (f: PayableFile) =>
    download(
      'GET',
      fillPath(f.financialMonth ? R.downloadExpenseMonth.path : R.downloadExpenseOutput.path, fileParams(f)),
      f.fileName,
    ).catch((error: unknown) => notifyFailed(error, 'Could not fetch the details'));
  const deleteFile = async (f: PayableFile) => {
    try {
      const done = f.financialMonth
        ? await call(R.deleteExpenseMonth, {
            params: { fy: apiShortYear(f.financialYear), month: f.financialMonth, file: f.fileName },
          })
        : await call(R.deleteExpenseOutput, {
            params: { fy: apiShortYear(f.financialYear), file: f.fileName },
          });
      notifyDone(done.message);
      await refresh();
    } catch (error) {
      notifyFailed(error, 'Failed to delete the file');
    }
  };
  const split = async (f: PayableFile) => {
    try {
      const done = await call(R.splitExpenseOutput, {
        params: { fy: apiShortYear(f.financialYear) },
        query: { fileName: f.fileName },
      });
      if (done.error) notifyFailed(new Error(done.error), 'Failed to split file');
      else notifyDone(done.message ?? 'Split into monthly files');
      await refresh();
    } catch (error) {
      notifyFailed(error, 'Failed to split file');
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Upload Expense Ledger"
        subtitle="The expense ledger the TDS payable (34A) reconciliation reads, by financial year and month"
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <SegmentedControl
            value={type}
            onChange={chooseType}
            data={[
              { value: 'monthly', label: 'Monthly File' },
              { value: 'output', label: 'Output File After Changes' },
            ]}
            maw={480}
            data-testid="upload-expense-type"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
            <Select
              label="Financial Year"
              placeholder="Choose a financial year"
              data={years}
              value={year}
              onChange={(v) => {
                setYear(v);
                setMonth(null);
              }}
              data-testid="upload-expense-year"
            />
            {type === 'monthly' && (
              <Select
                label="Month"
                placeholder={year ? 'Choose a month' : 'Choose a financial year first'}
                data={monthOptions(year)}
                value={month}
                onChange={setMonth}
                disabled={!year}
                data-testid="upload-expense-month"
              />
            )}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {type === 'monthly'
              ? 'A tab-separated .txt or a .csv with a header row: document date, base amount and vendor code or PAN are needed; Tally and SAP headers are recognised.'
              : "A .csv of the whole year's ledger after your changes; split it into monthly files from the table below."}
          </Text>
        </Stack>
      </Paper>
      {ready && (
        <UploadPanel
          key={`${type}:${year}:${month}`}
          route={route}
          params={params}
          rules={rules}
          testId="upload-expense"
          errorPrefix="Error Uploading Expense Ledger - "
          label={type === 'output' ? 'Output file (.csv)' : 'Expense ledger (.txt or .csv)'}
          onUploaded={uploaded}
          onFilesChange={() => setAnswer(null)}
        />
      )}
      {answer && (
        <ProblemsTable
          problems={answer.problems}
          warnings={answer.warnings}
          testId="upload-expense-problems"
        />
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Folder Details
        </Title>
        <FolderTable
          files={folder.data?.files ?? []}
          fetching={folder.isFetching}
          testId="expense-folder"
          exportName="expense-files"
          onRefresh={() => void refresh()}
          onDownload={downloadFile}
          onDelete={deleteFile}
          onSplit={(f) => void split(f)}
        />
      </Stack>
    </Stack>
  );
}
