import { Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
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

const R = payableDataRoutes;
const RULES = { extensions: ['txt', 'csv'], maxBytes: GENERIC_MAX_BYTES, maxFiles: 1 };

// Upload vendor payments: a month's payment ledger, loaded by an ingest job
// (the panel then opens the jobs page); the folder table lists, downloads and
// deletes the files (a file's payments go with it).
export function UploadPaymentPage() {
  const queryClient = useQueryClient();
  // starts on the latest year with payment ledgers uploaded
  const picker = useYearPicker('payable', 'payments');
  const { options: years, year, setYear } = picker;
  const [month, setMonth] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PayableUploadAnswer | null>(null);
  const folder = useApiQuery(R.vendorPaymentFolder, { query: {} });
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKey(R.vendorPaymentFolder) });

  const uploaded = (a: UploadAnswer) => {
    const parsed = PayableUploadAnswer.safeParse(a);
    setAnswer(parsed.success ? parsed.data : null);
  };
  const params = (f: PayableFile) => ({
    fy: apiShortYear(f.financialYear),
    month: f.financialMonth ?? '',
    file: f.fileName,
  });
  const remove = async (f: PayableFile) => {
    try {
      notifyDone((await call(R.deleteVendorPayment, { params: params(f) })).message);
      await refresh();
    } catch (error) {
      notifyFailed(error, 'Failed to delete the file');
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Upload Vendor Payments"
        subtitle="A month's vendor payment ledger: paymentDate, paymentNumber, vendorCode, panNumber, baseAmount, sectionNumber, tdsRate, tdsAmount…"
      />
      <Paper withBorder radius="lg" p="lg">
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
            data-testid="upload-payment-year"
          />
          <Select
            label="Month"
            placeholder={year ? 'Choose a month' : 'Choose a financial year first'}
            data={monthOptions(year)}
            value={month}
            onChange={setMonth}
            disabled={!year}
            data-testid="upload-payment-month"
          />
        </SimpleGrid>
      </Paper>
      {year && month && (
        <UploadPanel
          key={`${year}:${month}`}
          route={R.uploadVendorPayment}
          params={{ fy: apiShortYear(year), month }}
          rules={RULES}
          testId="upload-payment"
          errorPrefix="Error Uploading Payment Ledger - "
          label="Vendor payment ledger (.txt or .csv)"
          onUploaded={uploaded}
          onFilesChange={() => setAnswer(null)}
        />
      )}
      {answer && (
        <ProblemsTable
          problems={answer.problems}
          warnings={answer.warnings}
          testId="upload-payment-problems"
        />
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Folder Details
        </Title>
        <FolderTable
          files={folder.data?.files ?? []}
          fetching={folder.isFetching}
          testId="payment-folder"
          exportName="vendor-payment-files"
          onRefresh={() => void refresh()}
          onDownload={(f) =>
            void download('GET', fillPath(R.downloadVendorPayment.path, params(f)), f.fileName).catch(
              (error: unknown) => notifyFailed(error, 'Could not fetch the details'),
            )
          }
          onDelete={remove}
        />
      </Stack>
    </Stack>
  );
}
