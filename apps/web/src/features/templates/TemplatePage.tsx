import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileZip, IconUserPlus } from '@tabler/icons-react';
import {
  masterDataRoutes,
  TEMPLATE_ZIP_MAX_BYTES,
  type TemplateAnswer,
  type TemplateMatch,
  type TemplateProposal,
  templateRoutes,
} from '@taxrecon/contracts';
import { type ComponentProps, useState } from 'react';
import { Link } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { DownloadButton } from '../master-data/DownloadButton.tsx';
import { filePlaceholder } from '../uploads/upload-rules.ts';

type Kind = 'customer' | 'vendor';

const SCREENS = {
  customer: {
    title: 'Create Customer Template',
    book: 'sales',
    party: 'Customer',
    propose: templateRoutes.customerTemplate,
    searchPath: '/search-customers',
  },
  vendor: {
    title: 'Create Vendor Template',
    book: 'purchase',
    party: 'Vendor',
    propose: templateRoutes.vendorTemplate,
    searchPath: '/search-vendors',
  },
} as const;

const MATCH_COLOURS: Record<TemplateMatch, string> = {
  TAN: 'teal',
  PAN: 'blue',
  GSTIN: 'blue',
  NAME: 'violet',
  NONE: 'gray',
};

// An editable proposal: the person may change the code, name and TAN, and untick it.
interface Row extends TemplateProposal {
  key: string;
  code: string;
  chosen: boolean;
}

const rowsOf = (answer: TemplateAnswer, kind: Kind): Row[] =>
  answer.proposals.map((p, i) => ({
    ...p,
    key: String(i),
    // a vendor master row needs a code and a purchase book has none: V-001, V-002, …
    code: p.bookCode ?? (kind === 'vendor' ? `V-${String(i + 1).padStart(3, '0')}` : ''),
    // matched rows not yet in the master are ticked; the rest wait for a look
    chosen: !p.inMaster && p.matchedBy !== 'NONE',
  }));

