import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileAnalytics } from '@tabler/icons-react';
import { type ReportsDashboard, reportRoutes } from '@taxrecon/contracts';
import { jobStatusName } from '@taxrecon/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { download } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../shell/session.tsx';
import { notifyError } from '../reconciliation/common/notify.ts';

type Tile = ReportsDashboard['tiles'][number];

const TILES: Record<Tile['key'], { title: string; to: string; description: string }> = {
  reconciliation: {
    title: 'Reconciliation Reports',
    to: '/reconciliation-reports',
    description: 'Generated from a TDS or TCS result above 2000 transactions',
  },
  miscellaneous: {
    title: 'Miscellaneous Reports',
    to: '/misc-reports?tab=view',
    description:
      'Income comparison, TAN, customer, entity and section-wise summaries, Form 3CD; listed with the TDS payable reports',
  },
  payable: {
    title: 'TDS Payable Reports',
    to: '/tds-payable-reports',
    description: 'Monthly, vendor-wise and annual reports of a 34A reconciliation',
  },
  payableErrors: {
    title: 'TDS Payable Error Reports',
    to: '/tds-payable-error-reports',
    description: 'Monthly entries in error',
  },
};

function ReportTile({ tile }: { tile: Tile }) {
  const meta = TILES[tile.key];
  return (
    <Card withBorder radius="lg" padding="md" data-testid={`reports-tile-${tile.key}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={meta.to} fw={700}>
            {meta.title}
          </Anchor>
          <Group gap={6}>
            {!!tile.inProgress && (
              <Badge color="blue" variant="light">{`${tile.inProgress} in progress`}</Badge>
            )}
            <Badge size="lg" variant="filled" data-testid={`reports-count-${tile.key}`}>
              {formatCount(tile.count ?? 0)}
            </Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {meta.description}
        </Text>
        {tile.latest.length === 0 ? (
          <Text size="sm" c="dimmed">
            No reports yet
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Latest
            </Text>
            {tile.latest.map((r) => (
              <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate title={`${r.name}: ${r.fileName}`}>
                  {r.fileName}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {r.status === 'Completed' ? formatDateTime(r.datetime) : jobStatusName(r.status)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const saveCustomerTans = async () => {
  try {
    await download('GET', reportRoutes.customerTanCsv.path, 'customer_tans.csv');
  } catch (error) {
    notifyError(error);
  }
};

// Spec part 3: the reports dashboard, a tile per report list with its count
// and latest reports, and the customer TAN csv (the menu's "customer TANs as
// csv" opens this screen with ?download=customer-tan and the file is saved).
export function ReportsDashboardPage() {
  const { permissions } = useSession();
  const dashboard = useApiQuery(reportRoutes.reportsDashboard, {});
  const [search, setSearch] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const mayTans = permissions.includes('MASTERDATA_CUSTOMERS');
  useEffect(() => {
    if (search.get('download') === 'customer-tan' && mayTans && !started.current) {
      started.current = true;
      void saveCustomerTans().finally(() => setSearch({}, { replace: true }));
    }
  }, [search, setSearch, mayTans]);
  const tiles = (dashboard.data?.tiles ?? []).filter((t) => t.count !== null);
  return (
    <Stack gap="md" data-testid="reports-dashboard">
      <PageHeader
        title="Reports Dashboard"
        subtitle="Every report list of this entity, with its latest reports"
        actions={
          <>
            <Button component={Link} to="/misc-reports" leftSection={<IconFileAnalytics size={16} />}>
              Create a report
            </Button>
            {mayTans && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await saveCustomerTans();
                  setBusy(false);
                }}
                data-testid="customer-tan-csv"
              >
                Customer TANs (csv)
              </Button>
            )}
          </>
        }
      />
      {dashboard.isError && <QueryError error={dashboard.error} fallback="Could not fetch jobs in queue" />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {tiles.map((t) => (
          <ReportTile key={t.key} tile={t} />
        ))}
        <Card withBorder radius="lg" padding="md" data-testid="reports-tile-data-quality">
          <Stack gap="xs">
            <Anchor component={Link} to="/data-quality" fw={700}>
              Jobs with Invalid Data
            </Anchor>
            <Text size="xs" c="dimmed">
              Rows of the loaded files that could not be read or look wrong, per upload job
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
