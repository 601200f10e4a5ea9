import { Alert, Button, Collapse, Group, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { reconciliationRoutes, searchRoutes } from '@taxrecon/contracts';
import { countOf } from '@taxrecon/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey } from '../../api/hooks.ts';

// Spec part 2 section 7: after "submitted" the user goes to the job list after 3 s.
const REDIRECT_MS = 3000;

// Spec part 2 section 2.10: customers whose sales entries were changed since their
// last reconciliation, with the way to reconcile them again.
export function ReconWarning({ customers }: { customers: readonly string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [redirect, setRedirect] = useState(false);
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => navigate('/view-tds-reconciliation'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect, navigate]);
  if (customers.length === 0) return null;

  // Re-runs the edited customers in their year's latest job; either answer clears the list.
  const start = async () => {
    setBusy(true);
    try {
      const answer = await call(reconciliationRoutes.changedSalesReconciliation);
      await queryClient.invalidateQueries({ queryKey: apiKey(searchRoutes.salesToReconcile) });
      if (answer.status === 'submitted') {
        notifications.show({ color: 'green', message: answer.message });
        setRedirect(true);
      } else {
        notifications.show({ color: 'blue', message: answer.message });
      }
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="recon-warning">
      <UnstyledButton onClick={() => setOpen((o) => !o)} data-testid="recon-warning-toggle">
        <Group gap={4}>
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          <Text fw={600} size="sm">
            Recon Warning ({countOf(customers.length, 'customer')})
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="xs" mt="xs">
          <Text size="sm">
            The sales entries of the following customers have been changed. The following customers need to be
            reconciled again.
          </Text>
          <List size="sm" data-testid="recon-warning-customers">
            {customers.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
          <Group>
            <Button size="xs" color="orange" onClick={start} loading={busy} data-testid="recon-warning-start">
              Start Reconciliation for above customers
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Alert>
  );
}
