import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { reconciliationRoutes, type UpdateDiscrepanciesRequest } from '@taxrecon/contracts';
import { formatInr, formatRupees, paiseOrZero } from '@taxrecon/shared';
import { useState } from 'react';
import { call, errorMessage } from '../../../api/client.ts';
import { RUPEES_INPUT, SIGNED_RUPEES_INPUT } from '../common/money.ts';
import { notifySuccess } from '../common/notify.ts';
import type { DialogAction } from './ActionBar.tsx';
import { rowAmount, rowRef, rowTax } from './rows.ts';
import { acceptAction, partialCeiling, type Selection } from './selection-rules.ts';

interface Part {
  key: number;
  amount: string;
  tax: string;
}

const TITLES: Record<DialogAction, string> = {
  Accept: 'Accept',
  Hold: 'Hold',
  FollowUp: 'Follow up',
  Pending: 'Pending',
  AcceptPartial: 'Accept Partial',
  Split: 'Split',
  Unpair: 'Unpair',
};

// Confirms an action with comments (spec section 4), with the accepted tax of
// an Accept Partial or the parts of a Split, and sends it to the server.
// Mounted afresh for each action, so it starts from the selection it acts on.
export function ActionDialog(props: {
  jobId: string;
  action: DialogAction | null;
  correlate: boolean;
  selection: Selection;
  onClose: () => void;
  onDone: () => void;
}) {
  const { action, selection } = props;
  const only = [...selection.book, ...selection.taxBook][0];
  const [notes, setNotes] = useState('');
  const [accepted, setAccepted] = useState(() => formatRupees(partialCeiling(selection)));
  // a split starts as the whole row and an empty part, for the person to share out
  const [parts, setParts] = useState<Part[]>(() =>
    only
      ? [
          { key: 1, amount: rowAmount(only), tax: rowTax(only) },
          { key: 2, amount: '0', tax: '0' },
        ]
      : [],
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const ceiling = partialCeiling(selection);
  const acceptedError =
    action === 'AcceptPartial' &&
    (!RUPEES_INPUT.test(accepted.trim()) || paiseOrZero(accepted) <= 0 || paiseOrZero(accepted) > ceiling)
      ? `Above 0 and at most ${formatInr(ceiling)}`
      : undefined;
  const partsAmount = parts.reduce((s, p) => s + paiseOrZero(p.amount), 0);
  const partsTax = parts.reduce((s, p) => s + paiseOrZero(p.tax), 0);
  const partsBad = parts.some(
    (p) => !SIGNED_RUPEES_INPUT.test(p.amount.trim()) || !SIGNED_RUPEES_INPUT.test(p.tax.trim()),
  );
  const splitError =
    action === 'Split' && only
      ? partsBad || parts.length < 2
        ? 'At least two parts, each in rupees'
        : partsAmount !== paiseOrZero(rowAmount(only)) || partsTax !== paiseOrZero(rowTax(only))
          ? `The parts must add up to ${formatInr(paiseOrZero(rowAmount(only)))} and tax ${formatInr(paiseOrZero(rowTax(only)))}`
          : undefined
      : undefined;

  const send = async () => {
    if (!action) return;
    const ids = {
      salesPurchaseBookDiscrepancyIds: selection.book.map((r) => r.id),
      taxBookDiscrepancyIds: selection.taxBook.map((r) => r.id),
    };
    const base = { jobId: props.jobId, notes: notes.trim() || undefined, ...ids };
    const body: UpdateDiscrepanciesRequest =
      action === 'Accept'
        ? { ...base, ...acceptAction(selection, props.correlate) }
        : action === 'AcceptPartial'
          ? { ...base, actionType: 'AcceptPartial', acceptedTax: accepted.trim() }
          : action === 'Split'
            ? {
                ...base,
                actionType: 'Split',
                splitParts: parts.map((p) => ({ amount: p.amount.trim(), tax: p.tax.trim() })),
              }
            : { ...base, actionType: action };
    setBusy(true);
    setError('');
    try {
      const answer = await call(reconciliationRoutes.updateDiscrepancies, { body });
      notifySuccess(answer.message);
      props.onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const setPart = (i: number, key: keyof Part, value: string) =>
    setParts((list) => list.map((p, k) => (k === i ? { ...p, [key]: value } : p)));
  const correlated = action === 'Accept' && props.correlate;
  return (
    <Modal opened={!!action} onClose={props.onClose} title={action ? TITLES[action] : ''} centered size="lg">
      <Stack gap="sm" data-testid="action-dialog">
        <Text size="sm">
          {action} {selection.book.length} book row(s) and {selection.taxBook.length} 26AS row(s)
          {correlated ? ', correlated as one match' : ''}:{' '}
          {[...selection.book, ...selection.taxBook].map(rowRef).join(', ')}
        </Text>
        {action === 'AcceptPartial' && (
          <TextInput
            label="Tax accepted (₹)"
            value={accepted}
            onChange={(e) => setAccepted(e.currentTarget.value)}
            error={acceptedError}
            data-testid="action-accepted-tax"
          />
        )}
        {action === 'Split' && (
          <Stack gap={6}>
            {parts.map((p, i) => (
              <Group key={p.key} gap="xs" align="flex-end">
                <TextInput
                  label={i ? undefined : 'Amount (₹)'}
                  value={p.amount}
                  onChange={(e) => setPart(i, 'amount', e.currentTarget.value)}
                  data-testid={`split-amount-${i}`}
                />
                <TextInput
                  label={i ? undefined : 'Tax (₹)'}
                  value={p.tax}
                  onChange={(e) => setPart(i, 'tax', e.currentTarget.value)}
                  data-testid={`split-tax-${i}`}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Remove part"
                  disabled={parts.length <= 2}
                  onClick={() => setParts((l) => l.filter((_, k) => k !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setParts((l) => [
                    ...l,
                    { key: Math.max(0, ...l.map((p) => p.key)) + 1, amount: '0', tax: '0' },
                  ])
                }
              >
                Add part
              </Button>
            </Group>
            {splitError && (
              <Text size="xs" c="red">
                {splitError}
              </Text>
            )}
          </Stack>
        )}
        <Textarea
          label="Comments"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          data-testid="action-notes"
        />
        {error && (
          <Alert color="red" data-testid="action-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={send}
            loading={busy}
            disabled={!!acceptedError || !!splitError}
            data-testid="action-confirm"
          >
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
