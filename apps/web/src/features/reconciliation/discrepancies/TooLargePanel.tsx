import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import {
  DISCREPANCY_DISPLAY_LIMIT,
  type DiscrepancyResponse,
  reconciliationRoutes,
  TOO_MANY_ENTRIES_MESSAGE,
} from '@taxrecon/contracts';
import { formatCount } from '../../../lib/format.ts';
import { downloadRoute, notifyError } from '../common/notify.ts';
import { BulkUpdateButton } from './BulkUpdateButton.tsx';

// Spec 2.6: over 500 entries in either book, the lists are not shown; the
// rows are reconciled in the downloaded report and uploaded back.
export function TooLargePanel({ header }: { header: DiscrepancyResponse }) {
  const download = () =>
    downloadRoute(reconciliationRoutes.downloadCustomer, { tan: header.entityId }, `${header.entityId}.zip`, {
      jobId: header.jobId,
    }).catch((e) => notifyError(e));
  return (
    <Alert
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Too many entries"
      data-testid="discrepancy-too-large"
    >
      <Stack gap="sm">
        <Text size="sm">{TOO_MANY_ENTRIES_MESSAGE}</Text>
        <Text size="xs" c="dimmed">
          {formatCount(header.totalSalesPurchaseBookCount)} book entries and{' '}
          {formatCount(header.totalTaxBookCount)} 26AS entries (more than {DISCREPANCY_DISPLAY_LIMIT} in a
          book).
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            data-testid="too-large-download"
          >
            Download entries (zip)
          </Button>
          <BulkUpdateButton
            jobId={header.jobId}
            tan={header.entityId}
            kind={header.kind}
            label="Upload manually reconciled entries"
          />
        </Group>
      </Stack>
    </Alert>
  );
}
