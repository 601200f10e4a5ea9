import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import {
  documentRoutes,
  EMAIL_PATTERN,
  FORM16A_MANDATORY,
  FORM16A_MAX_BYTES,
  type Form16aRecord,
  type Form16aVendor,
  VENDOR_NOT_FOUND_FOR_PAN,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { type ComponentProps, useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { checkFiles, filePlaceholder } from '../uploads/upload-rules.ts';
import { QUARTER_OPTIONS } from './form16a-options.ts';

const RULES = { extensions: ['pdf'], maxBytes: FORM16A_MAX_BYTES, maxFiles: 1 };
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

type Vendor = Form16aVendor;
type Lookup =
  | { kind: 'idle' }
  | { kind: 'found'; vendor: Vendor }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

const rupees = (text: string | null) => (text === null ? 'not shown' : formatInr(paiseOrZero(text)));

// Spec part 3 section 4: a PAN of exactly 10 characters looks the vendor up;
// its name and code show and its contact e-mail fills the e-mail box. The
// look-up is the Form 16A route's own (the vendor the upload files under),
// so a user without the vendor master permission can upload too.
const useVendorOfPan = (pan: string, onFound: (vendor: Vendor) => void) => {
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: onFound changes every render; the PAN drives the look-up
  useEffect(() => {
    if (pan.length !== 10 || !PAN.test(pan)) {
      setLookup({ kind: 'idle' });
      return;
    }
    let live = true;
    call(documentRoutes.form16aVendor, { params: { pan } })
      .then(({ vendor }) => {
        if (!live) return;
        if (vendor) {
          setLookup({ kind: 'found', vendor });
          onFound(vendor);
        } else setLookup({ kind: 'missing' });
      })
      .catch((error: unknown) => live && setLookup({ kind: 'error', message: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [pan]);
  return lookup;
};

export function Form16aUploadPage() {
  // starts on the latest year with certificates uploaded
  const picker = useYearPicker('form16a', 'form16a');
  const { year: financialYear, setYear: setFinancialYear } = picker;
  const [quarter, setQuarter] = useState<string | null>(null);
  const [pan, setPan] = useState('');
  const [email, setEmail] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: 'done'; message: string; record: Form16aRecord | null }
    | { kind: 'failed'; message: string }
    | null
  >(null);
  const lookup = useVendorOfPan(pan, (vendor) => setEmail(vendor.contactEmail ?? ''));

  const send = async () => {
    setOutcome(null);
    if (!financialYear || !quarter || lookup.kind !== 'found' || !EMAIL_PATTERN.test(email.trim())) {
      setOutcome({ kind: 'failed', message: FORM16A_MANDATORY });
      return;
    }
    const problem = checkFiles(file ? [file] : [], RULES);
    if (problem || !file) {
      setOutcome({ kind: 'failed', message: problem ?? 'Choose a file to upload.' });
      return;
    }
    const form = new FormData();
    form.append('financialYear', financialYear);
    form.append('quarter', quarter);
    form.append('panNumber', pan);
    form.append('email', email.trim());
    form.append('files', file, file.name);
    setProgress(0);
    try {
      const answer = await upload(documentRoutes.form16aUpload, form, setProgress);
      setOutcome({ kind: 'done', message: answer.message, record: answer.record });
      setFile(null);
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="Form 16A Upload" subtitle="One TDS certificate (PDF) for one vendor and quarter" />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Financial year"
              placeholder="Choose the year"
              data={picker.options}
              value={financialYear}
              onChange={setFinancialYear}
              data-testid="form16a-year"
              required
            />
            <Select
              label="Quarter"
              placeholder="Choose the quarter"
              data={QUARTER_OPTIONS}
              value={quarter}
              onChange={setQuarter}
              data-testid="form16a-quarter"
              required
            />
            <TextInput
              label="Vendor PAN"
              placeholder="AAACB1234D"
              value={pan}
              maxLength={10}
              onChange={(e) => setPan(e.currentTarget.value.toUpperCase().trim())}
              data-testid="form16a-pan"
              required
              error={
                lookup.kind === 'missing'
                  ? VENDOR_NOT_FOUND_FOR_PAN
                  : lookup.kind === 'error'
                    ? lookup.message
                    : null
              }
            />
            <TextInput
              label="Vendor email"
              placeholder="accounts@vendor.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-testid="form16a-email"
              required
            />
          </SimpleGrid>
          {lookup.kind === 'found' && (
            <Group gap="xl" data-testid="form16a-vendor">
              <Text size="sm">
                Vendor name: <b>{lookup.vendor.vendorName}</b>
              </Text>
              <Text size="sm">
                Vendor code: <b>{lookup.vendor.vendorCode}</b>
              </Text>
            </Group>
          )}
          <FileInput
            label="Form 16A (.pdf)"
            placeholder={filePlaceholder()}
            accept=".pdf,application/pdf"
            leftSection={<IconFileTypePdf size={16} />}
            value={file}
            onChange={setFile}
            clearable
            fileInputProps={{ 'data-testid': 'form16a-file-input' } as ComponentProps<'input'>}
            data-testid="form16a-file"
          />
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={send}
              loading={progress !== null}
              // as on every upload screen: nothing to send until a file is chosen
              disabled={!file}
              data-testid="form16a-upload"
            >
              Upload
            </Button>
          </Group>
          {progress !== null && <Progress value={progress} />}
          {outcome?.kind === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="form16a-error">
              {outcome.message}
            </Alert>
          )}
          {outcome?.kind === 'done' && (
            <Alert color="green" icon={<IconCheck size={16} />} data-testid="form16a-done">
              <Stack gap={4}>
                <Text size="sm">{outcome.message}</Text>
                {outcome.record && (
                  <Text size="sm">
                    Certificate {outcome.record.certificateNumber ?? '(no number)'}, TAN of the deductor{' '}
                    {outcome.record.deductorTan ?? '-'}: amount paid {rupees(outcome.record.amountPaid)}, tax
                    deducted {rupees(outcome.record.taxDeducted)}.
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
