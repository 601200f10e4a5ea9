import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { masterDataRoutes, VENDOR_SECTION_MAPPING_COLUMNS_TEXT } from '@taxrecon/contracts';
import { useState } from 'react';
import { apiKey } from '../../api/hooks.ts';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { SMALL_TXT_MAX_BYTES } from '../uploads/upload-rules.ts';
import { DownloadButton } from './DownloadButton.tsx';

// The server's reference-file limits (one .txt, .csv or .xlsx of 20,000,000 bytes).
const RULES = { extensions: ['txt', 'csv', 'xlsx'], maxBytes: SMALL_TXT_MAX_BYTES, maxFiles: 1 };

// The vendor section mappings of the whole entity from a file: the download's
// columns, so a downloaded file, edited, goes back. Applied at once (no job):
// the panel stays and shows how many were added and changed, or, for a file
// with any bad line, the file, line and column of each problem (nothing saved).
export function VendorMappingUpload() {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconUpload size={16} />}
        onClick={() => setOpened(true)}
        data-testid="vendor-mappings-upload-open"
      >
        Upload section mappings
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Upload vendor section mappings"
        size="lg"
        data-testid="vendor-mappings-upload-dialog"
      >
        <Stack gap="sm">
          <Text size="sm">
            A tab-separated .txt, a .csv or an .xlsx file with a header row of these field names (any order):
          </Text>
          <Text size="xs" ff="monospace" data-testid="vendor-mappings-upload-columns">
            {VENDOR_SECTION_MAPPING_COLUMNS_TEXT.join(', ')}
          </Text>
          <Text size="sm">
            A line with an id changes that mapping; without one it changes the vendor&apos;s only mapping of
            the same section, else adds one. tdsExemptionReason is B (Form 15G/15H), T (transporter, 194C(6))
            or Z (notified under 197A(1F)), only on a TDS exempted mapping. A file with any bad line changes
            nothing; the lines are listed.
          </Text>
          <Group gap="xs">
            <DownloadButton
              route={masterDataRoutes.vendorSectionMappingTemplate}
              fileName="vendor_section_mapping_template.txt"
              label="Download template"
              testId="vendor-mappings-template"
            />
            <DownloadButton
              route={masterDataRoutes.vendorSectionMappingDownload}
              fileName="vendor_section_mapping.txt"
              label="Download the current mappings"
              testId="vendor-mappings-upload-current"
            />
          </Group>
          <UploadPanel
            route={masterDataRoutes.uploadVendorSectionMappings}
            rules={RULES}
            testId="upload-vendor-section-mapping"
            errorPrefix="Error updating Vendor-Section Mapping! "
            label="Vendor section mapping file (.txt, .csv or .xlsx)"
            stay
            onUploaded={() =>
              // every vendor's mappings may have changed
              queryClient.invalidateQueries({ queryKey: apiKey(masterDataRoutes.vendorSectionMappings) })
            }
          />
        </Stack>
      </Modal>
    </>
  );
}
