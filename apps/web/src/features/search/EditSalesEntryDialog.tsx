import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type SalesEntryRecord, searchRoutes } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { formatDate, formatRupees } from './search-format.ts';
import { amountError, disagreementWarning, rateError, usualRateHint } from './tds-edit-rules.ts';

function ReadOnly({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

// Spec part 2 section 2.10: only the TDS rate and amount of a sales entry can be
// changed; the customer is then marked to be reconciled again.
export function EditSalesEntryDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: SalesEntryRecord | null;
  onClose: () => void;
  onSaved: (entry: SalesEntryRecord) => void;
}) {
  const [rate, setRate] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setRate(entry?.tdsrate ?? '');
    setAmount(entry?.tdsonsales ?? '');
    setError('');
  }, [entry]);

  const rateProblem = rateError(rate);
  const amountProblem = amountError(amount);
  const valid = !!rate.trim() && !!amount.trim() && !rateProblem && !amountProblem;
  const warning = entry ? disagreementWarning(entry.professionalservices, rate, amount) : undefined;

  const save = async () => {
    if (!entry) return;
    setBusy(true);
    setError('');
    try {
      const answer = await call(searchRoutes.editSalesEntry, {
        query: { id: entry.id, tdsRate: rate.trim(), tdsAmount: amount.trim() },
      });
      if (!answer.status) {
        setError(answer.message || 'Row not updated');
        return;
      }
      notifications.show({ color: 'green', message: answer.message });
      onSaved(entry);
      onClose();
    } catch (e) {
      setError(`Row not updated. ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!entry} onClose={onClose} title="Edit Sales Entry" centered size={560}>
      {entry && (
        <Stack gap="md" data-testid="edit-sales-dialog">
          <SimpleGrid cols={2} spacing="sm">
            <ReadOnly label="Customer Name" value={entry.customername} testId="edit-sales-customer" />
            <ReadOnly
              label="Invoice / Voucher Number"
              value={entry.vouchernumber ?? ''}
              testId="edit-sales-voucher"
            />
            <ReadOnly label="PAN Number" value={entry.pannumber ?? ''} testId="edit-sales-pan" />
            <ReadOnly
              label="Transaction Date"
              value={formatDate(entry.transactiondate)}
              testId="edit-sales-date"
            />
            <ReadOnly
              label="Invoice Value"
              value={formatRupees(entry.invoicevalue)}
              testId="edit-sales-invoice"
            />
            <ReadOnly
              label="Sales Value"
              value={formatRupees(entry.professionalservices)}
              testId="edit-sales-value"
            />
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="TDS Rate (%)"
              value={rate}
              onChange={(e) => setRate(e.currentTarget.value)}
              error={rateProblem}
              description={usualRateHint(entry.section)}
              inputMode="decimal"
              required
              data-testid="edit-sales-rate"
              data-autofocus
            />
            <TextInput
              label="TDS Amount (₹)"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={amountProblem}
              inputMode="decimal"
              required
              data-testid="edit-sales-amount"
            />
          </SimpleGrid>
          {warning && (
            <Alert color="yellow" data-testid="edit-sales-warning">
              {warning}
            </Alert>
          )}
          {error && (
            <Alert color="red" data-testid="edit-sales-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy} disabled={!valid} data-testid="edit-sales-save">
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
