import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { ingestRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { download, errorMessage } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { SMALL_TXT_MAX_BYTES } from './upload-rules.ts';

const RULES = { extensions: ['txt'], maxBytes: SMALL_TXT_MAX_BYTES, maxFiles: 1 };

// Spec part 2 section 2.13: the file ties the legal name of a customer (or vendor)
// to the names it carries in the sales or purchase book, by TAN, PAN and GSTIN.
export function UploadCustomerMappingPage() {
  const [busy, setBusy] = useState(false);
  const sample = async () => {
    setBusy(true);
    try {
      await download('GET', ingestRoutes.customerMappingTemplate.path, 'customer_mapping.txt');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Upload the Customer Mapping File"
        subtitle="Ties each customer's legal name to the names used in your books"
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Text size="sm">A tab-separated .txt file with these columns, one customer or vendor a line:</Text>
          <List size="sm">
            <List.Item>Legal name of the customer or vendor</List.Item>
            <List.Item>Name as per the sales or purchase book</List.Item>
            <List.Item>TAN No., PAN No. and GST No.</List.Item>
          </List>
          <div>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={sample}
              loading={busy}
              data-testid="customer-mapping-sample"
            >
              Download sample file
            </Button>
          </div>
        </Stack>
      </Paper>
      <UploadPanel
        route={ingestRoutes.uploadCustomerMapping}
        rules={RULES}
        testId="upload-customer-mapping"
        errorPrefix="Data Upload Failed! "
        label="Customer mapping file (.txt)"
        description="Loading a new file replaces the mapping loaded before."
      />
    </Stack>
  );
}
