import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { masterDataRoutes, type VendorSectionMapping } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { SectionMappingDialog } from './SectionMappingDialog.tsx';
import { type MappingRow, SectionMappingTable } from './SectionMappingTable.tsx';
import { mappingRequest, mappingValues, type SectionMappingValues } from './vendor-rules.ts';

// The saved section mappings of a vendor: each add, update and delete goes to the
// server at once, with the spec's messages.
export function VendorMappings({ vendorId, vendorCode }: { vendorId: string; vendorCode: string }) {
  const queryClient = useQueryClient();
  const options = { params: { vendorId } };
  const mappings = useApiQuery(masterDataRoutes.vendorSectionMappings, options);
  const [editing, setEditing] = useState<VendorSectionMapping | 'new' | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: apiKey(masterDataRoutes.vendorSectionMappings, options) });

  const save = async (values: SectionMappingValues) => {
    const id = editing && editing !== 'new' ? editing.id : undefined;
    try {
      await call(masterDataRoutes.saveVendorSectionMapping, {
        body: mappingRequest(vendorId, values, id, vendorCode),
      });
    } catch (error) {
      throw new Error(`Error updating Vendor-Section Mapping: ${errorMessage(error)}`);
    }
    notifications.show({ color: 'green', message: 'Vendor-Section Mapping Updated' });
    await refresh();
  };

  const remove = (mapping: VendorSectionMapping) =>
    modals.openConfirmModal({
      title: 'Delete Vendor-Section Mapping',
      children: (
        <Text size="sm">
          Delete the mapping of section {mapping.sectionNumber}
          {mapping.subSection ? ` (${mapping.subSection})` : ''} for this vendor?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-mapping' },
      onConfirm: async () => {
        try {
          await call(masterDataRoutes.deleteVendorSectionMapping, { params: { id: mapping.id } });
          notifications.show({ color: 'green', message: 'Vendor-Section Mapping Deleted' });
          await refresh();
        } catch (error) {
          notifications.show({
            color: 'red',
            title: 'Error updating Vendor-Section Deleted',
            message: errorMessage(error),
          });
        }
      },
    });

  const byKey = new Map((mappings.data ?? []).map((m) => [m.id, m]));
  const rows: MappingRow[] = (mappings.data ?? []).map((m) => ({ key: m.id, values: mappingValues(m) }));
  const pick = (row: MappingRow) => byKey.get(row.key);

  return (
    <>
      {mappings.isError && <QueryError error={mappings.error} />}
      <SectionMappingTable
        rows={rows}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(pick(row) ?? null)}
        onDelete={(row) => {
          const mapping = pick(row);
          if (mapping) remove(mapping);
        }}
      />
      <SectionMappingDialog
        opened={editing !== null}
        initial={editing && editing !== 'new' ? mappingValues(editing) : null}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </>
  );
}
