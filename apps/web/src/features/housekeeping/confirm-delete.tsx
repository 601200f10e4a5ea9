import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DELETE_CONFIRMATION } from '@taxrecon/contracts';

// "Every delete asks confirmation ('cannot be recovered. Do you want to permanently delete?')",
// preceded by what is about to go.
export const confirmDelete = (what: string, onConfirm: () => void): void => {
  modals.openConfirmModal({
    title: 'Please confirm',
    children: (
      <Text size="sm" data-testid="confirm-delete-text">
        {what} {DELETE_CONFIRMATION}
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
    cancelProps: { 'data-testid': 'confirm-cancel' },
    onConfirm,
  });
};

// "12 rows deleted" from the answer's rows per table.
export const deletedSummary = (deleted: Record<string, number>): string => {
  const rows = Object.values(deleted).reduce((sum, n) => sum + n, 0);
  return rows === 1 ? '1 row deleted' : `${rows.toLocaleString('en-IN')} rows deleted`;
};
