import { ActionIcon, Anchor, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconCamera, IconHeartFilled, IconLayoutSidebarRight, IconListCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { EntitySwitcher } from './EntitySwitcher.tsx';
import { SmartNav } from './SmartNav.tsx';
import { useSession } from './session.tsx';

interface TopBarProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
  onToggleAside: () => void;
  onOpenSnapshots: () => void;
}

export function TopBar({ menuOpened, onToggleMenu, onToggleAside, onOpenSnapshots }: TopBarProps) {
  const { isFull } = useSession();
  const navigate = useNavigate();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label="Toggle menu"
          data-testid="nav-toggle"
        />
        <Anchor
          component={Link}
          to={isFull ? '/' : '/utilities'}
          underline="never"
          aria-label="TaxRecon home"
        >
          <Logo />
        </Anchor>
      </Group>
      <Group style={{ flex: 1 }} justify="center" visibleFrom="sm">
        <SmartNav />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {isFull && (
          <>
            <Anchor
              component={Link}
              to="/about"
              size="xs"
              c="dimmed"
              visibleFrom="md"
              data-testid="made-with-love"
            >
              <Group gap={4} wrap="nowrap">
                <Text size="xs" span>
                  Made with love
                </Text>
                <IconHeartFilled size={12} color="var(--mantine-color-red-6)" />
              </Group>
            </Anchor>
            <Tooltip label="Jobs">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => navigate('/jobs/all')}
                aria-label="Jobs"
                data-testid="jobs-button"
              >
                <IconListCheck size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Snapshots">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={onOpenSnapshots}
                aria-label="Snapshots"
                data-testid="snapshots-button"
              >
                <IconCamera size={20} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Tooltip label="Shortcuts and background processes">
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onToggleAside}
            aria-label="Toggle background processes"
            data-testid="aside-toggle"
          >
            <IconLayoutSidebarRight size={20} />
          </ActionIcon>
        </Tooltip>
        <EntitySwitcher />
      </Group>
    </Group>
  );
}
