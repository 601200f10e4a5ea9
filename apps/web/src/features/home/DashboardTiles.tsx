import { Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice, IconHistory, IconListDetails, IconPlayerPlay } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shell/session.tsx';

export const NO_PERMISSION = 'You do not have permission to perform this action.';

interface Tile {
  id: string;
  label: string;
  to: string;
  color: string;
  icon: ComponentType<{ size?: number }>;
}

const TILES: readonly Tile[] = [
  {
    id: 'run-tds',
    label: 'Run TDS Reconciliation',
    to: '/new-tds-reconciliation',
    color: 'indigo',
    icon: IconPlayerPlay,
  },
  {
    id: 'run-tds-payable',
    label: 'Run TDS Payable Reconciliation',
    to: '/new-34a-reconciliation',
    color: 'teal',
    icon: IconFileInvoice,
  },
  {
    id: 'view-tds',
    label: 'View Existing TDS Receivable Reconciliation Jobs',
    to: '/view-tds-reconciliation',
    color: 'grape',
    icon: IconHistory,
  },
  {
    id: 'view-tds-payable',
    label: 'View Existing TDS Payable Reconciliation Jobs',
    to: '/view-34a-reconciliation',
    color: 'orange',
    icon: IconListDetails,
  },
];

// The four banking-style tiles; only ADMIN may use them (spec part 1 section 6).
export function DashboardTiles() {
  const { isAdmin } = useSession();
  const navigate = useNavigate();
  const open = (tile: Tile) => {
    if (isAdmin) navigate(tile.to);
    else notifications.show({ color: 'red', title: 'Not allowed', message: NO_PERMISSION });
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {TILES.map((tile) => (
        <UnstyledButton key={tile.id} onClick={() => open(tile)} data-testid={`tile-${tile.id}`}>
          <Paper
            withBorder
            radius="lg"
            p="lg"
            h="100%"
            style={{
              background: `linear-gradient(135deg, var(--mantine-color-${tile.color}-6), var(--mantine-color-${tile.color}-8))`,
            }}
          >
            <ThemeIcon size={44} radius="md" variant="white" color={tile.color} mb="md">
              <tile.icon size={24} />
            </ThemeIcon>
            <Text c="white" fw={600} size="md" lh={1.3}>
              {tile.label}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