// Spec part 2 section 2.13: a zip of the sales (purchase) csv plus 26AS text
// files proposes the customer (vendor) master; each row says how its TAN was
// found; the reviewed rows are created in one go.
function TemplatePage({ kind }: { kind: Kind }) {
  const screen = SCREENS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<TemplateAnswer | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const propose = async () => {
    if (!file) {
      setError(`Choose a .zip of the ${screen.book} .csv and the 26AS .txt files.`);
      return;
    }
    // the server refuses it too (spec part 2 section 5): said before the upload, not after it
    if (file.size > TEMPLATE_ZIP_MAX_BYTES) {
      setError(
        `Data Upload Failed - ${file.name} is larger than the ${TEMPLATE_ZIP_MAX_BYTES.toLocaleString('en-IN')}-byte limit.`,
      );
      return;
    }
    const form = new FormData();
    form.append('files', file, file.name);
    setError(null);
    setCreated(null);
    setProgress(0);
    try {
      const result = await upload(screen.propose, form, setProgress);
      setAnswer(result);
      setRows(rowsOf(result, kind));
    } catch (e) {
      setError(`Data Upload Failed - ${errorMessage(e)}`);
    } finally {
      setProgress(null);
    }
  };

  const change = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const chosen = rows.filter((r) => r.chosen);
  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      const result =
        kind === 'customer'
          ? await call(templateRoutes.createTemplateCustomers, {
              body: {
                customers: chosen.map((r) => ({
                  customerCode: r.code || null,
                  customerName: r.name,
                  nameFromSalesBook: r.bookName,
                  nameFrom26AS: r.nameFrom26AS,
                  tanNumber: r.tanNumber || null,
                  panNumber: r.panNumber,
                  gstIn: r.gstIn,
                })),
              },
            })
          : await call(templateRoutes.createTemplateVendors, {
              body: {
                vendors: chosen.map((r) => ({
                  vendorCode: r.code,
                  vendorName: r.name,
                  nameFromPurchaseBook: r.bookName,
                  nameFrom26AS: r.nameFrom26AS,
                  tanNumber: r.tanNumber || null,
                  panNumber: r.panNumber,
                  gstIn: r.gstIn,
                })),
              },
            });
      setCreated(result.message);
      setRows((all) => all.map((r) => (r.chosen ? { ...r, chosen: false, inMaster: true } : r)));
    } catch (e) {
      // spec part 2 section 8: 'Error Creating Customer' with the error
      setError(
        `${kind === 'customer' ? 'Error Creating Customer' : 'Error Creating Vendor'} - ${errorMessage(e)}`,
      );
    } finally {
      setCreating(false);
    }
  };

  const columns: GridColumn<Row>[] = [
    {
      accessor: 'chosen',
      title: '',
      value: (r) => (r.chosen ? 'Yes' : 'No'),
      render: (r) => (
        <Checkbox
          aria-label={`Create ${r.bookName}`}
          checked={r.chosen}
          disabled={r.inMaster}
          onChange={(e) => change(r.key, { chosen: e.currentTarget.checked })}
          data-testid="template-choose"
        />
      ),
      width: 48,
    },
    {
      accessor: 'bookName',
      title: 'Book name',
      value: (r) => r.bookName,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.bookName}</Text>
          <Text size="xs" c="dimmed">
            {r.bookRows} row(s)
          </Text>
        </Stack>
      ),
      width: 180,
    },
    {
      accessor: 'code',
      title: 'Code',
      value: (r) => r.code,
      render: (r) => (
        <TextInput
          size="xs"
          value={r.code}
          disabled={r.inMaster}
          onChange={(e) => change(r.key, { code: e.currentTarget.value })}
          aria-label={`Code of ${r.bookName}`}
        />
      ),
      width: 115,
    },
    {
      accessor: 'name',
      title: 'Name',
      value: (r) => r.name,
      render: (r) => (
        <TextInput
          size="xs"
          value={r.name}
          disabled={r.inMaster}
          onChange={(e) => change(r.key, { name: e.currentTarget.value })}
          aria-label={`Name of ${r.bookName}`}
        />
      ),
      width: 190,
    },
    {
      accessor: 'tanNumber',
      title: 'TAN',
      value: (r) => r.tanNumber ?? '',
      render: (r) => (
        <TextInput
          size="xs"
          value={r.tanNumber ?? ''}
          disabled={r.inMaster}
          onChange={(e) => change(r.key, { tanNumber: e.currentTarget.value.toUpperCase() || null })}
          aria-label={`TAN of ${r.bookName}`}
          w={120}
        />
      ),
      width: 130,
    },
    { accessor: 'panNumber', title: 'PAN', value: (r) => r.panNumber ?? '', width: 115 },
    {
      accessor: 'matchedBy',
      title: 'Found by',
      value: (r) => (r.inMaster ? 'In master' : r.matchedBy),
      render: (r) =>
        r.inMaster ? (
          <Badge color="gray" variant="outline">
            In master
          </Badge>
        ) : (
          <Badge color={MATCH_COLOURS[r.matchedBy]}>
            {r.matchedBy === 'NONE' ? 'Not found' : r.matchedBy}
          </Badge>
        ),
      width: 105,
    },
    {
      accessor: 'how',
      title: 'How it was found',
      value: (r) => r.how,
      render: (r) => (
        <Text size="xs" c="dimmed">
          {r.how}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={screen.title}
        subtitle={`Propose the ${kind} master from the ${screen.book} book and 26AS: review, then create`}
      />
      <Paper withBorder radius="lg" p="lg" maw={1100}>
        <Stack gap="sm">
          <Group align="flex-end">
            <FileInput
              label={`Zip of one ${screen.book} .csv and the 26AS .txt files`}
              accept=".zip"
              placeholder={filePlaceholder()}
              leftSection={<IconFileZip size={16} />}
              clearable
              value={file}
              onChange={setFile}
              w={420}
              fileInputProps={{ 'data-testid': 'template-file-input' } as ComponentProps<'input'>}
            />
            <Button
              onClick={propose}
              loading={progress !== null}
              disabled={!file}
              data-testid="template-propose"
            >
              Upload and propose
            </Button>
            {kind === 'customer' && (
              <DownloadButton
                route={masterDataRoutes.customerMasterTemplate}
                fileName="customer_master.txt"
                label="Customer Master template"
                testId="template-master-download"
              />
            )}
          </Group>
          {error && (
            <Alert color="red" data-testid="template-error">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
      {answer && (
        <Paper withBorder radius="lg" p="lg" data-testid="template-proposals">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>
                {answer.message} {chosen.length} ticked to create.
              </Text>
              <Button
                leftSection={<IconUserPlus size={16} />}
                onClick={create}
                loading={creating}
                disabled={chosen.length === 0}
                data-testid="template-create"
              >
                Create {chosen.length} {kind}(s)
              </Button>
            </Group>
            {created && (
              <Alert color="green" data-testid="template-created">
                {created}.{' '}
                <Anchor component={Link} to={screen.searchPath}>
                  See them in Search {screen.party}s
                </Anchor>
              </Alert>
            )}
            <DataGrid
              records={rows}
              columns={columns}
              idAccessor={(r) => r.key}
              pageSize={20}
              exportName={`${kind}-template`}
              testId="template-grid"
            />
            {answer.unmatchedDeductors.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="template-unmatched-deductors">
                In 26AS but in no row of the book:{' '}
                {answer.unmatchedDeductors.map((d) => `${d.name} (${d.tan})`).join(', ')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

export const CustomerTemplatePage = () => <TemplatePage kind="customer" />;
export const VendorTemplatePage = () => <TemplatePage kind="vendor" />;
