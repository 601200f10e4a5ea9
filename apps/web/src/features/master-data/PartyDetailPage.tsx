import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEdit, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectedEntity } from '@taxrecon/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { apiKey } from '../../api/hooks.ts';
import { OpenFromList } from '../../components/OpenFromList.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ConnectedEntities } from './ConnectedEntities.tsx';
import { MasterForm } from './MasterForm.tsx';
import { type FormSection, type FormValues, toFormValues } from './master-fields.ts';
import { useChildren } from './use-children.ts';

// The detail page of the party master (a customer or a vendor): the form,
// viewed or edited and saved, and its connected entities. A kind is described
// once (PartyDetailKind); the panels only one kind has (customer e-mails;
// vendor bulk update and section mappings) are plugged in by its `panels`.

interface PartyCommon {
  tanNumber: string | null;
  children: ConnectedEntity[];
}

export interface PartyDetailKind<D extends PartyCommon> {
  // 'customer' | 'vendor': links /<kind>/<id>, test ids <kind>-detail, -save, ...
  kind: 'customer' | 'vendor';
  label: string;
  sections: readonly FormSection[];
  // the detail of the party whose id is in the address
  useDetail: (id: string) => { isError: boolean; error: unknown; data: D | undefined };
  idParam: string;
  useForm: (party: D) => UseFormReturnType<FormValues>;
  // other parties of the kind with the same PAN, asked only while editing
  useSamePan: (party: D, enabled: boolean) => { tanNumber: string; name: string }[];
  idOf: (party: D) => string;
  title: (party: D) => string;
  subtitle: (party: D) => string;
  // saves the form and connected-entity changes; answers the saved detail
  save: (party: D, values: FormValues, children: { added: string[]; removed: string[] }) => Promise<D>;
  detailRoute: { path: string };
  searchRoute: { path: string };
  saveLabel: string;
  editLabel: string;
  layout: { gap: 0 | 'md'; alertMb?: 'md' };
  panels: (p: { party: D; editing: boolean; connected: ReactNode }) => {
    beforeForm?: ReactNode;
    afterForm: ReactNode;
  };
}

function PartyDetailView<D extends PartyCommon>({ kind, party }: { kind: PartyDetailKind<D>; party: D }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const children = useChildren(party.children);
  const form = kind.useForm(party);
  const candidates = kind.useSamePan(party, editing);
  const lower = kind.label.toLowerCase();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the saved party, not its own edits
  useEffect(() => {
    form.setValues(toFormValues(kind.sections, party));
    form.resetDirty();
  }, [party]);

  const cancel = () => {
    form.setValues(toFormValues(kind.sections, party));
    form.clearErrors();
    children.reset();
    setError('');
    setEditing(false);
  };

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const saved = await kind.save(party, values, { added: children.added, removed: children.removed });
      queryClient.setQueryData(
        apiKey(kind.detailRoute, { params: { [kind.idParam]: kind.idOf(party) } }),
        saved,
      );
      await queryClient.invalidateQueries({ queryKey: apiKey(kind.searchRoute) });
      children.reset();
      setEditing(false);
      notifications.show({ color: 'green', message: `${kind.label} Updated` });
    } catch (e) {
      setError(`Error updating ${lower}: ${errorMessage(e)}`);
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
        data-testid={`${kind.kind}-cancel`}
      >
        Cancel
      </Button>
      <Button
        type="submit"
        form={`${kind.kind}-form`}
        loading={busy}
        leftSection={<IconDeviceFloppy size={16} />}
        data-testid={`${kind.kind}-save`}
      >
        {kind.saveLabel}
      </Button>
    </>
  ) : (
    <Button
      leftSection={<IconEdit size={16} />}
      onClick={() => setEditing(true)}
      data-testid={`${kind.kind}-edit`}
    >
      {kind.editLabel}
    </Button>
  );

  const connected = (
    <ConnectedEntities
      entities={children.entities}
      editing={editing}
      onAdd={children.add}
      onRemove={children.remove}
      candidates={candidates}
      linkPrefix={`/${kind.kind}/`}
      ownTan={party.tanNumber}
    />
  );
  const panels = kind.panels({ party, editing, connected });

  return (
    <Stack gap={kind.layout.gap} data-testid={`${kind.kind}-detail`} data-mode={editing ? 'edit' : 'view'}>
      <PageHeader title={kind.title(party)} subtitle={kind.subtitle(party)} actions={actions} />
      {error && (
        <Alert color="red" mb={kind.layout.alertMb} data-testid={`${kind.kind}-error`}>
          {error}
        </Alert>
      )}
      {panels.beforeForm}
      <form id={`${kind.kind}-form`} onSubmit={save} noValidate>
        <MasterForm sections={kind.sections} form={form} editing={editing} testId={kind.kind} />
      </form>
      {panels.afterForm}
    </Stack>
  );
}

export function PartyDetailPage<D extends PartyCommon>({ kind }: { kind: PartyDetailKind<D> }) {
  const params = useParams();
  const detail = kind.useDetail(params[kind.idParam] ?? '');
  if (detail.isError && isNoSuchParty(detail.error))
    return <NoSuchParty kind={kind.kind} label={kind.label} />;
  if (detail.isError) return <QueryError error={detail.error} />;
  if (!detail.data) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  return <PartyDetailView kind={kind} party={detail.data} />;
}

// The address names no party of this entity: one deleted, of another entity,
// or a link cut short (the id then fails the API's check as malformed).
const isNoSuchParty = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION'));

function NoSuchParty({ kind, label }: { kind: 'customer' | 'vendor'; label: string }) {
  const noun = label.toLowerCase();
  return (
    <OpenFromList title={`No ${noun} at this address`} to={`/search-${kind}s`} action={`Search ${noun}s`}>
      {`The ${noun} may have been deleted or belong to another entity, or the link may be incomplete.`}
    </OpenFromList>
  );
}
