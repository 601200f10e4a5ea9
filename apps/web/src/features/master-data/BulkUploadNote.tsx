import { Stack, Text } from '@mantine/core';
import { ingestRoutes } from '@taxrecon/contracts';
import type { ReactNode } from 'react';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { SMALL_TXT_MAX_BYTES } from '../uploads/upload-rules.ts';

const RULES = { extensions: ['txt'], maxBytes: SMALL_TXT_MAX_BYTES, maxFiles: 1 };

// The spec's bulk load of customers and vendors: a tab-separated .txt master
// file (the template's columns), loaded by a background job; rows with a code
// the entity already has update that customer or vendor.
export function BulkUploadNote({ what, children }: { what: 'customers' | 'vendors'; children?: ReactNode }) {
  const customers = what === 'customers';
  return (
    <Stack gap="xs" mb="md" data-testid="bulk-upload">
      <UploadPanel
        route={customers ? ingestRoutes.uploadCustomerMaster : ingestRoutes.uploadVendorMaster}
        rules={RULES}
        testId={customers ? 'upload-customer-master' : 'upload-vendor-master'}
        errorPrefix={customers ? 'Error Creating Customer! ' : 'Error Creating Vendor! '}
        prefixEveryFailure
        label={customers ? 'Customer master file (.txt)' : 'Vendor master file (.txt)'}
        description={
          <Text size="sm" c="dimmed">
            Many {what} at once from a tab-separated .txt file with the template's columns; a row whose code
            already exists updates that record. Or create one with the form below.
          </Text>
        }
      />
      {children}
    </Stack>
  );
}
