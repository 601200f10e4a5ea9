import { Text } from '@mantine/core';
import { platformRoutes } from '@taxrecon/contracts';
import { errorMessage, SYSTEM_ERROR } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { formatCount, toCrores } from '../../lib/format.ts';

// The build version line of the sign-in and registration pages.
export function VersionLine() {
  const version = useApiQuery(platformRoutes.version, {}, { retry: false });
  if (version.isError) {
    return (
      <Text size="xs" c="red" ta="center" data-testid="build-version-error">
        {SYSTEM_ERROR} {errorMessage(version.error, '')}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" ta="center" data-testid="build-version">
      Version {version.data?.version ?? '1.0'}
    </Text>
  );
}

export function TotalsLine() {
  const totals = useApiQuery(platformRoutes.allTotals, {}, { retry: false });
  if (!totals.data) return null;
  return (
    <Text size="sm" c="indigo.7" ta="center" fw={500} data-testid="all-totals">
      {/* the spec's 'rupees X cr', written as a finance user reads it: '₹1.7 crore' */}
      Reconciled ₹{toCrores(totals.data.totals)} crore for {formatCount(totals.data.customers)} customers (and
      counting) so far
    </Text>
  );
}
