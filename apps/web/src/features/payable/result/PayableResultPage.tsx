import { Alert, Button, Center, Loader, Menu, Stack } from '@mantine/core';
import { IconChevronDown, IconFileAnalytics, IconRefresh } from '@tabler/icons-react';
import { payableRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { OpenFromList } from '../../../components/OpenFromList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { yearLabel } from '../../../lib/financial-years.ts';
import { monthYearLabel } from '../common/months.ts';
import { PAYABLE_JOBS_PATH } from '../common/paths.ts';
import { CountBoxes, DataQualitySummary } from './CountBoxes.tsx';
import { ReportRequestDialog } from './ReportRequestDialog.tsx';
import { REPORT_KINDS, type ReportKind } from './report-kinds.ts';
import { type SummaryTab, SummaryTabs } from './SummaryTabs.tsx';
import { UnmappedGlPanel } from './UnmappedGlPanel.tsx';

const TABS: SummaryTab[] = ['monthly', 'quarterly', 'annual'];

// Spec part 3 section 2: TDS Payable Reconciliation for a financial year
// (the spec's '/{hash}?jobId='), with the report requests of the year.
export function PayableResultPage() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('jobId') ?? '';
  const asked = params.get('tab') as SummaryTab | null;
  const tab: SummaryTab = asked && TABS.includes(asked) ? asked : 'monthly';
  const [report, setReport] = useState<ReportKind | null>(null);
  const result = useApiQuery(
    payableRoutes.payableResponse,
    { params: { jobId } },
    {
      enabled: /^[0-9a-f-]{36}$/i.test(jobId),
      refetchInterval: (q) =>
        q.state.data?.status === 'InProgress' || q.state.data?.status === 'Queued' ? 3000 : false,
    },
  );
  const data = result.data;

  if (!jobId)
    return (
      <OpenFromList
        title="Choose a TDS payable reconciliation"
        to={PAYABLE_JOBS_PATH}
        action="All TDS payable reconciliation jobs"
      >
        This screen shows one year's result: open a year from All TDS Payable Reconciliation Jobs.
      </OpenFromList>
    );
  if (result.isError && !data)
    return <QueryError error={result.error} fallback="Could not fetch the details" />;
  if (!data)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  const months = [...new Set(data.monthly.map((r) => r.monthYear))].sort();

  return (
    <Stack gap="md" data-testid="tds-payable-job">
      <PageHeader
        title={`TDS Payable Reconciliation for ${yearLabel(data.financialYear)}`}
        subtitle={`Computed up to ${monthYearLabel(data.month)} · job ${data.jobId} · ${data.status}`}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => result.refetch()}
              loading={result.isRefetching}
            >
              Refresh
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  leftSection={<IconFileAnalytics size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="payable-reports-menu"
                >
                  Reports
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {REPORT_KINDS.map((k) => (
                  <Menu.Item
                    key={k.value}
                    onClick={() => setReport(k.value)}
                    data-testid={`payable-report-${k.value}`}
                  >
                    {k.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </>
        }
      />
      {data.status === 'Failed' && (
        <Alert color="red" title="The job failed">
          The figures below are the last results computed for the year.
        </Alert>
      )}
      {(data.status === 'InProgress' || data.status === 'Queued') && (
        <Alert color="blue" title="The job is still running">
          The page refreshes itself until it finishes.
        </Alert>
      )}
      <CountBoxes data={data} />
      <DataQualitySummary data={data} />
      <UnmappedGlPanel fy={data.fy} />
      <SummaryTabs
        data={data}
        tab={tab}
        onTab={(t) =>
          setParams(
            (p) => {
              p.set('tab', t);
              return p;
            },
            { replace: true },
          )
        }
      />
      <ReportRequestDialog fy={data.fy} months={months} initial={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
