import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, platformRoutes } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { AuthCard } from './AuthCard.tsx';

export function ForgotPasswordPage() {
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = EMAIL_PATTERN.test(userId.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    setResult(null);
    try {
      await call(platformRoutes.generateResetPasswordLink, {
        params: { userId: userId.trim().toLowerCase() },
      });
      setResult({ ok: true, text: 'A verification link was sent to your email address' });
    } catch (error) {
      setResult({
        ok: false,
        text: errorMessage(error, "Couldn't send a verification link, check your user id."),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot password" subtitle="We will e-mail you a link to set a new password.">
      <form onSubmit={submit} aria-label="Forgot password">
        <Stack gap="sm">
          <TextInput
            label="User Id"
            type="email"
            placeholder="you@company.com"
            required
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            error={userId && !valid ? 'Invalid Email Address' : undefined}
            data-testid="forgot-userid"
            autoFocus
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} data-testid="forgot-result">
              {result.text}
            </Alert>
          )}
          <Button type="submit" disabled={!valid} loading={busy} data-testid="forgot-submit">
            Send verification link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
