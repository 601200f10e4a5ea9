import { Stack, Title } from '@mantine/core';
import { fillPath, payableDataRoutes } from '@taxrecon/contracts';
import { download } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { apiShortYear } from '../../lib/financial-years.ts';
import { FolderTable } from './FolderTable.tsx';
import { notifyFailed } from './notify.ts';

const R = payableDataRoutes;

// The Folder Details table of Upload Sales Register (spec part 3): the
// registers filed by year, with the rows their load read. Loaded rows are
// removed with Delete Data, not here, so the table offers download only.
export function SalesFolderDetails() {
  const folder = useApiQuery(R.payableSalesFolder, { query: {} });
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h4">
        Folder Details
      </Title>
      <FolderTable
        files={folder.data?.files ?? []}
        fetching={folder.isFetching}
        testId="sales-folder"
        exportName="sales-register-files"
        showTotals={false}
        onRefresh={() => void folder.refetch()}
        onDownload={(f) =>
          void download(
            'GET',
            fillPath(R.downloadPayableSales.path, { fy: apiShortYear(f.financialYear), file: f.fileName }),
            f.fileName,
          ).catch((error: unknown) => notifyFailed(error, 'Could not fetch the details'))
        }
      />
    </Stack>
  );
}
