import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { RECON_KINDS, type ReconCategory, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { apiKey } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount, formatFinancialYear } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { discrepancyPath } from '../common/paths.ts';

const DISCREPANT: ReconCategory[] = ['partialMatches', 'missingFromTaxBook', 'missingFromSales'];
const PER_PAGE = 60;

interface Item {
  kind: ReconKind;
  entityId: string;
  name: string;
  // financial year -> the job whose discrepancies the button opens
  years: Map<string, string>;
}

// Spec part 1 'Compliance overview': every customer (vendor) with tax
// discrepancies in the latest completed job of a year, one button per year.
// Built from the job lists and each job's customers by tab.
export function CustomerCompliancePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const trees = useQueries({
    queries: RECON_KINDS.map((kind) => {
      const options = { query: { jobType: KIND_TEXT[kind].jobType } };
      return {
        queryKey: apiKey(reconciliationRoutes.reconJobsByYear, options),
        queryFn: () => call(reconciliationRoutes.reconJobsByYear, options),
      };
    }),
  });
  const jobs = RECON_KINDS.flatMap((kind, i) =>
    (trees[i]?.data ?? []).flatMap((y) =>
      y.firstCompletedJobId ? [{ kind, financialYear: y.financialYear, jobId: y.firstCompletedJobId }] : [],
    ),
  );
  const lookups = jobs.flatMap((job) => DISCREPANT.map((matchType) => ({ job, matchType })));
  const names = useQueries({
    queries: lookups.map(({ job, matchType }) => {
      const options = { params: { jobId: job.jobId }, query: { matchType } };
      return {
        queryKey: apiKey(reconciliationRoutes.customerNamesOfJob, options),
        queryFn: () => call(reconciliationRoutes.customerNamesOfJob, options),
      };
    }),
  });
  const stamp = names.map((n) => n.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when any answer changes (stamp)
  const items = useMemo(() => {
    const byKey = new Map<string, Item>();
    lookups.forEach(({ job }, i) => {
      for (const [entityId, name] of Object.entries(names[i]?.data ?? {})) {
        const key = `${job.kind}|${entityId}`;
        const item = byKey.get(key) ?? { kind: job.kind, entityId, name, years: new Map() };
        item.years.set(job.financialYear, job.jobId);
        byKey.set(key, item);
      }
    });
    return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [stamp, lookups.length]);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? items.filter((i) => `${i.name} ${i.entityId}`.toLowerCase().includes(needle))
    : items;
  const pages = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const loading = trees.some((q) => q.isLoading) || names.some((q) => q.isLoading);
  const failed = [...trees, ...names].find((q) => q.isError);

  return (
    <Stack gap="md" data-testid="customer-compliance">
      <PageHeader
        title="Overall Customers/Vendors with Tax Discrepancies"
        subtitle="From the latest completed reconciliation of each financial year"
        actions={
          <TextInput
            placeholder="Filter by name or id"
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value);
              setPage(1);
            }}
          />
        }
      />
      {failed && <QueryError error={failed.error} />}
      {loading && items.length === 0 ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No Data found
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((item) => (
            <Paper
              key={`${item.kind}-${item.entityId}`}
              withBorder
              radius="md"
              p="sm"
              data-testid={`compliance-${item.kind}-${item.entityId}`}
            >
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Text fw={600} size="sm" lineClamp={1}>
                  {item.name}
                </Text>
                <Badge
                  variant="light"
                  color={item.kind === 'TDS' ? 'indigo' : 'grape'}
                  style={{ flexShrink: 0 }}
                >
                  {item.kind}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" mb={6}>
                {item.entityId}
              </Text>
              <Group gap={6}>
                {[...item.years.entries()].sort().map(([fy, jobId]) => (
                  <Button
                    key={fy}
                    size="compact-xs"
                    variant="light"
                    onClick={() => navigate(discrepancyPath(item.kind, jobId, fy, item.entityId))}
                  >
                    {formatFinancialYear(fy)}
                  </Button>
                ))}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {formatCount(shown.length)} with discrepancies
        </Text>
        <Pagination size="sm" total={pages} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
