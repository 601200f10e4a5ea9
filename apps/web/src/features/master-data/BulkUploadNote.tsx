import { Alert, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The spec's bulk .txt load of customers and vendors (PUT /ingest/ingest-customer
// and /ingest/ingest-vendor) has no route in the contracts yet; until the master
// ingest adds it, the screen says so and offers the template.
export function BulkUploadNote({ what, children }: { what: 'customers' | 'vendors'; children?: ReactNode }) {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      mb="md"
      data-testid="bulk-upload-note"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Loading many {what} at once from a tab-separated .txt master file arrives with the master data
          ingest. Until then, create them one by one below.
        </Text>
        {children}
      </Group>
    </Alert>
  );
}
