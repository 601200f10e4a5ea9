import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  EXPENSE_SECTION_COLUMNS_TEXT,
  SECTION_TYPE_COLUMNS_TEXT,
  sectionRulesRoutes,
} from '@taxrecon/contracts';
import { download, errorMessage } from '../../api/client.ts';
import { apiKey } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { SMALL_TXT_MAX_BYTES } from '../uploads/upload-rules.ts';

const RULES = { extensions: ['txt', 'csv', 'xlsx'], maxBytes: SMALL_TXT_MAX_BYTES, maxFiles: 1 };
const routes = sectionRulesRoutes;

interface Kind {
  title: string;
  subtitle: string;
  route: typeof routes.uploadSectionExpenseTypes;
  downloadPath: string;
  fileName: string;
  columns: readonly string[];
  effect: string;
  testId: string;
}

const KINDS: Record<'types' | 'mappings', Kind> = {
  types: {
    title: 'Upload Section Expense Type',
    subtitle: 'TDS rates and thresholds by section and expense type',
    route: routes.uploadSectionExpenseTypes,
    downloadPath: routes.downloadSectionExpenseTypes.path,
    fileName: 'section_expense_type.txt',
    columns: SECTION_TYPE_COLUMNS_TEXT,
    effect:
      "The file replaces the entity's section expense types (until the first upload or edit, the shipped rates apply).",
    testId: 'upload-section-expense-type',
  },
  mappings: {
    title: 'Upload Expense Section Mapping',
    subtitle: 'The section of each expense key (GL code, primary or secondary expense key)',
    route: routes.uploadExpenseSectionMappings,
    downloadPath: routes.downloadExpenseSectionMappings.path,
    fileName: 'expense_section_mapping.txt',
    columns: EXPENSE_SECTION_COLUMNS_TEXT,
    effect:
      'A line adds a mapping, or changes the one with the same expense key and applicable-from date; other mappings stay.',
    testId: 'upload-expense-section-mapping',
  },
};

function UploadReference({ kind }: { kind: Kind }) {
  const queryClient = useQueryClient();
  return (
    <Stack gap="md">
      <PageHeader title={kind.title} subtitle={kind.subtitle} />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Text size="sm">
            A tab-separated .txt, a .csv or an .xlsx file with a header row of these field names (any order):
          </Text>
          <List size="sm">
            <List.Item>{kind.columns.join(', ')}</List.Item>
          </List>
          <Text size="sm">{kind.effect} A file with any bad line changes nothing; the lines are listed.</Text>
          <div>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                download('GET', kind.downloadPath, kind.fileName).catch((e: unknown) =>
                  notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(e) }),
                )
              }
              data-testid={`${kind.testId}-current`}
            >
              Download the current data
            </Button>
          </div>
        </Stack>
      </Paper>
      <UploadPanel
        route={kind.route}
        rules={RULES}
        testId={kind.testId}
        errorPrefix="Error In File! "
        label="File (.txt, .csv or .xlsx)"
        stay
        onUploaded={() => {
          void queryClient.invalidateQueries({ queryKey: apiKey(routes.searchSectionExpenseTypes) });
          void queryClient.invalidateQueries({ queryKey: apiKey(routes.searchExpenseSectionMappings) });
        }}
      />
    </Stack>
  );
}

export const UploadSectionExpenseTypePage = () => <UploadReference kind={KINDS.types} />;
export const UploadExpenseSectionMappingPage = () => <UploadReference kind={KINDS.mappings} />;
