import { Alert, Button, Collapse, Group, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

// Spec part 2 section 2.10: customers whose sales entries were changed since their
// last reconciliation, with the way to reconcile them again.
export function ReconWarning({ customers }: { customers: readonly string[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  if (customers.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="recon-warning">
      <UnstyledButton onClick={() => setOpen((o) => !o)} data-testid="recon-warning-toggle">
        <Group gap={4}>
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          <Text fw={600} size="sm">
            Recon Warning ({customers.length})
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
            <Button
              size="xs"
              color="orange"
              onClick={() => navigate('/new-tds-reconciliation')}
              data-testid="recon-warning-start"
            >
              Start Reconciliation for above customers
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Alert>
  );
}
