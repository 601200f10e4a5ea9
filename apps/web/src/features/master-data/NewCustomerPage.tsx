import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { CustomerInput, masterDataRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { call, errorMessage } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BulkUploadNote } from './BulkUploadNote.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { fieldErrors } from './form-errors.ts';
import { MasterForm } from './MasterForm.tsx';
import { CUSTOMER_SECTIONS, type FormValues, toFormValues } from './master-fields.ts';

// the form holds every field as text; the contract's schema turns '' into null
export const customerInput = (values: FormValues, customerId?: string): z.input<typeof CustomerInput> =>
  ({ ...values, ...(customerId ? { customerId } : {}) }) as z.input<typeof CustomerInput>;

export function NewCustomerPage() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useForm<FormValues>({
    initialValues: toFormValues(CUSTOMER_SECTIONS, null),
    validate: (values) => fieldErrors(CustomerInput, values),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const answer = await call(masterDataRoutes.saveCustomer, {
        body: { customer: customerInput(values), children: [], removedChildren: [] },
      });
      notifications.show({ color: 'green', message: 'Customer Created' });
      navigate(`/customer/${answer.customer.customerId}`);
    } catch (e) {
      setError(`Error Creating Customer: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Create Customer"
        subtitle="A customer of the current entity, identified by its TAN"
      />
      <BulkUploadNote what="customers">
        <DownloadButton
          route={masterDataRoutes.customerMasterTemplate}
          fileName="customer_master.txt"
          label="Customer Master template"
          testId="customer-template-download"
        />
      </BulkUploadNote>
      <form onSubmit={submit} noValidate data-testid="new-customer-form">
        <MasterForm sections={CUSTOMER_SECTIONS} form={form} editing testId="customer" />
        {error && (
          <Alert color="red" mt="md" data-testid="new-customer-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => form.reset()}>
            Clear
          </Button>
          <Button
            type="submit"
            loading={busy}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="new-customer-submit"
          >
            Create Customer
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
