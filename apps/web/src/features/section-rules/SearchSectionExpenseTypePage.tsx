import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDownload, IconEdit, IconPencil, IconSearch, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SectionExpenseTypeRow, sectionRulesRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, download, errorMessage } from '../../api/client.ts';
import { apiKey, useApiQuery } from '../../api/hooks.ts';
import { DataGrid, dayColumn, type GridColumn } from '../../components/DataGrid.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { SectionTypeEditDialog } from './SectionTypeEditDialog.tsx';
import {
  changedDrafts,
  draftErrors,
  draftOf,
  rateText,
  type SectionTypeDraft,
  sectionText,
  thresholdText,
  thresholdValue,
  updateOf,
} from './section-type-draft.ts';

const routes = sectionRulesRoutes;
type Filter = Record<
  'sectionNumber' | 'expenseType' | 'expenseTypeDetail' | 'applicableFromDate' | 'applicableToDate',
  string
> & {
  tdsExempted: string;
  tdsRate: string;
};
const EMPTY: Filter = {
  sectionNumber: '',
  expenseType: '',
  expenseTypeDetail: '',
  tdsExempted: '',
  tdsRate: '',
  applicableFromDate: '',
  applicableToDate: '',
};
const toRequest = (f: Filter) => ({
  sectionNumber: f.sectionNumber,
  expenseType: f.expenseType,
  expenseTypeDetail: f.expenseTypeDetail,
  tdsExempted: f.tdsExempted === '' ? null : f.tdsExempted === 'true',
  // as typed: the contract reads it and names the field if it is not a rate
  tdsRate: f.tdsRate,
  applicableFromDate: f.applicableFromDate,
  applicableToDate: f.applicableToDate,
});
const INLINE_RATES = ['tdsratecompany', 'tdsrateindividual', 'tdsrateothers'] as const;

