import { List, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { payableDataRoutes, ReferenceUploadAnswer, type UploadAnswer } from '@taxrecon/contracts';
import { type ReactNode, useState } from 'react';
import { apiKey } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { SMALL_TXT_MAX_BYTES } from '../uploads/upload-rules.ts';
import { ProblemsTable } from './ProblemsTable.tsx';
import { LdcList, TanItrList } from './ReferenceLists.tsx';

const RULES = { extensions: ['txt', 'csv', 'xlsx'], maxBytes: SMALL_TXT_MAX_BYTES, maxFiles: 1 };

interface ReferenceScreen {
  title: string;
  subtitle: string;
  testId: string;
  route: typeof payableDataRoutes.uploadLdc;
  columns: { name: string; note: string }[];
  // what is loaded so far, refreshed after each upload
  list: { route: { path: string }; view: ReactNode };
}

// LTDC and TAN-ITR uploads: a table with a header row of field names, loaded
// at once; the answer says what was loaded and lists the lines left out.
function ReferenceUploadPage({ screen }: { screen: ReferenceScreen }) {
  const [answer, setAnswer] = useState<ReferenceUploadAnswer | null>(null);
  const queryClient = useQueryClient();
  const uploaded = (a: UploadAnswer) => {
    const parsed = ReferenceUploadAnswer.safeParse(a);
    setAnswer(parsed.success ? parsed.data : null);
    void queryClient.invalidateQueries({ queryKey: apiKey(screen.list.route) });
  };
  return (
    <Stack gap="md">
      <PageHeader title={screen.title} subtitle={screen.subtitle} />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Text size="sm">
            A tab-separated .txt, a .csv or an .xlsx with a header row naming these columns (any case, spaces
            or underscores):
          </Text>
          <List size="sm">
            {screen.columns.map((c) => (
              <List.Item key={c.name}>
                <Text span ff="monospace" size="sm">
                  {c.name}
                </Text>{' '}
                {c.note}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      <UploadPanel
        route={screen.route}
        rules={RULES}
        testId={screen.testId}
        errorPrefix="Error In File! - "
        label="File (.txt, .csv or .xlsx)"
        onUploaded={uploaded}
        onFilesChange={() => setAnswer(null)}
      />
      {answer && (
        <ProblemsTable
          problems={answer.problems}
          warnings={answer.warnings}
          testId={`${screen.testId}-problems`}
        />
      )}
      {screen.list.view}
    </Stack>
  );
}

export const UploadLtdcPage = () => (
  <ReferenceUploadPage
    screen={{
      title: 'LTDC Upload',
      subtitle:
        'Lower deduction certificates (section 197): the rate applies up to the amount limit between the dates',
      testId: 'upload-ltdc',
      route: payableDataRoutes.uploadLdc,
      list: { route: payableDataRoutes.listLdc, view: <LdcList /> },
      columns: [
        { name: 'certificateNumber', note: '(required; a number loaded again is replaced)' },
        { name: 'panNumber', note: '(required)' },
        { name: 'vendorCode', note: '(optional)' },
        { name: 'sectionNumber', note: '(required), subSection (optional)' },
        { name: 'rate', note: '(required, percent)' },
        { name: 'amountLimit', note: '(rupees)' },
        { name: 'validFrom, validTo', note: '(required dates)' },
      ],
    }}
  />
);

export const UploadTanItrPage = () => (
  <ReferenceUploadPage
    screen={{
      title: 'TAN-ITR Report Upload',
      subtitle:
        'The compliance check for sections 206AB and 206CCA: vendors with these PANs are marked as specified persons or not',
      testId: 'upload-tan-itr',
      route: payableDataRoutes.uploadTanItr,
      list: { route: payableDataRoutes.listTanItr, view: <TanItrList /> },
      columns: [
        { name: 'panNumber (or PAN)', note: '(required)' },
        { name: 'name', note: '(optional)' },
        { name: 'specifiedPerson', note: '(required: Yes or No)' },
        { name: 'asOfDate', note: '(optional)' },
        { name: 'financialYear', note: '(optional, e.g. 2024-25)' },
      ],
    }}
  />
);
