import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  fillPath,
  platformRoutes,
  RAW_EXPENSE_FIELDS,
  RAW_EXPENSE_MANDATORY,
  type RawExpenseField,
  RawTransformResult,
  sectionRulesRoutes,
} from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { download, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UploadPanel } from '../uploads/UploadPanel.tsx';
import { GENERIC_MAX_BYTES } from '../uploads/upload-rules.ts';
import { fieldLabel } from './RuleRow.tsx';
import { autoMapping, missingMandatory, RAW_FIELD_NAMES, splitHeader } from './raw-mapping.ts';

const routes = sectionRulesRoutes;
const RULES = { extensions: ['csv'], maxBytes: GENERIC_MAX_BYTES, maxFiles: 1 };
type Mapping = Partial<Record<RawExpenseField, string>>;

// The first line of the chosen csv, to check it has every header the user defined.
const csvHeaderOf = async (file: File): Promise<string[]> =>
  splitHeader(await file.slice(0, 1_000_000).text());

function JobOutcome({ jobId }: { jobId: string }) {
  const job = useApiQuery(
    platformRoutes.job,
    { params: { jobId } },
    {
      refetchInterval: (q) =>
        q.state.data && ['Completed', 'Failed'].includes(q.state.data.status) ? false : 2000,
    },
  );
  const data = job.data;
  if (!data) return null;
  const result = data.payload ? RawTransformResult.safeParse(JSON.parse(data.payload)) : null;
  const get = (which: 'rawTransformedFile' | 'rawErrorReport', name: string) =>
    download('GET', fillPath(routes[which].path, { jobId }), name).catch((e: unknown) =>
      notifications.show({ color: 'red', title: 'Could not fetch the details', message: errorMessage(e) }),
    );
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="raw-job">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>Transformation job</Text>
          <Badge color={data.status === 'Completed' ? 'green' : data.status === 'Failed' ? 'red' : 'blue'}>
            {data.status}
          </Badge>
        </Group>
        {data.status !== 'Completed' && data.status !== 'Failed' && (
          <Progress value={data.progress} animated />
        )}
        {data.remarks && <Text size="sm">{data.remarks}</Text>}
        {data.failureReason && <Alert color="red">{data.failureReason}</Alert>}
        {data.status === 'Completed' && result?.success && (
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => get('rawTransformedFile', result.data.transformedFileName)}
              data-testid="raw-download-ledger"
            >
              Download transformed ledger
            </Button>
            <Button
              variant="light"
              color={result.data.rowsRejected ? 'orange' : 'gray'}
              leftSection={<IconDownload size={16} />}
              onClick={() => get('rawErrorReport', result.data.errorReportFileName)}
              data-testid="raw-download-errors"
            >
              Download error report ({result.data.rowsRejected})
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

// Raw expense ledger upload (spec part 3): paste the csv's header, map its
// columns onto the raw ledger fields, upload; a job turns it into the 34A
// expense ledger, sections from the rule sets, with an error report.
export function RawUploadExpensePage() {
  const [headerText, setHeaderText] = useState('');
  const headers = useMemo(() => splitHeader(headerText), [headerText]);
  const [mapping, setMapping] = useState<Mapping>({});
  const [csvMissing, setCsvMissing] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const ruleSets = useApiQuery(routes.allRuleSets, {});
  const missing = missingMandatory(mapping);

  const paste = (text: string) => {
    setHeaderText(text);
    setMapping(autoMapping(splitHeader(text)));
  };
  const chooseFile = async (files: File[]) => {
    setJobId(null);
    const file = files[0];
    if (!file) return setCsvMissing([]);
    const inCsv = (await csvHeaderOf(file)).map((h) => h.toLowerCase());
    setCsvMissing(headers.filter((h) => !inCsv.includes(h.toLowerCase())));
  };
  const fields = () => {
    if (missing.length)
      return `The following mandatory fields are missing from Mapping: ${missing.join(', ')}`;
    if (csvMissing.length)
      return `The following fields are missing in your CSV file: ${csvMissing.join(', ')}`;
    return { mappingDefinition: JSON.stringify(mapping), headers: headers.join('\t') };
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Raw Expense Ledger Upload"
        subtitle="A raw ledger (.csv) becomes the expense ledger the 34A reconciliation reads"
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Textarea
            label="Header row of your csv"
            description="Paste the first line of the file (tab- or comma-separated)"
            autosize
            minRows={2}
            value={headerText}
            onChange={(e) => paste(e.currentTarget.value)}
            data-testid="raw-header"
          />
          {headers.length > 0 && (
            <Table withTableBorder striped data-testid="raw-mapping">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Your column</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {RAW_EXPENSE_FIELDS.map((f) => (
                  <Table.Tr key={f}>
                    <Table.Td>
                      {RAW_FIELD_NAMES[f].label}
                      {RAW_EXPENSE_MANDATORY.includes(f) && (
                        <Text span c="red">
                          {' '}
                          *
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        clearable
                        searchable
                        data={headers}
                        value={mapping[f] ?? null}
                        onChange={(v) => setMapping({ ...mapping, [f]: v ?? undefined })}
                        aria-label={`Column for ${f}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {headers.length > 0 && missing.length > 0 && (
            <Alert color="orange">
              The following mandatory fields are missing from Mapping: {missing.join(', ')}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={5}>Transformation rules</Title>
            <Anchor component={Link} to="/transformation-rule" size="sm">
              Manage rule sets
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Each line takes the section of the first rule set that holds, else the section your ledger gives.
          </Text>
          {(ruleSets.data ?? []).length === 0 && <Text size="sm">No rule sets yet.</Text>}
          {(ruleSets.data ?? []).map((s) => (
            <Text size="sm" key={s.ruleSetId}>
              <b>{s.ruleSetName}</b> → {s.value}:{' '}
              {s.rules
                .map((r) => `${fieldLabel(r.fieldName)} ${r.matchingOperator} ${r.fieldValues.join(' / ')}`)
                .join(` ${s.logicalOperator === 'NOOPERATOR' ? '' : s.logicalOperator} `)}
            </Text>
          ))}
        </Stack>
      </Paper>
      {csvMissing.length > 0 && (
        <Alert color="red">The following fields are missing in your CSV file: {csvMissing.join(', ')}</Alert>
      )}
      <UploadPanel
        route={routes.transformRawExpenseLedger}
        rules={RULES}
        testId="raw-upload"
        errorPrefix="Error Uploading Expense Ledger! "
        label="Raw expense ledger (.csv)"
        fields={fields}
        stay
        onFilesChange={(files) => void chooseFile(files)}
        onUploaded={(answer) => setJobId(answer.jobId)}
      />
      {jobId && <JobOutcome jobId={jobId} />}
    </Stack>
  );
}
