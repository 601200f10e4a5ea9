import {
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { platformRoutes } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../shell/session.tsx';

export const FORCED_CHANGE = 'You need to change your password before proceeding any further.';
export const CHANGE_FAILED = 'Password could not be changed because of a system error!';

export const oldPasswordProblem = (old: string) => (old.length < 4 ? 'Old password is mandatory' : null);
export const newPasswordProblem = (password: string) =>
  password.length < 8 ? 'Password should be atleast 8 characters' : null;

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { userName } = useSession();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const oldProblem = oldPassword ? oldPasswordProblem(oldPassword) : null;
  const newProblem = password ? newPasswordProblem(password) : null;
  const blocked = !!oldPasswordProblem(oldPassword) || !!newPasswordProblem(password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    setBusy(true);
    setResult(null);
    try {
      const outcome = await call(platformRoutes.changePassword, {
        body: { userId: userName, password, oldPassword },
      });
      setResult({ ok: !outcome.error, text: outcome.message });
      if (!outcome.error) {
        setOldPassword('');
        setPassword('');
        onChanged();
      }
    } catch (error) {
      // the server's reason when it refused the change; the spec's fallback when it failed
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
      setResult({ ok: false, text: refused || CHANGE_FAILED });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Change password">
      <Stack gap="sm">
        <Title order={4} size="h5">
          Change password
        </Title>
        <PasswordInput
          label="Old Password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
          error={oldProblem}
          data-testid="profile-old-password"
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={newProblem}
          data-testid="profile-new-password"
        />
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} data-testid="profile-result">
            {result.text}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={blocked} loading={busy} data-testid="profile-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const { fullName, userName, role, currentEntity } = useSession();
  const [search, setSearch] = useSearchParams();
  const forced = search.get('changepassword') === 'true';
  return (
    <Stack gap={0} maw={880}>
      <PageHeader title="Profile" />
      {forced && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          mb="md"
          data-testid="profile-forced-warning"
        >
          {FORCED_CHANGE}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar size="lg" color="indigo" radius="xl">
              {(fullName || userName).slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} data-testid="profile-name">
                {fullName}
              </Text>
              <Text size="sm" c="dimmed" data-testid="profile-user-id">
                {userName}
              </Text>
              <Text size="sm" data-testid="profile-page-role">
                Role: {role}
              </Text>
              {currentEntity && <Text size="sm">Entity: {currentEntity}</Text>}
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <ChangePasswordForm onChanged={() => forced && setSearch({}, { replace: true })} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
