import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { type ComplianceItem, type ComplianceSort, reconciliationRoutes } from '@taxrecon/contracts';
import { countOf } from '@taxrecon/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { type ExportColumn, exportRows } from '../../../lib/export-rows.ts';
import { formatFinancialYear } from '../../../lib/format.ts';
import { amountCell, formatRupees } from '../../search/search-format.ts';
import { discrepancyPath } from '../common/paths.ts';
import { taxDifferenceText, taxDifferenceTitle } from './tax-difference.ts';

const PER_PAGE = 60;
// the most the server gives in one page (ComplianceQuery)
const EXPORT_PAGE = 500;

// One row per party and year, so the sheet can filter a year and sum its differences.
type ExportRow = ComplianceItem & { year: ComplianceItem['years'][number] };
const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { title: 'Name', value: (r) => r.name },
  { title: 'Customer/Vendor id', value: (r) => r.partyKey },
  { title: 'TAN', value: (r) => r.tan ?? '' },
  { title: 'Tax', value: (r) => r.kind },
  { title: 'Financial year', value: (r) => formatFinancialYear(r.year.financialYear) },
  {
    title: 'Tax difference (books less 26AS)',
    value: (r) => amountCell(r.year.taxDifference),
    render: (r) => formatRupees(r.year.taxDifference),
  },
];
const exportRowsOf = (items: ComplianceItem[]): ExportRow[] =>
  items.flatMap((item) => item.years.map((year) => ({ ...item, year })));

// Every customer the filter finds, not only the page on screen: an auditor's
// list is the whole of it. Fetched page by page in the server's order.
const SORTS: { value: ComplianceSort; label: string }[] = [
  { value: 'name', label: 'Name (A to Z)' },
  { value: 'difference', label: 'Largest difference first' },
];

const fetchAll = async (search: string, sortBy: ComplianceSort): Promise<ComplianceItem[]> => {
  const all: ComplianceItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await call(reconciliationRoutes.customerCompliance, {
      query: { page, pageSize: EXPORT_PAGE, sortBy, ...(search ? { search } : {}) },
    });
    all.push(...answer.records);
    if (answer.records.length < EXPORT_PAGE || all.length >= answer.totalRecords) return all;
  }
};

// Spec part 1 'Compliance overview': every customer (vendor) with tax
// discrepancies in the latest completed job of a year, one button per year;
// served by GET /customer/compliance, paged and filtered on the server.
export function CustomerCompliancePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const [search] = useDebouncedValue(filter.trim(), 300);
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState<ComplianceSort>('name');
  const [exporting, setExporting] = useState(false);
  const answer = useApiQuery(
    reconciliationRoutes.customerCompliance,
    { query: { page, pageSize: PER_PAGE, sortBy, ...(search ? { search } : {}) } },
    { placeholderData: keepPreviousData },
  );
  // the server's page already (GET /customer/compliance pages in SQL)
  const shown = answer.data?.records ?? [];
  const total = answer.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const loading = answer.isLoading;
  const failed = answer.isError ? answer : undefined;
  const exportAll = async () => {
    setExporting(true);
    try {
      await exportRows(
        'customers-with-tax-discrepancies',
        EXPORT_COLUMNS,
        exportRowsOf(await fetchAll(search, sortBy)),
      );
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" data-testid="customer-compliance">
      <PageHeader
        title="Overall Customers/Vendors with Tax Discrepancies"
        subtitle="From the latest completed reconciliation of each financial year"
        actions={
          <Group gap="xs">
            <Select
              aria-label="Sort"
              data={SORTS}
              value={sortBy}
              allowDeselect={false}
              w={210}
              onChange={(v) => {
                setSortBy((v as ComplianceSort | null) ?? 'name');
                setPage(1);
              }}
              data-testid="compliance-sort"
            />
            <TextInput
              placeholder="Filter by name or id"
              leftSection={<IconSearch size={16} />}
              value={filter}
              onChange={(e) => {
                setFilter(e.currentTarget.value);
                setPage(1);
              }}
            />
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={total === 0}
              loading={exporting}
              onClick={exportAll}
              data-testid="compliance-export"
            >
              Export to Excel
            </Button>
          </Group>
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
                <Text fw={600} size="sm" lineClamp={1} title={item.name}>
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
                {item.tan && item.tan !== item.partyKey
                  ? `TAN ${item.tan} · ${item.partyKey}`
                  : item.partyKey}
              </Text>
              <Stack gap={4}>
                {item.years.map(({ financialYear: fy, jobId, taxDifference }) => (
                  <Group key={fy} gap={8} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      style={{ flexShrink: 0 }}
                      onClick={() => navigate(discrepancyPath(item.kind, jobId, fy, item.partyKey))}
                    >
                      {formatFinancialYear(fy)}
                    </Button>
                    <Text
                      size="xs"
                      data-testid="compliance-difference"
                      title={taxDifferenceTitle(taxDifference)}
                      truncate
                    >
                      {taxDifferenceText(taxDifference)}
                    </Text>
                  </Group>
                ))}
              </Stack>
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
