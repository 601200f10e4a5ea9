import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { hasFullRouteSet, platformRoutes } from '@taxrecon/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../api/client.ts';
import { clearSession, storeSession } from '../../api/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { TotalsLine, VersionLine } from './BuildInfo.tsx';

export const LOGIN_FAILED = 'Login Failed: Invalid Credentials';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Whoever was signed in on this browser is forgotten when the sign-in page opens.
  useEffect(() => {
    clearSession();
    // the previous user's cached answers go too; this page's own queries stay
    queryClient.removeQueries({ predicate: (q) => q.getObserversCount() === 0 });
  }, [queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      const login = await call(platformRoutes.login, { body: { userId, password } });
      storeSession(login);
      queryClient.clear();
      await call(platformRoutes.updateLastLogin, {
        body: { userId: login.userId, lastloggedindatetime: new Date().toISOString() },
      }).catch(() => undefined);
      if (login.changePassword) navigate('/profile?changepassword=true');
      else navigate(hasFullRouteSet(login.role) ? '/' : '/utilities');
    } catch (e) {
      // a lockout or rate limit says why; every other refusal reads the same
      setError(e instanceof ApiError && e.status === 429 ? e.message : LOGIN_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="TDS and TCS reconciliation for finance and tax teams">
      <form onSubmit={submit} aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            label="Username"
            placeholder="you@company.com"
            autoComplete="username"
            required
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            data-testid="login-username"
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid="login-password"
          />
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="login-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth data-testid="login-submit">
            Sign In
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/register" size="sm" data-testid="login-register-link">
              Register
            </Anchor>
            <Anchor component={Link} to="/forgot-password" size="sm" data-testid="login-forgot-link">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
      </form>
      <TotalsLine />
      <VersionLine />
    </AuthCard>
  );
}
