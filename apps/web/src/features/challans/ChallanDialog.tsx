import { Button, Group, Modal, SimpleGrid, TextInput } from '@mantine/core';
import {
  CHALLAN_AMOUNT_FIELDS,
  CHALLAN_DEFAULT_MINOR_HEAD,
  CHALLAN_MESSAGES,
  type Challan,
  type ChallanFormValues,
  challanProblems,
  challanRoutes,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero, sumPaise } from '@taxrecon/shared';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { firstDateProblem, useDateProblems } from '../../lib/date-problems.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';
import type { ChallanLine } from './line.ts';

const EMPTY: ChallanFormValues = {
  challanSerialNumber: '',
  dateOfDeposit: '',
  bsrCode: '',
  tanNumber: '',
  taxAmount: '',
  fee: '',
  surcharge: '',
  educationCess: '',
  interest: '',
  penalty: '',
  others: '',
};

const LABELS: Record<keyof ChallanFormValues, string> = {
  challanSerialNumber: 'Challan serial number',
  dateOfDeposit: 'Date of deposit',
  bsrCode: 'BSR code',
  tanNumber: 'TAN',
  taxAmount: 'Tax amount',
  fee: 'Fee',
  surcharge: 'Surcharge',
  educationCess: 'Education cess',
  interest: 'Interest',
  penalty: 'Penalty',
  others: 'Others',
};

const valuesOf = (c: Challan): ChallanFormValues => ({
  challanSerialNumber: c.challanSerialNumber,
  dateOfDeposit: c.dateOfDeposit,
  bsrCode: c.bsrCode,
  tanNumber: c.tanNumber,
  taxAmount: c.taxAmount,
  fee: c.fee,
  surcharge: c.surcharge,
  educationCess: c.educationCess,
  interest: c.interest,
  penalty: c.penalty,
  others: c.others,
});

// Spec part 3 section 4: create mode and edit mode (deposit date read-only);
// closing resets the form. Amount deposited is the sum, read-only.
export function ChallanDialog(props: {
  opened: boolean;
  line: ChallanLine;
  editing: Challan | null;
  defaultTan: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { opened, line, editing, defaultTan, onClose, onSaved } = props;
  const [values, setValues] = useState<ChallanFormValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  // the deposit date while its text is not a day: Save waits (its value is then '')
  const dates = useDateProblems();
  const { clear: clearDates } = dates;
  const dateProblem = firstDateProblem(dates.problems);
  useEffect(() => {
    if (opened) setValues(editing ? valuesOf(editing) : { ...EMPTY, tanNumber: defaultTan });
    setTouched(false);
    clearDates();
  }, [opened, editing, defaultTan, clearDates]);

  const problems = Object.fromEntries(challanProblems(values).reverse());
  const deposited = formatInr(sumPaise(CHALLAN_AMOUNT_FIELDS.map((f) => paiseOrZero(values[f]))));
  // the value is read now: React runs the updater later, when the event's
  // currentTarget is already null (typing a second field then threw and
  // took the screen down)
  const set = (k: keyof ChallanFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };
  const field = (k: keyof ChallanFormValues, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      label={LABELS[k]}
      value={values[k]}
      onChange={set(k)}
      error={touched ? problems[k] : undefined}
      data-testid={`challan-${k}`}
      {...extra}
    />
  );

  const save = async () => {
    setTouched(true);
    if (dateProblem !== null || Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const answer = editing
        ? await call(challanRoutes.updateChallan, { body: { ...values, id: editing.id } })
        : await call(challanRoutes.createChallan, { body: { ...values, ...line } });
      notifySuccess(answer.message);
      onSaved();
      onClose();
    } catch (error) {
      notifyError(error, CHALLAN_MESSAGES.error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Challan' : 'New Challan'} size="lg">
      <SimpleGrid cols={2}>
        {field('challanSerialNumber', { maxLength: 5, withAsterisk: true })}
        <DayInput
          label={LABELS.dateOfDeposit}
          value={values.dateOfDeposit}
          onChange={(v) => setValues((prev) => ({ ...prev, dateOfDeposit: v }))}
          onProblem={dates.reportFor('dateOfDeposit')}
          error={touched ? problems.dateOfDeposit : undefined}
          readOnly={!!editing}
          withAsterisk
          clearable={!editing}
          data-testid="challan-dateOfDeposit"
        />
        {field('bsrCode', { maxLength: 7, withAsterisk: true })}
        {field('tanNumber', { withAsterisk: true })}
        {field('taxAmount', { withAsterisk: true })}
        {field('fee')}
        {field('surcharge')}
        {field('educationCess')}
        {field('interest')}
        {field('penalty')}
        {field('others')}
        <TextInput
          label="Amount deposited"
          value={deposited}
          readOnly
          data-testid="challan-amountDeposited"
        />
        <TextInput label="Section" value={line.section} readOnly />
        <TextInput label="Deductee type" value={line.deducteeType} readOnly />
        <TextInput label="Minor head" value={editing?.minorHead ?? CHALLAN_DEFAULT_MINOR_HEAD} readOnly />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={save}
          loading={saving}
          disabled={dateProblem !== null}
          title={dateProblem ?? undefined}
          data-testid="challan-save"
        >
          {editing ? 'Save' : 'Create'}
        </Button>
      </Group>
    </Modal>
  );
}
