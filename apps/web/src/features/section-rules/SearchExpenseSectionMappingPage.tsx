import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconSearch, IconX } from '@tabler/icons-react';
import { type ExpenseSectionMappingRow, sectionRulesRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { download, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, dayColumn, type GridColumn } from '../../components/DataGrid.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { sectionText } from './section-type-draft.ts';

const routes = sectionRulesRoutes;
const EMPTY = {
  expenseKey: '',
  expenseDescription: '',
  sectionNumber: '',
  expenseType: '',
  expenseTypeDetail: '',
  applicableFromDate: '',
  applicableToDate: '',
};
type Filter = typeof EMPTY;

const columns: GridColumn<ExpenseSectionMappingRow>[] = [
  { accessor: 'expensekey', title: 'Expense Key', value: (r) => r.expensekey },
  { accessor: 'expensedescription', title: 'Description', value: (r) => r.expensedescription, width: 260 },
  {
    accessor: 'section',
    title: 'Section',
    value: (r) => sectionText({ sectionnumber: r.sectionnumber, subsection: r.subsection }),
  },
  { accessor: 'expensetype', title: 'Expense Type', value: (r) => r.expensetype },
  { accessor: 'tdsexempted', title: 'TDS Exempted', value: (r) => (r.tdsexempted ? 'Yes' : 'No') },
  dayColumn('applicablefromdate', 'Applicable From', (r) => r.applicablefromdate),
  dayColumn('applicabletodate', 'Applicable To', (r) => r.applicabletodate),
];

// Search Expense Section Mapping (spec part 3 section 2): searches on load,
// 50 a page; the download is the upload's file format.
export function SearchExpenseSectionMappingPage() {
  const [form, setForm] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const query = useApiQuery(routes.searchExpenseSectionMappings, { body: filter });
  const field = (key: keyof Filter, label: string) => (
    <TextInput
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
    />
  );
  const day = (key: 'applicableFromDate' | 'applicableToDate', label: string) => (
    <DayInput
      label={label}
      value={form[key]}
      onChange={(iso) => setForm({ ...form, [key]: iso })}
      data-testid={`expense-mapping-${key}`}
    />
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Search Expense Section Mapping"
        subtitle="Which section an expense key (GL code, primary or secondary expense key) falls under"
        actions={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            data-testid="expense-mapping-download"
            onClick={() =>
              download(
                'GET',
                routes.downloadExpenseSectionMappings.path,
                'expense_section_mapping.txt',
              ).catch((e: unknown) =>
                notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(e) }),
              )
            }
          >
            Download
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilter(form);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {field('expenseKey', 'Expense Key')}
            {field('expenseDescription', 'Description')}
            {field('sectionNumber', 'Section')}
            {field('expenseType', 'Expense Type')}
            {field('expenseTypeDetail', 'Expense Type Detail')}
            {day('applicableFromDate', 'Applicable From')}
            {day('applicableToDate', 'Applicable To')}
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="expense-mapping-search">
              Search
            </Button>
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => {
                setForm(EMPTY);
                setFilter(EMPTY);
              }}
            >
              Clear
            </Button>
          </Group>
        </form>
      </Paper>
      {query.isError ? (
        <QueryError error={query.error} />
      ) : (
        <DataGrid
          records={query.data ?? []}
          columns={columns}
          idAccessor={(r) => r.id}
          fetching={query.isFetching}
          noRecordsText="No Results Found"
          exportName="expense_section_mappings"
          testId="expense-mapping-grid"
        />
      )}
    </Stack>
  );
}
