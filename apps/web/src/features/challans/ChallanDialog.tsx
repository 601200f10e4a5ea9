import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CHALLAN_AMOUNT_FIELDS,
  CHALLAN_MESSAGES,
  type Challan,
  type ChallanFormValues,
  challanProblems,
  challanRoutes,
  DEPOSIT_MODE_LABELS,
  type DepositMode,
  EMPTY_CHALLAN_FORM,
} from '@taxrecon/contracts';
import { formatInr, paiseOrZero, sumPaise } from '@taxrecon/shared';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { firstDateProblem, useDateProblems } from '../../lib/date-problems.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';
import { withPlainAmounts } from './challan-amounts.ts';
import { depositFieldLabel, depositModesFor, minorHeadShown } from './deposit-form.ts';
import type { ChallanLine } from './line.ts';

const LABELS: Record<Exclude<keyof ChallanFormValues, 'depositMode'>, string> = {
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
  depositMode: c.depositMode,
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
// closing resets the form. Amount deposited is the sum, read-only. A
// government deductor also chooses how the tax was deposited: by bank challan
// or by book entry (transfer voucher), whose fields carry its own names
// (deposit-form.ts); for any other deductor the dialog is as it was.
export function ChallanDialog(props: {
  opened: boolean;
  line: ChallanLine;
  editing: Challan | null;
  defaultTan: string;
  // the deductor details' type (null when none are saved)
  deductorType: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { opened, line, editing, defaultTan, deductorType, onClose, onSaved } = props;
  const [values, setValues] = useState<ChallanFormValues>(EMPTY_CHALLAN_FORM);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  // the deposit date while its text is not a day: Save waits (its value is then '')
  const dates = useDateProblems();
  const { clear: clearDates } = dates;
  const dateProblem = firstDateProblem(dates.problems);
  useEffect(() => {
    if (opened) setValues(editing ? valuesOf(editing) : { ...EMPTY_CHALLAN_FORM, tanNumber: defaultTan });
    setTouched(false);
    clearDates();
  }, [opened, editing, defaultTan, clearDates]);

  const mode: DepositMode = values.depositMode ?? 'challan';
  const modes = depositModesFor(deductorType, editing?.depositMode ?? null);
  // amounts typed with grouping or the rupee sign, as the API takes them
  const plain = withPlainAmounts(values);
  const problems = Object.fromEntries(challanProblems(plain).reverse());
  const deposited = formatInr(sumPaise(CHALLAN_AMOUNT_FIELDS.map((f) => paiseOrZero(plain[f]))));
  // the value is read now: React runs the updater later, when the event's
  // currentTarget is already null (typing a second field then threw and
  // took the screen down)
  const set = (k: keyof typeof LABELS) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };
  const field = (k: keyof typeof LABELS, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      label={depositFieldLabel(k, mode, LABELS[k])}
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
        ? await call(challanRoutes.updateChallan, { body: { ...plain, id: editing.id } })
        : await call(challanRoutes.createChallan, { body: { ...plain, ...line } });
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
      {modes.length > 1 && (
        <Stack gap={4} mb="sm">
          <Text size="sm" fw={500}>
            Deposited by
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setValues((prev) => ({ ...prev, depositMode: v as DepositMode }))}
            data={modes.map((m) => ({ value: m, label: DEPOSIT_MODE_LABELS[m] }))}
            data-testid="challan-depositMode"
          />
        </Stack>
      )}
      <SimpleGrid cols={2}>
        {field('challanSerialNumber', { maxLength: 5, withAsterisk: true })}
        <DayInput
          label={depositFieldLabel('dateOfDeposit', mode, LABELS.dateOfDeposit)}
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
        <TextInput label="Minor head" value={minorHeadShown(mode, editing?.minorHead)} readOnly />
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
