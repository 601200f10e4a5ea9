import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LegalEntity, platformRoutes } from '@taxrecon/contracts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { PAN_SAVED, panProblem } from './admin-rules.ts';
import { useAdminRefresh } from './use-admin-refresh.ts';

function Dialog({
  title,
  opened,
  onClose,
  onSubmit,
  error,
  busy,
  submitLabel,
  testId,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  error: string;
  busy: boolean;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={450}>
      <form onSubmit={submit} data-testid={testId}>
        <Stack gap="sm">
          {children}
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// Runs a dialog's call: errors stay in the dialog, success closes it and refreshes the tables.
function useDialogAction(onClose: () => void) {
  const refresh = useAdminRefresh();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      const message = await action();
      notifications.show({ color: 'green', message });
      await refresh();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

export function CreateEntityDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [pan, setPan] = useState('');
  const { error, setError, busy, run } = useDialogAction(onClose);
  useEffect(() => {
    if (opened) {
      setName('');
      setPan('');
      setError('');
    }
  }, [opened, setError]);
  const submit = async () => {
    if (!name.trim()) return setError('Entity name is required');
    if (pan.trim() && panProblem(pan)) return setError(panProblem(pan) ?? '');
    await run(async () => {
      const entity = await call(platformRoutes.createLegalEntity, { body: { name, panNumber: pan.trim() } });
      return `Legal entity ${entity.description || entity.name} created`;
    });
  };
  return (
    <Dialog
      title="Create Legal Entity"
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={busy}
      submitLabel="Create"
      testId="create-entity-dialog"
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-testid="create-entity-name"
        data-autofocus
      />
      <TextInput
        label="PAN Number"
        maxLength={10}
        value={pan}
        onChange={(e) => setPan(e.currentTarget.value.toUpperCase())}
        data-testid="create-entity-pan"
      />
    </Dialog>
  );
}

export function EditEntityNameDialog({
  entity,
  onClose,
}: {
  entity: LegalEntity | null;
  onClose: () => void;
}) {
  const [desc, setDesc] = useState('');
  const { error, setError, busy, run } = useDialogAction(onClose);
  useEffect(() => {
    setDesc(entity?.description ?? '');
    setError('');
  }, [entity, setError]);
  const submit = async () => {
    if (!entity) return;
    if (!desc.trim()) return setError('Entity name is required');
    await run(async () => {
      const answer = await call(platformRoutes.entityDesc, {
        params: { entityId: entity.id },
        query: { entityDesc: desc },
      });
      return answer.message;
    });
  };
  return (
    <Dialog
      title="Edit Entity Name"
      opened={!!entity}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={busy}
      submitLabel="Save"
      testId="edit-entity-name-dialog"
    >
      <TextInput
        label="Entity Name"
        required
        value={desc}
        onChange={(e) => setDesc(e.currentTarget.value)}
        data-testid="edit-entity-name"
        data-autofocus
      />
    </Dialog>
  );
}

export function EditPanDialog({ entity, onClose }: { entity: LegalEntity | null; onClose: () => void }) {
  const [pan, setPan] = useState('');
  const { error, setError, busy, run } = useDialogAction(onClose);
  useEffect(() => {
    setPan(entity?.panNumber ?? '');
    setError('');
  }, [entity, setError]);
  const submit = async () => {
    if (!entity) return;
    const problem = panProblem(pan);
    if (problem) return setError(problem);
    await run(async () => {
      await call(platformRoutes.entityPan, {
        params: { entityId: entity.id, pan: pan.trim().toUpperCase() },
      });
      return PAN_SAVED;
    });
  };
  return (
    <Dialog
      title="Edit PAN Number"
      opened={!!entity}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={busy}
      submitLabel="Save"
      testId="edit-pan-dialog"
    >
      <TextInput
        label="PAN Number"
        required
        maxLength={10}
        value={pan}
        onChange={(e) => setPan(e.currentTarget.value.toUpperCase())}
        data-testid="edit-pan-input"
        data-autofocus
      />
    </Dialog>
  );
}
