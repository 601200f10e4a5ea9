import { Badge, Group, Paper, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useEffect, useState } from 'react';

// The jobs of an entity as a tree by financial year (spec 2.3 and part 3
// section 4): a row a year with its count of jobs and its actions, opening on
// the year's jobs. The latest year starts open.

interface JobOfYear {
  jobId: string;
  status: string;
}
interface YearOfJobs<J extends JobOfYear> {
  financialYear: string;
  hasCompleted: boolean;
  jobs: J[];
}

// While a job of any year runs, the tree is fetched every 3 s so its row follows it.
export const refetchWhileRunning = <J extends JobOfYear>(years: readonly YearOfJobs<J>[] | undefined) =>
  years?.some((y) => y.jobs.some((j) => j.status === 'InProgress' || j.status === 'Queued')) ? 3000 : false;

export function YearJobTree<J extends JobOfYear, Y extends YearOfJobs<J>>(props: {
  years: Y[];
  loading: boolean;
  label: (year: Y) => string;
  actions: (year: Y) => ReactNode;
  actionsWidth: number;
  jobColumns: DataTableColumn<J>[];
  noYearsText: string;
  noJobsText: string;
  // `<testId>-tree`, `<testId>-year-<fy>` and `<testId>s-<fy>` (the year's jobs)
  testId: string;
}) {
  const { years, testId } = props;
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const firstYear = years[0]?.financialYear;
  useEffect(() => {
    if (firstYear) setExpanded((e) => (e.length ? e : [firstYear]));
  }, [firstYear]);

  return (
    <Paper withBorder radius="lg" p="md">
      <DataTable<Y>
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        minHeight={years.length === 0 ? 160 : undefined}
        records={years}
        idAccessor="financialYear"
        fetching={props.loading}
        noRecordsText={props.noYearsText}
        data-testid={`${testId}-tree`}
        columns={[
          {
            accessor: 'label',
            title: 'Financial Year',
            render: (y) => (
              <Text fw={600} size="sm" data-testid={`${testId}-year-${y.financialYear}`}>
                {props.label(y)}
              </Text>
            ),
          },
          {
            accessor: 'jobs',
            title: 'Jobs',
            render: (y) => (
              <Group gap={4}>
                <Badge variant="light">
                  {y.jobs.length} job{y.jobs.length === 1 ? '' : 's'}
                </Badge>
                {y.hasCompleted && (
                  <Badge color="green" variant="light">
                    completed
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: 'actions', title: 'Actions', width: props.actionsWidth, render: props.actions },
        ]}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <Paper p="sm" bg="gray.0">
              <DataTable<J>
                withTableBorder
                borderRadius="sm"
                striped
                records={record.jobs}
                idAccessor="jobId"
                columns={props.jobColumns}
                noRecordsText={props.noJobsText}
                data-testid={`${testId}s-${record.financialYear}`}
              />
            </Paper>
          ),
        }}
      />
    </Paper>
  );
}
