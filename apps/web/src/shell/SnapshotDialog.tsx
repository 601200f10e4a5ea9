import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  housekeepingRoutes,
  SNAPSHOT_DESCRIPTION_MAX,
  SNAPSHOT_QUOTA_MESSAGE,
  SNAPSHOT_REDIRECT_MS,
  type Snapshot,
  type SnapshotList,
} from '@taxrecon/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../api/client.ts';
import { apiKey, isJobQuery, useApiQuery } from '../api/hooks.ts';
import { QueryError } from '../components/QueryError.tsx';
import { confirmDelete } from '../features/housekeeping/confirm-delete.tsx';
import { SnapshotTable } from '../features/housekeeping/SnapshotTable.tsx';

// Snapshots of the current entity (spec part 1 "Snapshot dialog"): the list with
// delete and restore, and a Take Snapshot form while the quota allows. Taking or
// restoring closes the dialog and goes to the jobs page after 3 seconds.
export function SnapshotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  const list = useApiQuery(
    housekeepingRoutes.snapshots,
    {},
    {
      enabled: opened,
      staleTime: 0,
      // a snapshot being taken turns Completed in the background
      refetchInterval: (query) =>
        query.state.data?.snapshots.some((s) => s.status === 'InProgress') ? 3_000 : false,
    },
  );
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const fail = (error: unknown) =>
    notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });

  const started = async (message: string) => {
    notifications.show({ color: 'green', title: 'Snapshots', message });
    await queryClient.invalidateQueries({ predicate: (q) => isJobQuery(q.queryKey) });
    await queryClient.invalidateQueries({ queryKey: apiKey(housekeepingRoutes.snapshots) });
    onClose();
    window.clearTimeout(redirect.current);
    redirect.current = window.setTimeout(() => navigate('/jobs/all'), SNAPSHOT_REDIRECT_MS);
  };

  const take = async () => {
    setBusy(true);
    try {
      const answer = await call(housekeepingRoutes.takeSnapshot, { body: { description } });
      setDescription('');
      await started(answer.message);
    } catch (error) {
      fail(error);
      await list.refetch();
    } finally {
      setBusy(false);
    }
  };

  const restore = (snapshot: Snapshot) =>
    modals.openConfirmModal({
      title: 'Restore snapshot',
      children: (
        <Text size="sm" data-testid="confirm-restore-text">
          {`The data of this entity will be replaced by the snapshot "${snapshot.description || 'no description'}". Changes made since cannot be recovered. Do you want to restore it?`}
        </Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-restore' },
      onConfirm: async () => {
        try {
          const answer = await call(housekeepingRoutes.restoreSnapshot, { params: { id: snapshot.id } });
          await started(answer.message);
        } catch (error) {
          fail(error);
        }
      },
    });

  const remove = (snapshot: Snapshot) =>
    confirmDelete(`The snapshot "${snapshot.description || 'no description'}"`, async () => {
      try {
        const answer = await call(housekeepingRoutes.deleteSnapshot, { params: { id: snapshot.id } });
        queryClient.setQueryData<SnapshotList>(apiKey(housekeepingRoutes.snapshots, {}), answer);
        notifications.show({ color: 'green', message: 'Snapshot deleted' });
      } catch (error) {
        fail(error);
      }
    });

  const quotaReached = list.data?.quotaReached ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Snapshots" size={750} centered>
      <Stack gap="md" data-testid="snapshot-dialog">
        {list.isError && <QueryError error={list.error} />}
        <SnapshotTable
          snapshots={list.data?.snapshots ?? []}
          loading={list.isPending && opened}
          onRestore={restore}
          onDelete={remove}
        />
        {quotaReached && (
          <Text size="sm" c="red" data-testid="snapshot-quota">
            {SNAPSHOT_QUOTA_MESSAGE}
          </Text>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Description"
            placeholder="What this snapshot holds"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={SNAPSHOT_DESCRIPTION_MAX}
            disabled={quotaReached}
            style={{ flex: 1 }}
            data-testid="snapshot-description"
          />
          <Button
            leftSection={<IconCamera size={16} />}
            onClick={take}
            loading={busy}
            disabled={quotaReached || !list.data}
            data-testid="snapshot-take"
          >
            Take Snapshot
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
