import { Button, Group, Loader, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { jobStatusName } from '@taxrecon/shared';
import { useState } from 'react';
import { download } from '../../api/client.ts';
import { formatFinancialYear } from '../../lib/format.ts';
import { notifyError } from '../reconciliation/common/notify.ts';

// Spec part 2 section 9: report job lists offer 5, 10, 20 and 50 rows a page.
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;

export function usePageSize(initial = 10) {
  const [pageSize, setPageSize] = useState<number>(initial);
  const control = (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        Rows per page
      </Text>
      <Select
        w={80}
        size="xs"
        data={REPORT_PAGE_SIZES.map(String)}
        value={String(pageSize)}
        onChange={(v) => v && setPageSize(Number(v))}
        allowDeselect={false}
        aria-label="Rows per page"
        data-testid="report-page-size"
      />
    </Group>
  );
  return { pageSize, control };
}

const STATUS_COLOURS: Record<string, string> = { Completed: 'green', InProgress: 'blue', Failed: 'red' };

// A report's status in words, with its failure reason on hover.
export function ReportStatus({ status, error }: { status: string; error?: string | null }) {
  return (
    <Group gap={6} wrap="nowrap">
      {status === 'InProgress' && <Loader size={12} />}
      <Text
        size="sm"
        fw={600}
        c={`${STATUS_COLOURS[status] ?? 'gray'}.8`}
        title={error ?? undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {jobStatusName(status)}
      </Text>
    </Group>
  );
}

// The screen form of a financial year: 'FY 2024 - 2025' (spec part 2 section 9).
export const yearLabel = (fy: string): string => formatFinancialYear(fy);

// A finished report's file, fetched under its own name; a refusal is a notification.
export function DownloadFileButton({
  path,
  fileName,
  testId,
}: {
  path: string;
  fileName: string;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          await download('GET', path, fileName);
        } catch (error) {
          notifyError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download
    </Button>
  );
}
