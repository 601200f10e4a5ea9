import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type AdminUser, type LegalEntity, platformRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { actionsColumn, DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { UserDialog } from './UserDialog.tsx';
import { useAdminRefresh } from './use-admin-refresh.ts';

export function UsersTab({ entities }: { entities: readonly LegalEntity[] }) {
  const users = useApiQuery(platformRoutes.usersByTenant, {});
  const refresh = useAdminRefresh();
  const [dialog, setDialog] = useState<{ user: AdminUser | null } | null>(null);

  const confirmDelete = (user: AdminUser) =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: (
        <Text size="sm">
          Delete the user {user.email}? They will no longer be able to sign in. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-user' },
      onConfirm: async () => {
        try {
          const outcome = await call(platformRoutes.deleteUser, { params: { id: user.id } });
          notifications.show({
            color: outcome.error ? 'red' : 'green',
            message: outcome.message || 'User deleted',
          });
          await refresh();
        } catch (error) {
          notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
        }
      },
    });

  const columns: GridColumn<AdminUser>[] = [
    { accessor: 'id', title: 'Id', value: (u) => u.id },
    { accessor: 'fname', title: 'First Name', value: (u) => u.fname },
    { accessor: 'lname', title: 'Last Name', value: (u) => u.lname },
    { accessor: 'email', title: 'Email', value: (u) => u.email },
    {
      accessor: 'role',
      title: 'Role',
      value: (u) => u.role,
      render: (u) => <Badge variant="light">{u.role}</Badge>,
    },
    {
      accessor: 'entities',
      title: 'Entities',
      value: (u) => u.allowedEntitiesObj.map((e) => e.name).join(', '),
    },
    actionsColumn((u) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit user">
          <ActionIcon
            variant="subtle"
            onClick={() => setDialog({ user: u })}
            aria-label={`Edit ${u.email}`}
            data-testid={`edit-user-${u.email}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete user">
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => confirmDelete(u)}
            aria-label={`Delete ${u.email}`}
            data-testid={`delete-user-${u.email}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    )),
  ];

  return (
    <>
      {users.isError && <QueryError error={users.error} />}
      <DataGrid
        records={users.data ?? []}
        columns={columns}
        idAccessor={(u) => u.id}
        fetching={users.isFetching && !users.data}
        exportName="users"
        testId="users-table"
        toolbar={
          <Button
            size="xs"
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setDialog({ user: null })}
            data-testid="create-user"
          >
            Create User
          </Button>
        }
      />
      <UserDialog
        opened={!!dialog}
        user={dialog?.user ?? null}
        entities={entities}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
