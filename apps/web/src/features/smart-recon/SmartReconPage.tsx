import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconDownload, IconFileZip } from '@tabler/icons-react';
import {
  MATCH_LEVEL_DEFAULT,
  NO_MATCHES_FOUND,
  type SmartReconGroup,
  type SmartReconMode,
  type SmartReconResult,
  smartReconRoutes,
} from '@taxrecon/contracts';
import { formatInr, rupeesNumber } from '@taxrecon/shared';
import type { ComponentProps } from 'react';
import { type FormEvent, useState } from 'react';
import { call, download, errorMessage } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';

// Spec part 3: /smart-recon. A zip of a sales csv and 26AS text files is
// matched on the server; the matched groups are listed with their totals and
// chosen ones accepted. Match level: 1 strictest, 10 most lenient, 5 optimal.

// the alert's title for a failed upload (spec part 3 section 8)
const UPLOAD_FAILED = 'Data Upload Failed!';

const sumOf = (groups: readonly SmartReconGroup[], pick: (g: SmartReconGroup) => number) =>
  groups.reduce((n, g) => n + pick(g), 0);

function SummaryCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function SmartReconPage() {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<SmartReconMode>('tds');
  const [level, setLevel] = useState(MATCH_LEVEL_DEFAULT);
  const [tolerance, setTolerance] = useState<number>(0);
  const [progress, setProgress] = useState<number | null>(null);
  // a failure as the alert shows it: what failed (spec part 3 section 8) and why
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const failed = (title: string, message: string) => setError({ title, message });
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<SmartReconResult | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      failed(UPLOAD_FAILED, 'Choose a .zip file with a sales csv and 26AS text files.');
      return;
    }
    const form = new FormData();
    form.append('matchMode', mode);
    form.append('matchLevel', String(level));
    form.append('tolerance', String(tolerance));
    form.append('files', file, file.name);
    setError(null);
    setNotice(null);
    setProgress(0);
    try {
      const answer = await upload(smartReconRoutes.smartRecon, form, setProgress);
      setResult(answer);
      setSelected(new Set());
      if (answer.results.length === 0) setNotice(NO_MATCHES_FOUND);
    } catch (e) {
      failed(UPLOAD_FAILED, `Data Upload Failed - ${errorMessage(e)}`);
    } finally {
      setProgress(null);
    }
  };

  const accept = async () => {
    if (!result || selected.size === 0) return;
    try {
      const answer = await call(smartReconRoutes.smartReconUpdate, { body: [...selected] });
      setResult({
        ...result,
        results: result.results.map((g) => (selected.has(g.key) ? { ...g, accepted: true } : g)),
      });
      setSelected(new Set());
      setNotice(answer.message);
    } catch (e) {
      failed('Failed to update due to error', errorMessage(e));
    }
  };

  const toggle = (key: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const columns: GridColumn<SmartReconGroup>[] = [
    {
      accessor: 'select',
      title: '',
      value: (g) => (selected.has(g.key) ? 1 : 0),
      render: (g) => (
        <Checkbox
          aria-label={`Select ${g.key}`}
          checked={selected.has(g.key)}
          onChange={() => toggle(g.key)}
          data-testid="smart-select"
        />
      ),
      exportable: false,
      width: 40,
    },
    {
      accessor: 'customer',
      title: 'Customer',
      value: (g) => g._sales[0]?.customerName ?? g._taxBook[0]?.deductorName ?? '',
    },
    { accessor: 'tan', title: 'TAN', value: (g) => g._taxBook[0]?.tan ?? '' },
    {
      accessor: 'vouchers',
      title: 'Invoices',
      value: (g) => g._sales.map((s) => s.voucherNumber).join(', '),
    },
    {
      accessor: 'rows',
      title: 'Rows (sales / 26AS)',
      value: (g) => `${g._sales.length} / ${g._taxBook.length}`,
    },
    {
      accessor: 'sales',
      title: 'Sale amount',
      value: (g) => rupeesNumber(g.sales),
      render: (g) => formatInr(g.sales),
      textAlign: 'right',
    },
    {
      accessor: 'tdsSales',
      title: 'TDS (sales)',
      value: (g) => rupeesNumber(g.totalTdsFromSales),
      render: (g) => formatInr(g.totalTdsFromSales),
      textAlign: 'right',
    },
    {
      accessor: 'tds26as',
      title: 'TDS (26AS)',
      value: (g) => rupeesNumber(g.totalTdsFromTaxBook),
      render: (g) => formatInr(g.totalTdsFromTaxBook),
      textAlign: 'right',
    },
    {
      accessor: 'difference',
      title: 'Difference',
      value: (g) => rupeesNumber(g.difference),
      render: (g) => formatInr(g.difference),
      textAlign: 'right',
    },
    {
      accessor: 'accepted',
      title: 'Status',
      value: (g) => (g.accepted ? 'Accepted' : 'Open'),
      render: (g) => <Badge color={g.accepted ? 'teal' : 'gray'}>{g.accepted ? 'Accepted' : 'Open'}</Badge>,
    },
  ];

  const groups = result?.results ?? [];
  return (
    <Stack gap="md">
      <PageHeader title="Smart Reconciliation" subtitle="Match a sales book against 26AS from one zip" />
      <Paper
        withBorder
        radius="lg"
        p="lg"
        maw={960}
        component="form"
        onSubmit={submit}
        data-testid="smart-form"
      >
        <Stack gap="md">
          <Group align="flex-end" gap="xl">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Matching mode
              </Text>
              <SegmentedControl
                value={mode}
                onChange={(v) => setMode(v as SmartReconMode)}
                data={[
                  { value: 'tds', label: 'TDS amount' },
                  { value: 'sales', label: 'Sale amount' },
                ]}
              />
            </Stack>
            <NumberInput
              label="Tolerance (₹ per group)"
              min={0}
              value={tolerance}
              onChange={(v) => setTolerance(typeof v === 'number' ? v : 0)}
              w={180}
              data-testid="smart-tolerance"
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Match level: {level} (1 highest, 10 lowest, 5 optimal)
            </Text>
            <Slider
              min={1}
              max={10}
              step={1}
              value={level}
              onChange={setLevel}
              marks={[{ value: 5, label: '5' }]}
            />
          </Stack>
          <FileInput
            label="Zip of a sales .csv and 26AS .txt files"
            accept=".zip"
            placeholder="Choose a .zip file"
            leftSection={<IconFileZip size={16} />}
            clearable
            value={file}
            onChange={setFile}
            data-testid="smart-file"
            fileInputProps={{ 'data-testid': 'smart-file-input' } as ComponentProps<'input'>}
          />
          <Group>
            <Button type="submit" loading={progress !== null} data-testid="smart-submit">
              Upload and match
            </Button>
          </Group>
          {error && (
            <Alert color="red" title={error.title} data-testid="smart-error">
              {error.message}
            </Alert>
          )}
          {notice && (
            <Alert color="blue" data-testid="smart-notice">
              {notice}
            </Alert>
          )}
        </Stack>
      </Paper>
      {result && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <SummaryCard
              label="TDS claimable (matched, final in 26AS)"
              value={formatInr(result.tdsClaimed)}
              testId="smart-claimed"
            />
            <SummaryCard label="Compliance" value={`${result.compliance}%`} testId="smart-compliance" />
            <SummaryCard
              label="Difference (sales − 26AS)"
              value={formatInr(result.difference)}
              testId="smart-difference"
            />
            <SummaryCard
              label="Matched groups"
              value={`${groups.length} (${formatInr(sumOf(groups, (g) => g.totalTdsFromSales))} TDS)`}
              testId="smart-groups"
            />
          </SimpleGrid>
          <DataGrid
            records={groups}
            columns={columns}
            idAccessor={(g) => g.key}
            exportName="smart-recon-matches"
            testId="smart-grid"
            noRecordsText={NO_MATCHES_FOUND}
            toolbar={
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setSelected(new Set(groups.map((g) => g.key)))}
                  data-testid="smart-select-all"
                >
                  Select all
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setSelected(new Set())}
                  data-testid="smart-unselect-all"
                >
                  Unselect all
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconCheck size={14} />}
                  disabled={selected.size === 0}
                  onClick={accept}
                  data-testid="smart-accept"
                >
                  Accept selected ({selected.size})
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  onClick={() =>
                    download(
                      'GET',
                      `/manual-reconciliation/smart-recon/key/${result.key}`,
                      'matches.zip',
                    ).catch((e) => failed('Fetch error occurred', errorMessage(e)))
                  }
                  data-testid="smart-download"
                >
                  matches.zip
                </Button>
              </Group>
            }
          />
        </>
      )}
      <SuggestionsPanel />
    </Stack>
  );
}
