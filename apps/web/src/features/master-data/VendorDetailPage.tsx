import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEdit, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { masterDataRoutes, type VendorDetail } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ConnectedEntities } from './ConnectedEntities.tsx';
import { MasterForm } from './MasterForm.tsx';
import { toFormValues, VENDOR_SECTIONS } from './master-fields.ts';
import { useChildren } from './use-children.ts';
import { useVendorForm, vendorInput } from './use-vendor-form.ts';
import { VendorBulkUpdate } from './VendorBulkUpdate.tsx';
import { VendorMappings } from './VendorMappings.tsx';

function VendorDetailView({ vendor }: { vendor: VendorDetail }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const children = useChildren(vendor.children);
  const form = useVendorForm(vendor);
  const samePan = useApiQuery(
    masterDataRoutes.vendorConnectedEntities,
    { query: { vendorId: vendor.vendorId } },
    { enabled: editing },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the saved vendor, not its own edits
  useEffect(() => {
    form.setValues(toFormValues(VENDOR_SECTIONS, vendor));
    form.resetDirty();
  }, [vendor]);

  const cancel = () => {
    form.setValues(toFormValues(VENDOR_SECTIONS, vendor));
    form.clearErrors();
    children.reset();
    setError('');
    setEditing(false);
  };

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const answer = await call(masterDataRoutes.saveVendor, {
        body: {
          vendor: vendorInput(values, vendor.vendorId),
          children: children.added,
          removedChildren: children.removed,
        },
      });
      queryClient.setQueryData(
        apiKey(masterDataRoutes.vendor, { params: { vendorId: vendor.vendorId } }),
        answer.vendor,
      );
      await queryClient.invalidateQueries({ queryKey: apiKey(masterDataRoutes.searchVendors) });
      children.reset();
      setEditing(false);
      notifications.show({ color: 'green', message: 'Vendor Updated' });
    } catch (e) {
      setError(`Error updating vendor: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  });

  const actions = editing ? (
    <>
      <Button
        variant="default"
        leftSection={<IconX size={16} />}
        onClick={cancel}
        data-testid="vendor-cancel"
      >
        Cancel
      </Button>
      <Button
        type="submit"
        form="vendor-form"
        loading={busy}
        leftSection={<IconDeviceFloppy size={16} />}
        data-testid="vendor-save"
      >
        Save Vendor Details
      </Button>
    </>
  ) : (
    <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)} data-testid="vendor-edit">
      Edit Vendor Details
    </Button>
  );

  return (
    <Stack gap="md" data-testid="vendor-detail" data-mode={editing ? 'edit' : 'view'}>
      <PageHeader
        title={vendor.vendorName}
        subtitle={`Vendor ${vendor.vendorCode}${vendor.panNumber ? ` · PAN ${vendor.panNumber}` : ''}`}
        actions={actions}
      />
      {error && (
        <Alert color="red" data-testid="vendor-error">
          {error}
        </Alert>
      )}
      {editing && <VendorBulkUpdate onDone={() => undefined} />}
      <form id="vendor-form" onSubmit={save} noValidate>
        <MasterForm sections={VENDOR_SECTIONS} form={form} editing={editing} testId="vendor" />
      </form>
      <VendorMappings vendorId={vendor.vendorId} />
      <ConnectedEntities
        entities={children.entities}
        editing={editing}
        onAdd={children.add}
        onRemove={children.remove}
        candidates={(samePan.data?.samePan ?? []).flatMap((v) =>
          v.tanNumber ? [{ tanNumber: v.tanNumber, name: v.vendorName }] : [],
        )}
        linkPrefix="/vendor/"
        ownTan={vendor.tanNumber}
      />
    </Stack>
  );
}

export function VendorDetailPage() {
  const { vendorId = '' } = useParams();
  const detail = useApiQuery(masterDataRoutes.vendor, { params: { vendorId } });
  if (detail.isError) return <QueryError error={detail.error} />;
  if (!detail.data) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  return <VendorDetailView vendor={detail.data} />;
}
