import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileUpload, IconScale } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  FORM26Q_MESSAGES,
  FORM26Q_QUARTERS,
  FORM26Q_TARGET_FIELDS,
  type Form26qFile,
  type Form26qHeaders,
  type Form26qResult,
  type Form26qTargetField,
  form26qRoutes,
} from '@taxrecon/contracts';
import { useEffect, useRef, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { yearLabel } from '../../lib/financial-years.ts';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { notifyError } from '../payable/common/notify.ts';
import { filePlaceholder } from '../uploads/upload-rules.ts';
import { Form26qResultGrid } from './Form26qResultGrid.tsx';
import { fileColumns } from './form26q-file-columns.tsx';
import {
  FORM26Q_MAX_FILE_BYTES,
  form26qProblem,
  guessMapping,
  guessSection,
  mappingDefinition,
} from './form26q-rules.ts';

const FIELD_LABELS: Record<Form26qTargetField, string> = {
  vendorPan: 'PAN of deductee (vendorPan)',
  vendorName: 'Name of deductee (vendorName)',
  Section: 'Section',
  sourceBaseAmount: 'Amount paid (sourceBaseAmount)',
  sourceTDSAmount: 'TDS deducted (sourceTDSAmount)',
  tdsRate: 'Rate (tdsRate)',
};

// Spec part 3: /reconcile-26q-file. A filed 26Q (xlsx/xls) against the books'
// 34A result for the quarter, per PAN and section.
export function Form26qPage() {
  const queryClient = useQueryClient();
  // a 26Q is checked against the 34A result: start on the latest year with a 34A run
  const picker = useYearPicker('form26q', '34a');
  const years = picker.options;
  const financialYear = picker.year ?? years[0]?.value ?? null;
  const setFinancialYear = picker.setYear;
  const [quarter, setQuarter] = useState<string | null>(null);
  const [headerDefinition, setHeaderDefinition] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<Form26qHeaders | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<Form26qTargetField, string>>>({});
  const [sectionMapping, setSectionMapping] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // the file's columns are being read: Reconcile waits for the mapping they give
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<Form26qResult | null>(null);
  // a result opened from the list below is shown above it: brought into view
  const resultPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultPanel.current?.scrollIntoView?.({ block: 'start' });
  }, [result]);

  const sections = useApiQuery(
    form26qRoutes.form26qSections,
    { params: { financialYear: financialYear ?? '', quarter: quarter ?? '' } },
    { enabled: Boolean(financialYear && quarter) },
  );
  const files = useApiQuery(form26qRoutes.form26qFiles, { query: {} });
  const sectionOptions = sections.data?.sections ?? [];
  const sectionValues = mapping.Section && headers ? (headers.values[mapping.Section] ?? []) : [];

  const readHeaders = async (chosen: File | null, definition = headerDefinition) => {
    setFile(chosen);
    setHeaders(null);
    setResult(null);
    setProblem(null);
    if (chosen === null) return;
    if (chosen.size > FORM26Q_MAX_FILE_BYTES) {
      setProblem(`${chosen.name} is larger than 10 MB.`);
      return;
    }
    const form = new FormData();
    if (definition.trim()) form.append('headerDefinition', definition);
    form.append('files', chosen, chosen.name);
    setReading(true);
    try {
      const answer = await upload(form26qRoutes.form26qHeaders, form);
      setHeaders(answer);
      setMapping(guessMapping(answer.headers));
      setSectionMapping({});
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setReading(false);
    }
  };

  const chosenSection = (value: string) => sectionMapping[value] ?? guessSection(value, sectionOptions);

  const reconcile = async () => {
    const effective = Object.fromEntries(sectionValues.map((v) => [v, chosenSection(v)]));
    const message = form26qProblem({
      financialYear,
      quarter,
      mapping,
      sectionValues,
      sectionMapping: effective,
    });
    if (message || !file || !financialYear || !quarter) {
      setProblem(message ?? 'Choose the 26Q file (.xlsx or .xls).');
      return;
    }
    setProblem(null);
    setSending(true);
    const form = new FormData();
    form.append('mappingDefinition', mappingDefinition(mapping));
    form.append('sectionMappingDefinition', JSON.stringify(effective));
    if (headerDefinition.trim()) form.append('headerDefinition', headerDefinition);
    form.append('files', file, file.name);
    try {
      setResult(await upload(form26qRoutes.reconcile26q, form, undefined, { financialYear, quarter }));
      await queryClient.invalidateQueries({ queryKey: apiKey(form26qRoutes.form26qFiles) });
    } catch (error) {
      setProblem(errorMessage(error, FORM26Q_MESSAGES.reconcileFailed));
    } finally {
      setSending(false);
    }
  };

  const open = async (f: Form26qFile) => {
    try {
      setResult(await call(form26qRoutes.form26qResult, { params: { id: f.id } }));
    } catch (error) {
      notifyError(error, FORM26Q_MESSAGES.filesFailed);
    }
  };

  const headerOptions = headers?.headers ?? [];
  return (
    <Stack gap="md">
      <PageHeader title="26Q Reconcile" subtitle="A filed 26Q against the books, per PAN and section" />
      <Paper withBorder radius="lg" p="lg" data-testid="form26q-form">
        <Stack gap="md">
          <Group align="flex-end">
            <Select
              label="Financial Year"
              data={years}
              value={financialYear}
              onChange={setFinancialYear}
              w={220}
              data-testid="form26q-year"
            />
            <Radio.Group label="Quarter" value={quarter} onChange={setQuarter}>
              <Group mt="xs">
                {FORM26Q_QUARTERS.map((q) => (
                  <Radio key={q} value={q} label={q} data-testid={`form26q-quarter-${q}`} />
                ))}
              </Group>
            </Radio.Group>
          </Group>
          {sections.isError && (
            <Text c="red" size="sm">
              {FORM26Q_MESSAGES.sectionsFailed}
            </Text>
          )}
          <Textarea
            label="Header definition (optional)"
            description="For a file without a header row: its column names, separated by tabs"
            autosize
            minRows={1}
            value={headerDefinition}
            onChange={(e) => setHeaderDefinition(e.currentTarget.value)}
            onBlur={() => file && void readHeaders(file)}
            data-testid="form26q-header-definition"
          />
          <FileInput
            label="26Q deductee rows (.xlsx or .xls, at most 10 MB)"
            accept=".xlsx,.xls"
            placeholder={filePlaceholder()}
            leftSection={<IconFileUpload size={16} />}
            clearable
            value={file}
            onChange={(f) => void readHeaders(f)}
            data-testid="form26q-file"
            fileInputProps={{ 'data-testid': 'form26q-file-input' } as React.ComponentProps<'input'>}
          />
          {headers && (
            <>
              <Title order={5}>Mapping ({headers.rows} rows)</Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {FORM26Q_TARGET_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={FIELD_LABELS[field]}
                    data={headerOptions}
                    value={mapping[field] ?? null}
                    onChange={(h) => setMapping((m) => ({ ...m, [field]: h ?? undefined }))}
                    clearable
                    searchable
                    data-testid={`form26q-map-${field}`}
                  />
                ))}
              </SimpleGrid>
            </>
          )}
          {sectionValues.length > 0 && (
            <>
              <Title order={5}>Section mapping</Title>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {sectionValues.map((value) => (
                  <Select
                    key={value}
                    label={value}
                    data={sectionOptions}
                    value={chosenSection(value) ?? null}
                    onChange={(s) => setSectionMapping((m) => ({ ...m, [value]: s ?? undefined }))}
                    searchable
                    placeholder={quarter ? 'Choose a section' : 'Choose the quarter first'}
                    data-testid={`form26q-section-${value}`}
                  />
                ))}
              </SimpleGrid>
            </>
          )}
          {problem && (
            <Alert color="red" data-testid="form26q-problem">
              {problem}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconScale size={16} />}
              loading={sending || reading}
              disabled={!file}
              onClick={reconcile}
              data-testid="form26q-submit"
            >
              Reconcile Now
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && (
        <Paper
          withBorder
          radius="lg"
          p="lg"
          data-testid="form26q-result"
          ref={resultPanel}
          style={{ scrollMarginTop: 72 }}
        >
          <Stack gap="sm">
            <Title order={4}>
              {result.fileName}: {yearLabel(result.financialYear)} {result.quarter}
            </Title>
            <Form26qResultGrid result={result} />
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={4}>Reconciled files</Title>
          {files.isError && (
            <Text c="red" size="sm">
              {FORM26Q_MESSAGES.filesFailed}
            </Text>
          )}
          <DataGrid
            records={files.data ?? []}
            columns={fileColumns((f) => void open(f))}
            idAccessor={(f) => f.id}
            exportName="reconciled-26q-files"
            fetching={files.isFetching}
            onRowClick={(f) => void open(f)}
            dense
            noRecordsText="No 26Q reconciled yet"
            testId="form26q-files"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
