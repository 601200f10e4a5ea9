import { Select, Stack } from '@mantine/core';
import { ingestRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { SalesFolderDetails } from '../payable-data/SalesFolderDetails.tsx';
import { ColumnMappingEditor } from './ColumnMappingEditor.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { GENERIC_MAX_BYTES } from './upload-rules.ts';
import { type RegisterKind, useColumnMapping } from './use-column-mapping.ts';

interface RegisterScreen {
  title: string;
  subtitle: string;
  testId: string;
  errorPrefix: string;
  extensions: readonly string[];
  route: typeof ingestRoutes.uploadSales;
  // the sales register is loaded for one financial year; rows outside it are rejected
  yearRequired: boolean;
}

const SCREENS: Record<RegisterKind, RegisterScreen> = {
  'sales-register': {
    title: 'Upload Sales Register',
    subtitle: 'The sales book from Tally or your ERP: tab-separated text, CSV or Excel',
    testId: 'upload-sales',
    errorPrefix: 'Error Upload Sales Register! - ',
    extensions: ['txt', 'csv', 'xlsx', 'xls'],
    route: ingestRoutes.uploadSales,
    yearRequired: true,
  },
  'purchase-register': {
    title: 'Upload Purchase Data',
    subtitle: 'The purchase book: tab-separated text, CSV or Excel',
    testId: 'upload-purchase',
    errorPrefix: 'Error Upload Purchase Data! - ',
    extensions: ['txt', 'csv', 'xlsx'],
    route: ingestRoutes.uploadPurchase,
    yearRequired: false,
  },
};

function RegisterUploadPage({ kind }: { kind: RegisterKind }) {
  const screen = SCREENS[kind];
  // the sales register (TDS) must name its year and starts on the latest with
  // sales; the purchase register (TCS) may, and is not given one unasked
  const picker = useYearPicker(
    screen.yearRequired ? 'tds' : 'tcs',
    screen.yearRequired ? 'sales' : 'purchase',
    {
      start: screen.yearRequired,
    },
  );
  const { options: years, year: financialYear, setYear: setFinancialYear } = picker;
  const [file, setFile] = useState<File | null>(null);
  const mapping = useColumnMapping(kind);
  const rules = { extensions: screen.extensions, maxBytes: GENERIC_MAX_BYTES, maxFiles: 1 };

  const fields = () => {
    if (screen.yearRequired && !financialYear) return 'Choose the financial year of the register.';
    const mapped = mapping.uploadFields();
    if (typeof mapped === 'string') return mapped;
    return { ...mapped, financialYear: financialYear ?? undefined };
  };

  return (
    <Stack gap={0}>
      <PageHeader title={screen.title} subtitle={screen.subtitle} />
      <UploadPanel
        route={screen.route}
        rules={rules}
        testId={screen.testId}
        errorPrefix={screen.errorPrefix}
        label={`Register file (${screen.extensions.map((e) => `.${e}`).join(', ')})`}
        fields={fields}
        onFilesChange={(files) => setFile(files[0] ?? null)}
      >
        <Select
          label="Financial Year"
          description={
            screen.yearRequired
              ? 'Rows dated outside this year are rejected into the validation report'
              : 'Optional: when chosen, rows dated outside it are rejected'
          }
          placeholder="Choose a financial year"
          data={years}
          value={financialYear}
          onChange={setFinancialYear}
          required={screen.yearRequired}
          clearable={!screen.yearRequired}
          maw={360}
          data-testid={`${screen.testId}-year`}
        />
        <ColumnMappingEditor mapping={mapping} file={file} />
      </UploadPanel>
      {kind === 'sales-register' && <SalesFolderDetails />}
    </Stack>
  );
}

export const UploadSalesPage = () => <RegisterUploadPage kind="sales-register" />;
export const UploadPurchasePage = () => <RegisterUploadPage kind="purchase-register" />;
