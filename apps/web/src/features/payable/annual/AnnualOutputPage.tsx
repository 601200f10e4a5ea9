import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { payableRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { yearLabel } from '../../../lib/financial-years.ts';
import { monthYearLabel } from '../common/months.ts';
import { newPayablePath, payableResultPath } from '../common/paths.ts';
import { Form3cdTable } from '../result/SummaryTabs.tsx';

// The spec does not show this screen's content (docs/decisions.md): it is the
// year's annual output, Form 3CD clause 34(a) per section, from the year's
// first finished 34A job, as the job list's View uses.
export function AnnualOutputPage() {
  const navigate = useNavigate();
  const tree = useApiQuery(payableRoutes.payableJobsByYear, {});
  const years = (tree.data ?? []).filter((y) => y.firstCompletedJobId);
  const [chosen, setChosen] = useState<string | null>(null);
  const year = years.find((y) => y.financialYear === chosen) ?? years[0];
  const jobId = year?.firstCompletedJobId ?? '';
  const result = useApiQuery(payableRoutes.payableResponse, { params: { jobId } }, { enabled: !!jobId });

  return (
    <Stack gap="md" data-testid="view-34a-output-annual">
      <PageHeader
        title="Annual Output"
        subtitle="Form 3CD clause 34(a): TDS payable by section for the financial year"
        actions={
          <Select
            placeholder="Financial year"
            data={years.map((y) => ({ value: y.financialYear, label: yearLabel(y.financialYear) }))}
            value={year?.financialYear ?? null}
            onChange={setChosen}
            allowDeselect={false}
            w={200}
            data-testid="annual-year"
          />
        }
      />
      {tree.isError && <QueryError error={tree.error} fallback="Could not fetch Jobs" />}
      {result.isError && <QueryError error={result.error} fallback="Could not fetch the details" />}
      {tree.isLoading || (jobId && result.isLoading) ? (
        <Center mih={160}>
          <Loader />
        </Center>
      ) : !year ? (
        <Alert color="gray" title="No finished 34A job yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The annual output appears once a 34A reconciliation of the year has finished.
            </Text>
            <Button size="xs" onClick={() => navigate(newPayablePath())}>
              New 34A Reconciliation
            </Button>
          </Stack>
        </Alert>
      ) : (
        result.data && (
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {yearLabel(result.data.financialYear)}, computed up to {monthYearLabel(result.data.month)}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  rightSection={<IconArrowRight size={14} />}
                  onClick={() => navigate(payableResultPath(jobId, 'annual'))}
                >
                  Open the year's result
                </Button>
              </Group>
              <Form3cdTable data={result.data} />
            </Stack>
          </Paper>
        )
      )}
    </Stack>
  );
}
