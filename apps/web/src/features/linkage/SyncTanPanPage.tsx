import {
  Alert,
  Button,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconRefresh, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { linkageRoutes, MAX_TANS_PER_SYNC, TANPAN_MESSAGES, type TanPanResult } from '@taxrecon/contracts';
import { type FormEvent, useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const COLUMNS: readonly GridColumn<TanPanResult>[] = [
  { accessor: 'tan', title: 'TAN', value: (r) => r.tan, sortable: true, filterable: true },
  { accessor: 'name', title: 'Name', value: (r) => r.name, sortable: true, filterable: true },
  { accessor: 'pan', title: 'PAN', value: (r) => r.pan, sortable: true, filterable: true },
  { accessor: 'address', title: 'Address', value: (r) => r.address },
  { accessor: 'error', title: 'Error', value: (r) => r.error, filterable: true },
];

type Outcome = { severity: 'success' | 'error'; message: string; results: TanPanResult[] } | null;

// Spec part 3: /link-tanpan. The customer TANs without a PAN are looked up on
// the TRACES portal, at most 500 a sign-in; the captcha comes from the portal.
export function SyncTanPanPage() {
  const client = useQueryClient();
  const count = useApiQuery(linkageRoutes.unverifiedTanCount, {});
  const captcha = useApiQuery(linkageRoutes.tanPanCaptcha, {}, { staleTime: Number.POSITIVE_INFINITY });
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const refreshCaptcha = () => {
    setCaptchaText('');
    void captcha.refetch();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captcha.data?.cookie) {
      setOutcome({ severity: 'error', message: TANPAN_MESSAGES.captchaFailed, results: [] });
      return;
    }
    setBusy(true);
    try {
      const answer = await call(linkageRoutes.tanPanSync, {
        params: { user: user.trim(), password, captchaText: captchaText.trim(), cookie: captcha.data.cookie },
      });
      setOutcome(answer);
    } catch (error) {
      setOutcome({
        severity: 'error',
        message: errorMessage(error, TANPAN_MESSAGES.syncFailed),
        results: [],
      });
    } finally {
      setBusy(false);
      // A captcha serves one sign-in.
      refreshCaptcha();
      await client.invalidateQueries({ queryKey: apiKey(linkageRoutes.unverifiedTanCount) });
    }
  };

  const c = captcha.data;
  return (
    <Stack gap="md">
      <PageHeader
        title="Sync TAN and PAN"
        subtitle={`Fill the PAN of customer TANs from the TRACES portal, ${MAX_TANS_PER_SYNC} TANs a sign-in`}
      />
      <Paper withBorder radius="lg" p="lg" maw={720} component="form" onSubmit={submit}>
        <Stack gap="md">
          <Group gap="xs">
            <Title order={4} data-testid="tanpan-unverified">
              {count.isError ? TANPAN_MESSAGES.countFailed : `${count.data?.count ?? '…'} unverified TANs`}
            </Title>
          </Group>
          <TextInput
            label="TRACES user id"
            leftSection={<IconUser size={16} />}
            value={user}
            onChange={(e) => setUser(e.currentTarget.value)}
            required
            data-testid="tanpan-user"
          />
          <PasswordInput
            label="TRACES password"
            leftSection={<IconKey size={16} />}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            data-testid="tanpan-password"
          />
          <Group align="end">
            {c?.severity === 'success' ? (
              <Image
                src={`data:image/png;base64,${c.captchaImage}`}
                alt="captcha"
                h={48}
                w="auto"
                data-testid="tanpan-captcha"
              />
            ) : (
              <Stack gap={2}>
                <Text c="red" size="sm">
                  {c?.message ||
                    (captcha.isFetching ? 'Loading the captcha…' : TANPAN_MESSAGES.captchaFailed)}
                </Text>
                {!captcha.isFetching && (
                  // the spec's message alone reads as the user's mistake before they have typed anything
                  <Text c="dimmed" size="xs" data-testid="tanpan-captcha-hint">
                    This server fetches the captcha from the TRACES portal and could not get one: check that
                    it can reach the portal, then Refresh.
                  </Text>
                )}
              </Stack>
            )}
            <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={refreshCaptcha}>
              Refresh
            </Button>
          </Group>
          <TextInput
            label="Captcha"
            value={captchaText}
            onChange={(e) => setCaptchaText(e.currentTarget.value)}
            required
            data-testid="tanpan-captcha-text"
          />
          <Group>
            <Button type="submit" loading={busy} data-testid="tanpan-submit">
              Login &amp; Sync
            </Button>
          </Group>
          {outcome && (
            <Alert color={outcome.severity === 'success' ? 'green' : 'red'} data-testid="tanpan-outcome">
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </Paper>
      {outcome && outcome.results.length > 0 && (
        <Paper withBorder radius="lg" p="lg">
          <DataGrid
            records={outcome.results}
            columns={COLUMNS}
            idAccessor={(r) => r.tan}
            exportName="tan-pan-sync"
            testId="tanpan-results"
          />
        </Paper>
      )}
    </Stack>
  );
}
