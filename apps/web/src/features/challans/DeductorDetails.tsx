import { Button, Group, Modal, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { challanAllocationRoutes, ReturnDeductor } from '@taxrecon/contracts';
import {
  DEDUCTOR_TYPES,
  GOVERNMENT_DEDUCTOR_FIELDS,
  type GovernmentDeductorField,
  isGovernmentFieldFor,
} from '@taxrecon/shared';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { queryClient } from '../../api/query-client.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';

type Values = Record<keyof ReturnDeductor, string>;
const FIELDS: [keyof ReturnDeductor, string, string?][] = [
  ['tan', 'TAN of the deductor'],
  ['name', 'Name of the deductor'],
  ['branch', 'Branch or division'],
  ['address1', 'Address (flat, building)'],
  ['address2', 'Address (road, area)'],
  ['city', 'Town or city'],
  ['stateCode', 'State code', 'Two digits of the 26Q annexure, e.g. 19 Maharashtra, 29 Karnataka'],
  ['pin', 'PIN code'],
  ['email', 'E-mail'],
  ['phone', 'Telephone'],
  ['deductorType', 'Deductor type', "The 26Q annexure's category; a government one may give PANNOTREQD"],
  ['pan', 'PAN of the deductor', "Blank for the entity's PAN; PANNOTREQD for a government deductor"],
  ['responsibleName', 'Responsible person'],
  ['responsibleDesignation', 'Designation'],
  ['responsiblePan', 'PAN of the responsible person'],
  ['responsibleMobile', 'Mobile of the responsible person'],
];
// A government deductor's fields, shown for the types they are for
// (@taxrecon/shared government-deductor.ts).
const GOVERNMENT_LABELS: Record<GovernmentDeductorField, [string, string]> = {
  paoCode: ['PAO code', 'Pay and Accounts Office code; required for central government (A)'],
  ddoCode: ['DDO code', 'Drawing and Disbursing Officer code; required for central government (A)'],
  ministry: [
    'Ministry code',
    'Two digits of the 26Q annexure, 99 for another ministry; required for A, D and G',
  ],
  ministryOther: ['Ministry name', 'Only with ministry code 99'],
  paoRegistration: ['PAO registration number', 'Optional'],
  ddoRegistration: ['DDO registration number', 'Optional'],
  ain: [
    'AIN of the PAO, treasury or cheque drawing DDO',
    'Account Office Identification Number; required for central (A) and state (S) government',
  ],
};
// Annexure 4's categories by name, the letter the file carries beside it.
const TYPE_OPTIONS = Object.entries(DEDUCTOR_TYPES).map(([code, name]) => ({
  value: code,
  label: `${name} (${code})`,
}));
const EMPTY = Object.fromEntries([
  ...FIELDS.map(([k]) => [k, k === 'deductorType' ? 'K' : '']),
  ...GOVERNMENT_DEDUCTOR_FIELDS.map((k) => [k, '']),
]) as Values;
// the fields the chosen type does not take are sent empty, so a type changed
// to a company does not carry a government's codes it can no longer see
const forType = (v: Values): Values => ({
  ...v,
  ...Object.fromEntries(
    GOVERNMENT_DEDUCTOR_FIELDS.filter((k) => !isGovernmentFieldFor(k, v.deductorType)).map((k) => [k, '']),
  ),
});

// What the 26Q batch header says about the deductor: kept per entity.
export function DeductorDetailsButton({ onSaved }: { onSaved?: () => void } = {}) {
  const current = useApiQuery(challanAllocationRoutes.returnDeductor, {});
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ReturnDeductor, string>>>({});
  const open = () => {
    setErrors({});
    setValues({ ...EMPTY, ...(current.data?.deductor ?? {}) });
  };
  const save = async () => {
    if (!values) return;
    const body = forType(values);
    const checked = ReturnDeductor.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])) as typeof errors,
      );
      return;
    }
    try {
      notifySuccess((await call(challanAllocationRoutes.saveReturnDeductor, { body })).message);
      await queryClient.invalidateQueries({ queryKey: apiKey(challanAllocationRoutes.returnDeductor) });
      setValues(null);
      onSaved?.();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={open}>
        Deductor details{current.data && !current.data.deductor ? ' (missing)' : ''}
      </Button>
      <Modal
        opened={values !== null}
        onClose={() => setValues(null)}
        title="Deductor details for the 26Q"
        size="lg"
      >
        {values && (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              The return carries the entity's PAN ({current.data?.pan ?? 'not set on the entity'}) unless
              another is given below.
            </Text>
            <SimpleGrid cols={2}>
              {FIELDS.map(([k, label, hint]) =>
                k === 'deductorType' ? (
                  <Select
                    key={k}
                    label={label}
                    description={hint}
                    data={TYPE_OPTIONS}
                    value={values[k]}
                    error={errors[k]}
                    allowDeselect={false}
                    searchable
                    onChange={(v) => setValues({ ...values, [k]: v ?? 'K' })}
                  />
                ) : (
                  <TextInput
                    key={k}
                    label={label}
                    description={hint}
                    value={values[k]}
                    error={errors[k]}
                    onChange={(e) => setValues({ ...values, [k]: e.currentTarget.value })}
                  />
                ),
              )}
              {GOVERNMENT_DEDUCTOR_FIELDS.filter((k) => isGovernmentFieldFor(k, values.deductorType)).map(
                (k) => (
                  <TextInput
                    key={k}
                    label={GOVERNMENT_LABELS[k][0]}
                    description={GOVERNMENT_LABELS[k][1]}
                    value={values[k]}
                    error={errors[k]}
                    onChange={(e) => setValues({ ...values, [k]: e.currentTarget.value })}
                  />
                ),
              )}
            </SimpleGrid>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setValues(null)}>
                Cancel
              </Button>
              <Button onClick={save}>Save</Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
