import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DayInput } from '../../components/DayInput.tsx';
import { firstDateProblem, useDateProblems } from '../../lib/date-problems.ts';
import { draftErrors, type SectionTypeDraft } from './section-type-draft.ts';

interface Props {
  draft: SectionTypeDraft | null;
  saving: boolean;
  onClose: () => void;
  onUpdate: (draft: SectionTypeDraft) => void;
}

const RATES = [
  ['tdsratecompany', 'TDS rate: company (%)'],
  ['tdsrateindividual', 'TDS rate: individual / HUF (%)'],
  ['tdsrateothers', 'TDS rate: others (%)'],
  ['tdsfornoorinvalidpan', 'TDS rate: no or invalid PAN (%)'],
] as const;
const THRESHOLDS = [
  ['thresholdinvoice', 'Threshold per invoice (₹)'],
  ['thresholdmonthly', 'Threshold per month (₹)'],
  ['thresholdannually', 'Threshold per year (₹)'],
] as const;

// The Edit dialog of Search Section Expense Type: every field of one mapping and Update.
export function SectionTypeEditDialog({ draft, saving, onClose, onUpdate }: Props) {
  const [value, setValue] = useState<SectionTypeDraft | null>(draft);
  // the two dates while their text is not a day: Update waits (the value is then '')
  const dates = useDateProblems();
  const { clear: clearDates } = dates;
  useEffect(() => {
    setValue(draft);
    clearDates();
  }, [draft, clearDates]);
  if (!value) return null;
  const errors = draftErrors(value);
  const dateProblem = firstDateProblem(dates.problems);
  const set = (change: Partial<SectionTypeDraft>) => setValue({ ...value, ...change });
  const text = (v: string) => (v.trim() === '' ? null : v);
  return (
    <Modal opened={draft !== null} onClose={onClose} title="Edit section expense type" size="lg">
      <Stack gap="sm" data-testid="section-type-dialog">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Section"
            value={value.sectionnumber}
            onChange={(e) => set({ sectionnumber: e.currentTarget.value })}
            error={errors.sectionnumber}
            required
          />
          <TextInput
            label="Sub-section"
            value={value.subsection ?? ''}
            onChange={(e) => set({ subsection: text(e.currentTarget.value) })}
          />
          <TextInput
            label="Expense Type"
            value={value.expensetype ?? ''}
            onChange={(e) => set({ expensetype: text(e.currentTarget.value) })}
          />
          <TextInput
            label="Detail"
            value={value.expensetypedetail ?? ''}
            onChange={(e) => set({ expensetypedetail: text(e.currentTarget.value) })}
          />
          {RATES.map(([key, label]) => (
            <NumberInput
              key={key}
              label={label}
              min={0}
              max={100}
              decimalScale={4}
              value={value[key] ?? ''}
              onChange={(v) => set({ [key]: v === '' ? null : Number(v) })}
              error={errors[key]}
              data-testid={`dialog-${key}`}
            />
          ))}
          {THRESHOLDS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              value={value[key] ?? ''}
              onChange={(e) => set({ [key]: text(e.currentTarget.value) })}
              error={errors[key]}
            />
          ))}
          <DayInput
            label="Applicable From"
            value={value.applicablefromdate}
            onChange={(v) => set({ applicablefromdate: v })}
            onProblem={dates.reportFor('applicablefromdate')}
            error={errors.applicablefromdate}
            required
          />
          <DayInput
            label="Applicable To"
            value={value.applicabletodate}
            onChange={(v) => set({ applicabletodate: text(v) })}
            onProblem={dates.reportFor('applicabletodate')}
            error={errors.applicabletodate}
          />
        </SimpleGrid>
        <Checkbox
          label="TDS Exempted"
          checked={value.tdsexempted}
          onChange={(e) => set({ tdsexempted: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => dateProblem === null && onUpdate(value)}
            loading={saving}
            disabled={Object.keys(errors).length > 0 || dateProblem !== null}
            title={dateProblem ?? undefined}
            data-testid="section-type-update"
          >
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
