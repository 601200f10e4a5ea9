import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconFolderOpen, IconRefresh } from '@tabler/icons-react';
import { ingestRoutes, type UploadAnswer } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { formatBytes } from './folder-format.ts';
import { asksToLoadAgain, REDIRECT_AFTER_MS } from './upload-rules.ts';

const FOLDERS = {
  'form-26as': {
    title: 'Load Raw 26AS from Folder',
    list: ingestRoutes.listRaw26asFolder,
    load: ingestRoutes.loadRaw26asFolder,
  },
  'sales-register': {
    title: 'Load Sales Data from Folder',
    list: ingestRoutes.listSalesFolder,
    load: ingestRoutes.loadSalesFolder,
  },
  'purchase-register': {
    title: 'Load Purchase Data from Folder',
    list: ingestRoutes.listPurchaseFolder,
    load: ingestRoutes.loadPurchaseFolder,
  },
} as const;

// Spec part 2 section 2.12: files dropped in the server's folder are loaded by
// the same background job as an upload, into the current entity.
export function FolderLoadPage({ kind }: { kind: keyof typeof FOLDERS }) {
  const spec = FOLDERS[kind];
  const listing = useApiQuery(spec.list, {});
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string[]>([]);
  // only the sales register asks for a year: start on the latest with sales
  const picker = useYearPicker('tds', kind === 'sales-register' ? 'sales' : null);
  const { year, setYear } = picker;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the server asks before loading what it has loaded already: "Load again" sends force
  const [askAgain, setAskAgain] = useState(false);
  const files = listing.data?.files ?? [];

  const load = async (force = false) => {
    setBusy(true);
    setError(null);
    setAskAgain(false);
    try {
      const result = await call(spec.load, {
        body: {
          ...(chosen.length ? { fileNames: chosen } : {}),
          ...(year ? { financialYear: year } : {}),
          ...(force ? { force: true } : {}),
        },
      });
      setAnswer(result);
      setTimeout(() => navigate('/jobs/all'), REDIRECT_AFTER_MS);
    } catch (e) {
      setAskAgain(e instanceof ApiError && asksToLoadAgain(e.code));
      setError(`Data Upload Failed - ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title={spec.title} subtitle={listing.data ? `Server folder ${listing.data.folder}` : ''} />
      <Paper withBorder radius="lg" p="lg" data-testid="folder-load">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">Tick the files to load, or none to load them all.</Text>
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} />}
              onClick={() => listing.refetch()}
            >
              Refresh
            </Button>
          </Group>
          {files.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="folder-empty">
              No file waiting in the folder.
            </Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>File</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Modified</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((f) => (
                  <Table.Tr key={f.fileName}>
                    <Table.Td>
                      <Checkbox
                        aria-label={f.fileName}
                        checked={chosen.includes(f.fileName)}
                        onChange={(e) =>
                          setChosen((c) =>
                            e.currentTarget.checked ? [...c, f.fileName] : c.filter((n) => n !== f.fileName),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>{f.fileName}</Table.Td>
                    <Table.Td>{formatBytes(f.sizeBytes)}</Table.Td>
                    <Table.Td>{new Date(f.modifiedAt).toLocaleString('en-IN')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {kind === 'sales-register' && (
            <Select label="Financial year" data={picker.options} value={year} onChange={setYear} w={260} />
          )}
          <Group>
            <Button
              leftSection={<IconFolderOpen size={16} />}
              onClick={() => load()}
              loading={busy}
              disabled={files.length === 0 || (kind === 'sales-register' && !year)}
              data-testid="folder-load-submit"
            >
              Load from folder
            </Button>
            {askAgain && (
              <Button
                variant="light"
                color="orange"
                onClick={() => load(true)}
                data-testid="folder-load-again"
              >
                Load again
              </Button>
            )}
          </Group>
          {error && <Alert color="red">{error}</Alert>}
          {answer && (
            <Alert color="green" data-testid="folder-load-result">
              {answer.message} Job {answer.jobId}. Opening the jobs page shortly.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export const LoadRaw26asFolderPage = () => <FolderLoadPage kind="form-26as" />;
export const LoadSalesFolderPage = () => <FolderLoadPage kind="sales-register" />;
export const LoadPurchaseFolderPage = () => <FolderLoadPage kind="purchase-register" />;
