import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Stepper,
  Text,
  Textarea,
} from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { RECON_MATCH_MODES, smartReconRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, download, errorMessage } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { idsOf, idsProblem } from './bulk-ids.ts';

// Spec part 3: /bulk-smart-recon, two steps. Step 0 downloads the ids of the
// customers whose matched TDS is below a percentage in the year's latest
// reconciliation; step 1 reconciles up to 100 of them again as one job.
export function BulkSmartReconPage() {
  const [step, setStep] = useState(0);
  // starts on the latest year with sales entries
  const picker = useYearPicker('tds', 'sales');
  const { year: fy, setYear: setFy } = picker;
  const [percentage, setPercentage] = useState<number>(50);
  const [text, setText] = useState('');
  const [tolerance, setTolerance] = useState<number>(0);
  const [mode, setMode] = useState<string>('TaxOrSaleAmount');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const ids = idsOf(text);
  const problem = idsProblem(ids);

  const fetchIds = async () => {
    if (!fy) return setMessage({ ok: false, text: 'Choose a Financial Year First!' });
    try {
      await download(
        'GET',
        `/smart-filters/entityIds-tds-matched-26-as-less-than/${fy}?tdsMatchedPercentage=${percentage}`,
        `customer-ids-${fy}.csv`,
      );
      setMessage(null);
      setStep(1);
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    }
  };

  const submit = async () => {
    if (!fy) return setMessage({ ok: false, text: 'Choose a Financial Year First!' });
    try {
      const answer = await call(smartReconRoutes.bulkSmartRecon, {
        params: { fy },
        query: { tolerance, reconMatchMode: mode as (typeof RECON_MATCH_MODES)[number] },
        body: ids,
      });
      setMessage(answer.error ? { ok: false, text: answer.error } : { ok: true, text: answer.message });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Bulk Smart Reconciliation"
        subtitle="Reconcile again the customers whose TDS is barely matched"
      />
      <Paper withBorder radius="lg" p="lg" maw={960}>
        <Stack gap="md">
          <Select
            label="Financial year"
            data={picker.options}
            value={fy}
            onChange={setFy}
            w={240}
            data-testid="bulk-fy"
          />
          <Stepper active={step} onStepClick={setStep}>
            <Stepper.Step label="Download Customer IDs">
              <Group align="flex-end">
                <NumberInput
                  label="TDS matched below (%)"
                  min={0.01}
                  max={100}
                  value={percentage}
                  onChange={(v) => setPercentage(typeof v === 'number' ? v : 0)}
                  w={200}
                />
                <Button
                  leftSection={<IconDownload size={16} />}
                  disabled={!(percentage > 0)}
                  onClick={fetchIds}
                >
                  Download
                </Button>
              </Group>
            </Stepper.Step>
            <Stepper.Step label="Submit Job">
              <Stack gap="sm">
                <Textarea
                  label="Customer ids, one per line (at most 100)"
                  autosize
                  minRows={6}
                  maxRows={16}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  data-testid="bulk-ids"
                />
                <Text size="sm" c={problem && ids.length > 0 ? 'red' : 'dimmed'} data-testid="bulk-ids-note">
                  {problem && ids.length > 0 ? problem : `${ids.length} customer id(s)`}
                </Text>
                <Group align="flex-end">
                  <NumberInput
                    label="Tolerance (₹, totals)"
                    min={0}
                    value={tolerance}
                    onChange={(v) => setTolerance(typeof v === 'number' ? v : 0)}
                    w={180}
                  />
                  <Select
                    label="Match mode"
                    data={[...RECON_MATCH_MODES]}
                    value={mode}
                    onChange={(v) => setMode(v ?? 'TaxOrSaleAmount')}
                    w={220}
                  />
                  <Button leftSection={<IconSend size={16} />} disabled={problem !== null} onClick={submit}>
                    Submit
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
          </Stepper>
          {message && (
            <Alert color={message.ok ? 'teal' : 'red'} data-testid="bulk-message">
              {message.text}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
