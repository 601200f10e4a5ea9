import { Alert, Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEdit, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type CustomerDetail, CustomerInput, masterDataRoutes } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ConnectedEntities } from './ConnectedEntities.tsx';
import { ContactEmails } from './ContactEmails.tsx';
import { fieldErrors } from './form-errors.ts';
import { MasterForm } from './MasterForm.tsx';
import { CUSTOMER_SECTIONS, type FormValues, toFormValues } from './master-fields.ts';
import { customerInput } from './NewCustomerPage.tsx';
import { useChildren } from './use-children.ts';

function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [emails, setEmails] = useState<string[]>(customer.contactEmails);
  const children = useChildren(customer.children);
  const form = useForm<FormValues>({
    initialValues: toFormValues(CUSTOMER_SECTIONS, customer),
    validate: (values) => fieldErrors(CustomerInput, values),
  });
  const samePan = useApiQuery(
    masterDataRoutes.customerConnectedEntities,
    { query: { customerId: customer.customerId } },
    { enabled: editing },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the saved customer, not its own edits
  useEffect(() => {
    form.setValues(toFormValues(CUSTOMER_SECTIONS, customer));
    form.resetDirty();
    setEmails(customer.contactEmails);
  }, [customer]);

  const cancel = () => {
    form.setValues(toFormValues(CUSTOMER_SECTIONS, customer));
    form.clearErrors();
    children.reset();
    setError('');
    setEditing(false);
  };

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const answer = await call(masterDataRoutes.saveCustomer, {
        body: {
          customer: customerInput(values, customer.customerId),
          children: children.added,
          removedChildren: children.removed,
        },
      });
      queryClient.setQueryData(
        apiKey(masterDataRoutes.customer, { params: { customerId: customer.customerId } }),
        answer.customer,
      );
      await queryClient.invalidateQueries({ queryKey: apiKey(masterDataRoutes.searchCustomers) });
      children.reset();
      setEditing(false);
      notifications.show({ color: 'green', message: 'Customer Updated' });
    } catch (e) {
      setError(`Error updating customer: ${errorMessage(e)}`);
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
        data-testid="customer-cancel"
      >
        Cancel
      </Button>
      <Button
        type="submit"
        form="customer-form"
        loading={busy}
        leftSection={<IconDeviceFloppy size={16} />}
        data-testid="customer-save"
      >
        Save
      </Button>
    </>
  ) : (
    <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)} data-testid="customer-edit">
      Edit
    </Button>
  );

  return (
    <Stack gap={0} data-testid="customer-detail" data-mode={editing ? 'edit' : 'view'}>
      <PageHeader
        title={customer.customerName}
        subtitle={customer.tanNumber ? `TAN ${customer.tanNumber}` : 'Customer Details'}
        actions={actions}
      />
      {error && (
        <Alert color="red" mb="md" data-testid="customer-error">
          {error}
        </Alert>
      )}
      <form id="customer-form" onSubmit={save} noValidate>
        <MasterForm sections={CUSTOMER_SECTIONS} form={form} editing={editing} testId="customer" />
      </form>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        <ConnectedEntities
          entities={children.entities}
          editing={editing}
          onAdd={children.add}
          onRemove={children.remove}
          candidates={(samePan.data?.samePan ?? []).flatMap((c) =>
            c.tanNumber ? [{ tanNumber: c.tanNumber, name: c.customerName }] : [],
          )}
          linkPrefix="/customer/"
          ownTan={customer.tanNumber}
        />
        <ContactEmails customerId={customer.customerId} emails={emails} onChange={setEmails} />
      </SimpleGrid>
    </Stack>
  );
}

export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const detail = useApiQuery(masterDataRoutes.customer, { params: { customerId } });
  if (detail.isError) return <QueryError error={detail.error} />;
  if (!detail.data) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  return <CustomerDetailView customer={detail.data} />;
}
