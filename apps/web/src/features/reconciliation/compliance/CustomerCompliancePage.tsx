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
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { reconciliationRoutes } from '@taxrecon/contracts';
import { countOf } from '@taxrecon/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { discrepancyPath } from '../common/paths.ts';

const PER_PAGE = 60;

// Spec part 1 'Compliance overview': every customer (vendor) with tax
// discrepancies in the latest completed job of a year, one button per year;
// served by GET /customer/compliance, paged and filtered on the server.
export function CustomerCompliancePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const [search] = useDebouncedValue(filter.trim(), 300);
  const [page, setPage] = useState(1);
  const answer = useApiQuery(
    reconciliationRoutes.customerCompliance,
    { query: { page, pageSize: PER_PAGE, ...(search ? { search } : {}) } },
    { placeholderData: keepPreviousData },
  );
  // the server's page already (GET /customer/compliance pages in SQL)
  const shown = answer.data?.records ?? [];
  const total = answer.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const loading = answer.isLoading;
  const failed = answer.isError ? answer : undefined;

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
      {loading ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No Data found
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((item) => (
            <Paper
              key={`${item.kind}-${item.partyKey}`}
              withBorder
              radius="md"
              p="sm"
              data-testid={`compliance-${item.kind}-${item.partyKey}`}
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
                {item.partyKey}
              </Text>
              <Group gap={6}>
                {item.years.map(({ financialYear: fy, jobId }) => (
                  <Button
                    key={fy}
                    size="compact-xs"
                    variant="light"
                    onClick={() => navigate(discrepancyPath(item.kind, jobId, fy, item.partyKey))}
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
          {countOf(total, 'customer or vendor', 'customers and vendors')} with discrepancies
        </Text>
        <Pagination size="sm" total={pages} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
