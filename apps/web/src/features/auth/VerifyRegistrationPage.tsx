import { Alert, Loader, Stack, Text } from '@mantine/core';
import { platformRoutes } from '@taxrecon/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { AuthCard } from './AuthCard.tsx';

type State = { phase: 'checking' } | { phase: 'done' } | { phase: 'failed'; message: string };

export function VerifyRegistrationPage() {
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const hash = search.get('hash') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ phase: 'checking' });

  // A link is single-use: verify and register exactly once, even when React
  // runs the effect twice in development.
  const started = useRef('');
  useEffect(() => {
    if (started.current === `${userId}/${hash}`) return;
    started.current = `${userId}/${hash}`;
    const run = async () => {
      try {
        if (!hash) throw new Error('Invalid link');
        const verdict = await call(platformRoutes.verifyRegistrationLink, { params: { userId, hash } });
        if (verdict.data !== 'Success') throw new Error(verdict.data);
        const outcome = await call(platformRoutes.register, { body: { userId, hash } });
        if (outcome.error) throw new Error(outcome.message);
        setState({ phase: 'done' });
      } catch (error) {
        setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    };
    void run();
  }, [userId, hash]);

  useEffect(() => {
    if (state.phase !== 'done') return;
    const timer = setTimeout(() => navigate('/login'), 3000);
    return () => clearTimeout(timer);
  }, [state.phase, navigate]);

  return (
    <AuthCard title="Verify registration" subtitle={userId}>
      {state.phase === 'checking' && <Loader mx="auto" />}
      {state.phase === 'done' && (
        // both texts the spec gives for it (part 1 sections 2 and 4)
        <Alert color="green" title="SUCCESSFULLY REGISTERED" data-testid="verify-result">
          <Stack gap={4}>
            <Text fw={600}>Congratulations you have successfully registered</Text>
            <Text size="sm">redirecting to login page ...</Text>
          </Stack>
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" data-testid="verify-result">
          <Stack gap={4}>
            <Text fw={600}>Registration Failed!!</Text>
            <Text size="sm">{state.message}</Text>
          </Stack>
        </Alert>
      )}
    </AuthCard>
  );
}
