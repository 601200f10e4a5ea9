import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type AdminUser, type LegalEntity, platformRoutes } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { type UserFormValues, userRules } from './admin-rules.ts';
import { useAdminRefresh } from './use-admin-refresh.ts';

const EMPTY: UserFormValues = { email: '', fname: '', lname: '', role: 'NORMAL-USER', allowedEntities: [] };

// Create a user (user = null) or edit one's names and entities.
export function UserDialog({
  opened,
  user,
  entities,
  onClose,
}: {
  opened: boolean;
  user: AdminUser | null;
  entities: readonly LegalEntity[];
  onClose: () => void;
}) {
  const editing = !!user;
  const refresh = useAdminRefresh();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useForm<UserFormValues>({ initialValues: EMPTY, validate: userRules });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when the dialog opens, not when it re-renders
  useEffect(() => {
    if (!opened) return;
    setError('');
    form.setValues(
      user
        ? {
            email: user.email,
            fname: user.fname,
            lname: user.lname,
            role: user.role === 'ADMIN' ? 'ADMIN' : 'NORMAL-USER',
            allowedEntities: user.allowedEntities,
          }
        : EMPTY,
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, user]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const outcome = user
        ? await call(platformRoutes.updateUser, {
            body: {
              id: user.id,
              fname: values.fname,
              lname: values.lname,
              allowedEntities: values.allowedEntities,
            },
          })
        : await call(platformRoutes.createUser, {
            body: {
              email: values.email,
              fname: values.fname,
              lname: values.lname,
              role: values.role,
              allowedEntities: values.allowedEntities,
            },
          });
      if (outcome.error) {
        setError(outcome.message);
        return;
      }
      notifications.show({
        color: 'green',
        message: outcome.message || (user ? 'User updated' : 'User created'),
      });
      await refresh();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  const testId = editing ? 'edit-user-dialog' : 'create-user-dialog';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit User' : 'Create User'}
      centered
      size={520}
    >
      <form onSubmit={submit} data-testid={testId} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email Address"
            type="email"
            required
            disabled={editing}
            {...form.getInputProps('email')}
            data-testid="user-email"
            data-autofocus
          />
          <Group grow>
            <TextInput
              label="First Name"
              required
              {...form.getInputProps('fname')}
              data-testid="user-fname"
            />
            <TextInput label="Last Name" required {...form.getInputProps('lname')} data-testid="user-lname" />
          </Group>
          <Select
            label="Role"
            data={[
              { value: 'NORMAL-USER', label: 'Normal user' },
              { value: 'ADMIN', label: 'Administrator' },
            ]}
            allowDeselect={false}
            disabled={editing}
            {...form.getInputProps('role')}
            data-testid="user-role"
          />
          <MultiSelect
            label="Allowed Entities"
            placeholder="Select one or more entities"
            data={entities.map((e) => ({ value: e.id, label: e.description || e.name }))}
            searchable
            required
            {...form.getInputProps('allowedEntities')}
            data-testid="user-entities"
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
              {editing ? 'Save' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
