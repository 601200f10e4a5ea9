import { Button, Group } from '@mantine/core';
import { IconBuildingPlus, IconId, IconPencil } from '@tabler/icons-react';
import type { LegalEntity } from '@taxrecon/contracts';
import { useState } from 'react';
import { actionsColumn, DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { CreateEntityDialog, EditEntityNameDialog, EditPanDialog } from './entity-dialogs.tsx';

export function EntitiesTab({ entities, fetching }: { entities: readonly LegalEntity[]; fetching: boolean }) {
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LegalEntity | null>(null);
  const [panOf, setPanOf] = useState<LegalEntity | null>(null);

  const columns: GridColumn<LegalEntity>[] = [
    { accessor: 'subGroupId', title: 'Id', value: (e) => e.subGroupId },
    { accessor: 'description', title: 'Description', value: (e) => e.description },
    { accessor: 'name', title: 'Name', value: (e) => e.name },
    { accessor: 'panNumber', title: 'PAN Number', value: (e) => e.panNumber ?? '' },
    actionsColumn((e) => (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPencil size={12} />}
          onClick={() => setRenaming(e)}
          data-testid={`edit-entity-name-${e.subGroupId}`}
        >
          Name
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconId size={12} />}
          onClick={() => setPanOf(e)}
          data-testid={`edit-entity-pan-${e.subGroupId}`}
        >
          PAN
        </Button>
      </Group>
    )),
  ];

  return (
    <>
      <DataGrid
        records={entities}
        columns={columns}
        idAccessor={(e) => e.id}
        fetching={fetching}
        exportName="legal-entities"
        testId="entities-table"
        toolbar={
          <Button
            size="xs"
            leftSection={<IconBuildingPlus size={16} />}
            onClick={() => setCreating(true)}
            data-testid="create-entity"
          >
            Create Legal Entity
          </Button>
        }
      />
      <CreateEntityDialog opened={creating} onClose={() => setCreating(false)} />
      <EditEntityNameDialog entity={renaming} onClose={() => setRenaming(null)} />
      <EditPanDialog entity={panOf} onClose={() => setPanOf(null)} />
    </>
  );
}
