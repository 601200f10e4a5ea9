import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { MIN_PASSWORD_LENGTH, platformRoutes } from '@taxrecon/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { AuthCard } from './AuthCard.tsx';

export const passwordProblem = (password: string, confirm: string): string | null => {
  if (password && password.length < MIN_PASSWORD_LENGTH) return 'Password should be atleast 8 characters';
  if (confirm && password !== confirm) return "Passwords don't match";
  return null;
};

export function ResetPasswordPage() {
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const hash = search.get('hash') ?? '';
  const navigate = useNavigate();
  const verify = useApiQuery(
    platformRoutes.verifyResetPasswordLink,
    { params: { userId, hash } },
    { enabled: !!userId && !!hash, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const problem = passwordProblem(password, confirm);

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate('/login'), 2000);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const outcome = await call(platformRoutes.forgetChangePassword, { body: { userId, password, hash } });
      setResult({ ok: !outcome.error, text: outcome.message });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const verdict = !hash ? 'Invalid link' : verify.isError ? errorMessage(verify.error) : verify.data?.data;
  let body: React.ReactNode;
  if (hash && verify.isPending) body = <Loader mx="auto" />;
  else if (verdict !== 'Success') {
    body = (
      <Alert color="red" data-testid="reset-verify-result">
        {verdict}
      </Alert>
    );
  } else {
    body = (
      <form onSubmit={submit} aria-label="Reset password">
        <Stack gap="sm">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid="reset-password"
            autoFocus
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            data-testid="reset-confirm"
          />
          {problem && (
            <Text c="red" size="sm" data-testid="reset-problem">
              {problem}
            </Text>
          )}
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} data-testid="reset-result">
              {result.text}
            </Alert>
          )}
          <Button
            type="submit"
            disabled={!password || !confirm || !!problem || result?.ok}
            loading={busy}
            data-testid="reset-submit"
          >
            Change Password
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle={userId}>
      {body}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
