import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { masterDataRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BulkUploadNote } from './BulkUploadNote.tsx';
import { firstInvalidField } from './form-errors.ts';
import { MasterForm } from './MasterForm.tsx';
import { VENDOR_SECTIONS } from './master-fields.ts';
import { SectionMappingDialog } from './SectionMappingDialog.tsx';
import { type MappingRow, SectionMappingTable } from './SectionMappingTable.tsx';
import { useVendorForm, vendorInput } from './use-vendor-form.ts';
import { mappingRequest, type SectionMappingValues } from './vendor-rules.ts';

const FIELDS = VENDOR_SECTIONS.flatMap((section) => section.fields);
const FIELD_ORDER = FIELDS.map((f) => f.key);
const labelOf = (key: string) => FIELDS.find((f) => f.key === key)?.label ?? key;

// A vendor with its section mappings: the mappings are kept here until the vendor
// is created, then saved one by one (spec: only when the list is not empty).
export function NewVendorPage() {
  const navigate = useNavigate();
  const form = useVendorForm(null);
  const [mappings, setMappings] = useState<MappingRow[]>([]);
  const [editing, setEditing] = useState<MappingRow | 'new' | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const keep = async (values: SectionMappingValues) => {
    const current = editing;
    setMappings((rows) =>
      current && current !== 'new'
        ? rows.map((r) => (r.key === current.key ? { ...r, values } : r))
        : [...rows, { key: crypto.randomUUID(), values }],
    );
  };

  // A refused submit must be seen: the button sits below the long form, and
  // the field in error (a PAN, high up) was off screen, so the click seemed
  // to do nothing. Say so beside the button and take the person to the field.
  const refused = (errors: Record<string, unknown>) => {
    const key = firstInvalidField(FIELD_ORDER, errors);
    if (key === null) return;
    const count = Object.values(errors).filter(Boolean).length;
    setError(
      `The vendor was not created: ${labelOf(key)}: ${String(errors[key])}${count > 1 ? ` (and ${count - 1} more field(s) marked in red)` : ''}`,
    );
    // after the messages render, so the field is scrolled to with its message
    requestAnimationFrame(() => {
      const node = form.getInputNode(key);
      node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      node?.focus({ preventScroll: true });
    });
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    let vendorId: string;
    let vendorCode: string;
    try {
      const answer = await call(masterDataRoutes.saveVendor, {
        body: { vendor: vendorInput(values), children: [], removedChildren: [] },
      });
      vendorId = answer.vendor.vendorId;
      vendorCode = answer.vendor.vendorCode;
    } catch (e) {
      setError(`Error Creating Vendor: ${errorMessage(e)}`);
      setBusy(false);
      return;
    }
    notifications.show({ color: 'green', message: 'Vendor Created' });
    for (const row of mappings) {
      try {
        await call(masterDataRoutes.saveVendorSectionMapping, {
          body: mappingRequest(vendorId, row.values, undefined, vendorCode),
        });
      } catch (e) {
        notifications.show({
          color: 'red',
          title: 'Error updating Vendor-Section Mapping',
          message: `${row.values.sectionNumber}: ${errorMessage(e)}`,
        });
      }
    }
    setBusy(false);
    navigate(`/vendor/${vendorId}`);
  }, refused);

  return (
    <Stack gap={0}>
      <PageHeader title="Create Vendor" subtitle="A vendor of the current entity with its TDS sections" />
      <BulkUploadNote what="vendors" />
      <form id="new-vendor-form" onSubmit={submit} noValidate data-testid="new-vendor-form">
        <MasterForm sections={VENDOR_SECTIONS} form={form} editing testId="vendor" />
      </form>
      <Stack mt="md">
        <SectionMappingTable
          rows={mappings}
          onAdd={() => setEditing('new')}
          onEdit={setEditing}
          onDelete={(row) => setMappings((rows) => rows.filter((r) => r.key !== row.key))}
        />
      </Stack>
      {error && (
        <Alert color="red" mt="md" data-testid="new-vendor-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button
          type="submit"
          form="new-vendor-form"
          loading={busy}
          leftSection={<IconDeviceFloppy size={16} />}
          data-testid="new-vendor-submit"
        >
          Create Vendor
        </Button>
      </Group>
      <SectionMappingDialog
        opened={editing !== null}
        initial={editing && editing !== 'new' ? editing.values : null}
        onClose={() => setEditing(null)}
        onSubmit={keep}
      />
    </Stack>
  );
}
