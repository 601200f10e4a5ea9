import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { VendorSectionMappingInput } from '@taxrecon/contracts';
import { type ChangeEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { firstDateProblem, useDateProblems } from '../../lib/date-problems.ts';
import { fieldErrors } from './form-errors.ts';
import {
  EMPTY_MAPPING,
  EXEMPTION_REASON_OPTIONS,
  mappingRequest,
  type SectionMappingValues,
  toggleExempted,
  toggleLtdc,
} from './vendor-rules.ts';

// stands in for the vendor while checking a mapping of a vendor not saved yet
const UNSAVED_VENDOR = '00000000-0000-4000-8000-000000000000';

// New or Update vendor-section mapping (spec part 1 section 4): the exemption dates
// are disabled unless TDS exempted, the LDC fields unless an LDC is applied.
export function SectionMappingDialog({
  opened,
  initial,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  // null: a new mapping
  initial: SectionMappingValues | null;
  onClose: () => void;
  // resolves when saved; a thrown error is shown in the dialog
  onSubmit: (values: SectionMappingValues) => Promise<void>;
}) {
  const [values, setValues] = useState<SectionMappingValues>(EMPTY_MAPPING);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // dates whose text is not a day: Save waits while such a field is enabled
  const dates = useDateProblems();
  const { clear: clearDates } = dates;
  const dateProblem = firstDateProblem(dates.problems, (field) =>
    field.startsWith('ltdc') ? values.ltdcApplied : values.tdsExempted,
  );

  useEffect(() => {
    if (!opened) return;
    setValues(initial ?? EMPTY_MAPPING);
    setErrors({});
    setError('');
    clearDates();
  }, [opened, initial, clearDates]);

  const set = <K extends keyof SectionMappingValues>(key: K, value: SectionMappingValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'sectionNumber' | 'subSection' | 'ltdcPercentage' | 'ltdcAmount') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  const date = (key: 'tdsExemptedFromDate' | 'tdsExemptedToDate' | 'ltdcFromDate' | 'ltdcToDate') => ({
    value: values[key],
    onChange: (v: string) => set(key, v || null),
    onProblem: dates.reportFor(key),
    error: errors[key],
  });

  const submit = async () => {
    if (dateProblem !== null) return;
    const found = fieldErrors(VendorSectionMappingInput, mappingRequest(UNSAVED_VENDOR, values));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError('');
    try {
      await onSubmit(values);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={initial ? 'Update Vendor-Section Mapping' : 'New Vendor-Section Mapping'}
      centered
      size={640}
    >
      <Stack gap="sm" data-testid="section-mapping-dialog">
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Section"
            placeholder="194J"
            required
            {...text('sectionNumber')}
            data-testid="mapping-section"
            data-autofocus
          />
          <TextInput label="Sub-section" {...text('subSection')} data-testid="mapping-subsection" />
        </SimpleGrid>
        <Switch
          label="TDS exempted"
          checked={values.tdsExempted}
          onChange={(e) => setValues((v) => toggleExempted(v, e.currentTarget.checked))}
          data-testid="mapping-tds-exempted"
        />
        <SimpleGrid cols={2} spacing="sm">
          <DayInput
            label="Exempted from"
            disabled={!values.tdsExempted}
            {...date('tdsExemptedFromDate')}
            data-testid="mapping-exempted-from"
          />
          <DayInput
            label="Exempted to"
            disabled={!values.tdsExempted}
            {...date('tdsExemptedToDate')}
            data-testid="mapping-exempted-to"
          />
        </SimpleGrid>
        <Select
          label="Reason for exemption (26Q remark)"
          description="Reported in the 26Q under the nil challan with this remark; not recorded: left out of the 26Q"
          data={EXEMPTION_REASON_OPTIONS}
          value={values.tdsExemptionReason}
          onChange={(v) => set('tdsExemptionReason', v ?? '')}
          disabled={!values.tdsExempted}
          allowDeselect={false}
          error={errors.tdsExemptionReason}
          data-testid="mapping-exemption-reason"
        />
        <Switch
          label="Lower deduction certificate (section 197) applied"
          checked={values.ltdcApplied}
          onChange={(e) => setValues((v) => toggleLtdc(v, e.currentTarget.checked))}
          error={errors.ltdcApplied}
          data-testid="mapping-ltdc-applied"
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="LDC percentage"
            inputMode="decimal"
            disabled={!values.ltdcApplied}
            {...text('ltdcPercentage')}
            data-testid="mapping-ltdc-percentage"
          />
          <TextInput
            label="LDC amount (₹)"
            inputMode="decimal"
            disabled={!values.ltdcApplied}
            {...text('ltdcAmount')}
            data-testid="mapping-ltdc-amount"
          />
          <DayInput
            label="LDC from"
            disabled={!values.ltdcApplied}
            {...date('ltdcFromDate')}
            data-testid="mapping-ltdc-from"
          />
          <DayInput
            label="LDC to"
            disabled={!values.ltdcApplied}
            {...date('ltdcToDate')}
            data-testid="mapping-ltdc-to"
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" data-testid="mapping-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={busy}
            disabled={!values.sectionNumber.trim() || dateProblem !== null}
            title={dateProblem ?? undefined}
            data-testid="mapping-submit"
          >
            {initial ? 'Update' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
