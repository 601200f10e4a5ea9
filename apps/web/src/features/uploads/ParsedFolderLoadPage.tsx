import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFolderOpen, IconRefresh, IconUpload } from '@tabler/icons-react';
import { parsed26asRoutes, type UploadAnswer } from '@taxrecon/contracts';
import { type ComponentProps, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { yearOptions } from '../../lib/financial-years.ts';
import { ColumnMappingEditor } from './ColumnMappingEditor.tsx';
import { formatBytes } from './folder-format.ts';
import { useParsedMapping } from './parsed-26as-mapping.ts';
import { asksToLoadAgain } from './upload-rules.ts';

const HEADER_HELP =
  "The header row of the ticked file is filled in from the file; change it (tab-separated) for a file without one. Map each 26AS field to the file's column.";

// Spec part 2 section 2.12, "Load parsed 26AS from server folders": a 26AS
// already parsed into rows (the csv of `taxrecon parse-26as --csv`, the
// converter's output, any sheet) loaded like a raw 26AS into the current entity.
export function ParsedFolderLoadPage() {
  const listing = useApiQuery(parsed26asRoutes.listParsed26asFolder, {});
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [pan, setPan] = useState('');
  const [year, setYear] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [askAgain, setAskAgain] = useState(false);
  const mapping = useParsedMapping();
  const inFolder = listing.data?.files ?? [];

  const choose = (name: string, on: boolean) => {
    const next = on ? [...chosen, name] : chosen.filter((n) => n !== name);
    setChosen(next);
    const first = inFolder.find((f) => f.fileName === next[0]);
    if (first?.header.length) mapping.state.setHeadersText(first.header.join('\t'));
  };

  const putInFolder = async () => {
    if (files.length === 0) return;
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    setUploading(true);
    setError(null);
    try {
      const result = await upload(parsed26asRoutes.uploadParsed26asFolder, form);
      await listing.refetch();
      const names = files.map((f) => f.name).filter((n) => result.files.some((r) => r.fileName === n));
      setFiles([]);
      setChosen(names);
      const first = result.files.find((f) => f.fileName === names[0]);
      if (first?.header.length) mapping.state.setHeadersText(first.header.join('\t'));
    } catch (e) {
      setError(`Data Upload Failed - ${errorMessage(e)}`);
    } finally {
      setUploading(false);
    }
  };

  const load = async (force = false) => {
    const mapped = mapping.request();
    if (typeof mapped === 'string') {
      setError(mapped);
      return;
    }
    setBusy(true);
    setError(null);
    setAskAgain(false);
    try {
      const result = await call(parsed26asRoutes.loadParsed26asFolder, {
        body: {
          ...(chosen.length ? { fileNames: chosen } : {}),
          ...mapped,
          ...(pan.trim() ? { pan: pan.trim().toUpperCase() } : {}),
          ...(year ? { financialYear: year } : {}),
          ...(force ? { force: true } : {}),
        },
      });
      setAnswer(result);
    } catch (e) {
      setAskAgain(e instanceof ApiError && asksToLoadAgain(e.code));
      setError(`Data Upload Failed - ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Load Parsed 26AS from Folder"
        subtitle="A 26AS already parsed into rows (TaxRecon's 26AS csv, the converter's output or your own sheet), loaded like a raw 26AS"
      />
      <Paper withBorder radius="lg" p="lg" maw={1100}>
        <Stack gap="sm">
          <Text fw={600}>1. Put files in the folder</Text>
          <Group align="flex-end">
            <FileInput
              label="Parsed 26AS files (.csv, .txt, .xlsx, .xls)"
              placeholder="Choose files"
              multiple
              clearable
              accept=".csv,.txt,.xlsx,.xls"
              value={files}
              onChange={setFiles}
              w={420}
              fileInputProps={{ 'data-testid': 'parsed-file-input' } as ComponentProps<'input'>}
            />
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={putInFolder}
              loading={uploading}
              disabled={files.length === 0}
              data-testid="parsed-upload"
            >
              Upload to folder
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg" maw={1100} data-testid="parsed-folder">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>2. Tick the files to load (none ticked: all of them)</Text>
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} />}
              onClick={() => listing.refetch()}
            >
              Refresh
            </Button>
          </Group>
          {inFolder.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="parsed-folder-empty">
              No parsed 26AS file in this entity's folder yet: upload one above.
            </Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>File</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Modified</Table.Th>
                  <Table.Th>Columns found</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inFolder.map((f) => (
                  <Table.Tr key={f.fileName}>
                    <Table.Td>
                      <Checkbox
                        aria-label={f.fileName}
                        checked={chosen.includes(f.fileName)}
                        onChange={(e) => choose(f.fileName, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{f.fileName}</Table.Td>
                    <Table.Td>{formatBytes(f.sizeBytes)}</Table.Td>
                    <Table.Td>{new Date(f.modifiedAt).toLocaleString('en-IN')}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                        {f.header.length ? f.header.join(', ') : 'no header row found'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg" maw={1100}>
        <Stack gap="sm">
          <Text fw={600}>3. Header row and column mapping</Text>
          <ColumnMappingEditor mapping={mapping.state} description={HEADER_HELP} />
          <Group align="flex-end">
            <TextInput
              label="PAN of the 26AS"
              description="Needed only when the entity has no PAN"
              placeholder="AAACZ9999Z"
              value={pan}
              onChange={(e) => setPan(e.currentTarget.value)}
              maxLength={10}
              w={220}
              data-testid="parsed-pan"
            />
            <Select
              label="Financial year"
              description="Optional: otherwise each row's year is its transaction date's"
              placeholder="From the dates"
              data={yearOptions('tds')}
              value={year}
              onChange={setYear}
              clearable
              w={300}
            />
          </Group>
          <Group>
            <Button
              leftSection={<IconFolderOpen size={16} />}
              onClick={() => load()}
              loading={busy}
              disabled={inFolder.length === 0}
              data-testid="parsed-load-submit"
            >
              Load from folder
            </Button>
            {askAgain && (
              <Button
                variant="light"
                color="orange"
                onClick={() => load(true)}
                data-testid="parsed-load-again"
              >
                Load again
              </Button>
            )}
          </Group>
          {error && (
            <Alert color="red" data-testid="parsed-load-error">
              {error}
            </Alert>
          )}
          {answer && (
            <Alert color="green" data-testid="parsed-load-result">
              {answer.message}{' '}
              <Anchor component={Link} to="/jobs/all">
                See the job on the jobs page
              </Anchor>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
