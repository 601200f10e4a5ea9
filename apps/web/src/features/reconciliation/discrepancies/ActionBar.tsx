import { Button, Checkbox, Group, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  canAccept,
  canAcceptPartial,
  canSplit,
  canUnpair,
  correlateState,
  type Selection,
  selectedCount,
} from './selection-rules.ts';

export type DialogAction = 'Accept' | 'Hold' | 'FollowUp' | 'Pending' | 'AcceptPartial' | 'Split' | 'Unpair';

// Spec 2.6 and 4: the actions on the rows selected in both tables, and the
// Correlate Entries checkbox that turns an Accept into one match.
export function ActionBar(props: {
  selection: Selection;
  onAction: (action: DialogAction, correlate: boolean) => void;
}) {
  const { selection } = props;
  const state = correlateState(selection);
  const [correlate, setCorrelate] = useState(state.checked);
  const key = `${selection.book.map((r) => r.id).join()}|${selection.taxBook.map((r) => r.id).join()}`;
  // a new selection sets the checkbox afresh
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the selection's identity only
  useEffect(() => setCorrelate(state.checked), [key]);
  const none = selectedCount(selection) === 0;
  const button = (action: DialogAction, label: string, enabled: boolean, color?: string, hint?: string) => (
    <Tooltip label={hint} disabled={!hint || enabled}>
      <Button
        size="xs"
        color={color}
        variant={action === 'Accept' ? 'filled' : 'light'}
        disabled={!enabled}
        onClick={() => props.onAction(action, correlate && !state.disabled)}
        data-testid={`action-${action}`}
      >
        {label}
      </Button>
    </Tooltip>
  );
  return (
    <Group gap="xs" data-testid="discrepancy-actions">
      {button('Accept', 'Accept', canAccept(selection), 'green', 'Select rows that are not split')}
      {button('FollowUp', 'Follow up', !none, 'blue')}
      {button('Hold', 'Hold', !none, 'yellow')}
      {button('Pending', 'Pending', !none, 'gray')}
      {button(
        'AcceptPartial',
        'Accept Partial',
        canAcceptPartial(selection),
        'lime',
        'Select one row against rows of the other book whose tax it covers',
      )}
      {button(
        'Split',
        'Split',
        canSplit(selection),
        'grape',
        'Select one row that is neither matched nor split',
      )}
      {button('Unpair', 'Unpair', canUnpair(selection), 'red', 'Select one matched row')}
      <Checkbox
        label="Correlate Entries"
        checked={correlate && !state.disabled}
        disabled={state.disabled || none}
        onChange={(e) => setCorrelate(e.currentTarget.checked)}
        data-testid="correlate-entries"
      />
    </Group>
  );
}
