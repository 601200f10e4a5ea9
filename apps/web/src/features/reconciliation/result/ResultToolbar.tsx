import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconChartLine,
  IconFilter,
  IconMailForward,
  IconRefresh,
} from '@tabler/icons-react';
import { type ReconKind, type ReconResultPage, reconciliationRoutes } from '@taxrecon/contracts';
import { jobStatusName, matchModeName } from '@taxrecon/shared';
import { addDays, format, parseISO } from 'date-fns';
import { call } from '../../../api/client.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { downloadRoute } from '../common/notify.ts';
import { bulkFollowUpPath, openInNewWindow, smartFiltersPath } from '../common/paths.ts';
import { ReportButton } from '../common/ReportButton.tsx';

// Spec 2.4: the range shown is the job's start date to its end date minus one day.
export const dateRange = (start: string, end: string): string =>
  `${format(parseISO(start), 'dd MMM yyyy')} – ${format(addDays(parseISO(end), -1), 'dd MMM yyyy')}`;

export function ResultToolbar(props: {
  kind: ReconKind;
  data: ReconResultPage;
  refreshing: boolean;
  onRefresh: () => void;
  onWarnings: () => void;
  onSettings: () => void;
  onInsights: () => void;
}) {
  const { kind, data } = props;
  const p = data.jobParams;
  const t = KIND_TEXT[kind];
  return (
    <Paper withBorder radius="md" p="md" data-testid="result-header">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3" data-testid="result-title">
              {t.jobType}
            </Title>
            <Badge variant="light" data-testid="result-status" data-status={p.status}>
              {jobStatusName(p.status)}
            </Badge>
          </Group>
          <Text size="sm" data-testid="result-range">
            {dateRange(p.startDate, p.endDate)}
          </Text>
          <Text size="xs" c="dimmed">
            Job {p.jobId} · run by {p.userId} at {formatDateTime(p.datetime)} ·{' '}
            {formatCount(p.transactionsCount)} transactions · matched on{' '}
            {matchModeName(p.reconMatchPreferences)}
            {p.notes ? ` · ${p.notes}` : ''}
          </Text>
          {data.metadata.leftOutRows > 0 && (
            <Text size="xs" c="dimmed" data-testid="result-left-out">
              {formatCount(data.metadata.leftOutRows)} purchase bills without TCS were left out: nothing of
              theirs is in Part VI
            </Text>
          )}
        </Stack>
        <Group gap="xs" className="recon-no-print">
          {data.unsynchronisedTotal > 0 && (
            <Button
              size="xs"
              color="orange"
              variant="light"
              leftSection={<IconAlertTriangle size={16} />}
              onClick={props.onWarnings}
              data-testid="result-warnings"
            >
              Warnings ({formatCount(data.unsynchronisedTotal)})
            </Button>
          )}
          {kind === 'TDS' && (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMailForward size={16} />}
                onClick={() => openInNewWindow(bulkFollowUpPath(p.jobId))}
              >
                Send bulk follow-up
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFilter size={16} />}
                onClick={() => openInNewWindow(smartFiltersPath(p.jobId))}
              >
                Smart filters
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconChartLine size={16} />}
                onClick={props.onInsights}
                data-testid="result-insights"
              >
                Tolerance insights
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconAdjustments size={16} />}
            onClick={props.onSettings}
            data-testid="result-settings"
          >
            Report settings
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={props.refreshing}
            onClick={props.onRefresh}
            data-testid="result-refresh"
          >
            Refresh
          </Button>
          <ReportButton
            label="Download whole data"
            transactions={p.transactionsCount}
            defaultFileName={`${t.tax}-reconciliation-${p.financialYear}`}
            onDownload={() =>
              downloadRoute(reconciliationRoutes.downloadJob, { jobId: p.jobId }, `${p.jobId}.zip`)
            }
            onReport={(fileName) =>
              call(reconciliationRoutes.reportJob, { params: { jobId: p.jobId }, query: { fileName } })
            }
            testId="result-download"
          />
        </Group>
      </Group>
    </Paper>
  );
}