// Search Section Expense Type (spec part 3 section 2): filters, 50 rows a page,
// sortable and filterable columns, inline editing of the rates and an Edit dialog.
export function SearchSectionExpenseTypePage() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [dialog, setDialog] = useState<SectionTypeDraft | null>(null);
  const [inline, setInline] = useState<Record<string, SectionTypeDraft>>({});
  const body = toRequest(filter);
  const query = useApiQuery(routes.searchSectionExpenseTypes, { body });
  const rows = query.data ?? [];

  const save = useMutation({
    mutationFn: (drafts: SectionTypeDraft[]) =>
      call(routes.updateSectionExpenseType, {
        body: drafts.length === 1 ? updateOf(drafts[0]!) : drafts.map(updateOf),
      }),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      setDialog(null);
      setInline({});
      void queryClient.invalidateQueries({ queryKey: apiKey(routes.searchSectionExpenseTypes) });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Failed to update due to error',
        message: errorMessage(error),
      }),
  });

  const editing = (row: SectionExpenseTypeRow) => inline[row.sectionexpensetypeid];
  const setRate = (row: SectionExpenseTypeRow, key: (typeof INLINE_RATES)[number], v: string | number) =>
    setInline((all) => {
      const draft = all[row.sectionexpensetypeid] ?? draftOf(row);
      return { ...all, [row.sectionexpensetypeid]: { ...draft, [key]: v === '' ? Number.NaN : Number(v) } };
    });
  const stopInline = (id: string) =>
    setInline((all) => {
      const { [id]: _gone, ...rest } = all;
      return rest;
    });
  const pending = changedDrafts(inline, rows);
  const inlineInvalid = pending.some((d) => Object.keys(draftErrors(d)).length > 0);

  const rateColumn = (
    key: (typeof INLINE_RATES)[number],
    title: string,
  ): GridColumn<SectionExpenseTypeRow> => ({
    accessor: key,
    title,
    value: (r) => r[key],
    textAlign: 'right',
    render: (r) => {
      const draft = editing(r);
      if (!draft) return rateText(r[key]);
      return (
        <NumberInput
          size="xs"
          w={80}
          min={0}
          max={100}
          decimalScale={4}
          value={Number.isNaN(draft[key]) ? '' : draft[key]}
          onChange={(v) => setRate(r, key, v)}
          error={draftErrors(draft)[key] ? true : undefined}
          aria-label={title}
          data-testid={`inline-${key}`}
        />
      );
    },
  });

  const columns: GridColumn<SectionExpenseTypeRow>[] = [
    // The period comes straight after the section: a section's rows for the
    // old and the new Act differ only there, and off to the right at 1440 px
    // they read as the same row twice.
    { accessor: 'section', title: 'Section', value: (r) => sectionText(r), noWrap: true },
    dayColumn('applicablefromdate', 'Applicable From', (r) => r.applicablefromdate),
    dayColumn('applicabletodate', 'Applicable To', (r) => r.applicabletodate),
    { accessor: 'expensetype', title: 'Expense Type', value: (r) => r.expensetype },
    { accessor: 'expensetypedetail', title: 'Detail', value: (r) => r.expensetypedetail, width: 240 },
    { accessor: 'tdsexempted', title: 'TDS Exempted?', value: (r) => (r.tdsexempted ? 'Yes' : 'No') },
    rateColumn('tdsratecompany', 'Company'),
    rateColumn('tdsrateindividual', 'Individual'),
    rateColumn('tdsrateothers', 'Others'),
    {
      accessor: 'tdsfornoorinvalidpan',
      title: 'No / invalid PAN',
      value: (r) => r.tdsfornoorinvalidpan,
      render: (r) => rateText(r.tdsfornoorinvalidpan),
      textAlign: 'right',
    },
    {
      accessor: 'thresholdinvoice',
      title: 'Invoice threshold',
      value: (r) => thresholdValue(r.thresholdinvoice),
      render: (r) => thresholdText(r.thresholdinvoice),
      textAlign: 'right',
      noWrap: true,
    },
    {
      accessor: 'thresholdmonthly',
      title: 'Monthly threshold',
      value: (r) => thresholdValue(r.thresholdmonthly),
      render: (r) => thresholdText(r.thresholdmonthly),
      textAlign: 'right',
      noWrap: true,
    },
    {
      accessor: 'thresholdannually',
      title: 'Annual threshold',
      value: (r) => thresholdValue(r.thresholdannually),
      render: (r) => thresholdText(r.thresholdannually),
      textAlign: 'right',
      noWrap: true,
    },
    {
      accessor: 'actions',
      title: '',
      value: () => null,
      sortable: false,
      filterable: false,
      exportable: false,
      render: (r) =>
        editing(r) ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="green"
              aria-label="Save row"
              disabled={Object.keys(draftErrors(editing(r)!)).length > 0}
              onClick={() => save.mutate([editing(r)!])}
            >
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Cancel"
              onClick={() => stopInline(r.sectionexpensetypeid)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit rates in the row">
              <ActionIcon
                variant="subtle"
                aria-label="Edit in row"
                onClick={() => setInline((all) => ({ ...all, [r.sectionexpensetypeid]: draftOf(r) }))}
                data-testid="inline-edit"
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                aria-label="Edit"
                onClick={() => setDialog(draftOf(r))}
                data-testid="dialog-edit"
              >
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  const field = (key: keyof Filter, label: string) => (
    <TextInput
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Search Section Expense Type"
        subtitle="TDS rates and thresholds by section and expense type, with the dates they apply between"
        actions={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              download('GET', routes.downloadSectionExpenseTypes.path, 'section_expense_type.txt').catch(
                (e: unknown) =>
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
            {field('sectionNumber', 'Section')}
            {field('expenseType', 'Expense Type')}
            {field('expenseTypeDetail', 'Detail')}
            <Select
              label="TDS Exempted?"
              data={[
                { value: '', label: 'Any' },
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
              value={form.tdsExempted}
              onChange={(v) => setForm({ ...form, tdsExempted: v ?? '' })}
            />
            <TextInput
              label="TDS Rate (%)"
              value={form.tdsRate}
              onChange={(e) => setForm({ ...form, tdsRate: e.currentTarget.value })}
            />
            <DayInput
              label="Applicable From"
              value={form.applicableFromDate}
              onChange={(v) => setForm({ ...form, applicableFromDate: v })}
            />
            <DayInput
              label="Applicable To"
              value={form.applicableToDate}
              onChange={(v) => setForm({ ...form, applicableToDate: v })}
            />
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="section-type-search">
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
          records={rows}
          columns={columns}
          idAccessor={(r) => r.sectionexpensetypeid}
          fetching={query.isFetching}
          noRecordsText="No Results Found"
          exportName="section_expense_types"
          testId="section-type-grid"
          toolbar={
            pending.length > 1 && (
              <Button
                size="xs"
                loading={save.isPending}
                disabled={inlineInvalid}
                onClick={() => save.mutate(pending)}
              >
                Save {pending.length} edited rows
              </Button>
            )
          }
        />
      )}
      <SectionTypeEditDialog
        draft={dialog}
        saving={save.isPending}
        onClose={() => setDialog(null)}
        onUpdate={(d) => save.mutate([d])}
      />
    </Stack>
  );
}
