import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { platformRoutes } from '@taxrecon/contracts';
import { Link, useNavigate } from 'react-router';
import { call } from '../api/client.ts';
import { clearSession } from '../api/session.ts';
import { useSession } from './session.tsx';

const initials = (name: string): string =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function useLogout() {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // the server ends the session first, so the token is dead even if this tab lingers
    await call(platformRoutes.logout, { params: { token } }).catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login');
  };
}

export function ProfileBlock({ onNavigate }: { onNavigate: () => void }) {
  const { fullName, userName, role, currentEntity } = useSession();
  const logout = useLogout();
  return (
    <Group gap="sm" wrap="nowrap" p="sm" data-testid="profile-block">
      <Avatar color="indigo" radius="xl">
        {initials(fullName || userName)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate data-testid="profile-user-name">
          {fullName || userName}
        </Text>
        <Text size="xs" c="dimmed" truncate data-testid="profile-role">
          {role}
          {currentEntity && ` · ${currentEntity}`}
        </Text>
        <Group gap="sm">
          <Anchor component={Link} to="/profile" size="xs" onClick={onNavigate} data-testid="profile-link">
            Profile
          </Anchor>
          <Anchor component="button" type="button" size="xs" onClick={logout} data-testid="logout">
            Logout
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}
