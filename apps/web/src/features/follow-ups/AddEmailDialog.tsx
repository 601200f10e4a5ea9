import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { masterDataRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { notifyError, notifySuccess } from '../reconciliation/common/notify.ts';

// Spec 2.8: 'Add email address' writes a contact e-mail to the customer master;
// Save needs a value containing '@'.
export function AddEmailDialog(props: {
  customer: { customerId: string; customerName: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const c = props.customer;
  const save = async () => {
    if (!c) return;
    setBusy(true);
    try {
      const answer = await call(masterDataRoutes.addCustomerEmail, {
        params: { customerId: c.customerId },
        query: { email: email.trim() },
      });
      notifySuccess(answer.message);
      setEmail('');
      props.onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={c !== null}
      onClose={props.onClose}
      title="Add email address"
      data-testid="add-email-dialog"
    >
      <Stack>
        <TextInput
          label={c ? `Contact e-mail of ${c.customerName}` : 'Contact e-mail'}
          placeholder="accounts@customer.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="add-email-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={save}
            loading={busy}
            disabled={email.trim() === '' || !email.includes('@')}
            data-testid="add-email-save"
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
