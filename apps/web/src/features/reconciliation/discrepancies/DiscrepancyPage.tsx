import { Badge, Button, Center, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconMail, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { matchModeName, reconStateName } from '@taxrecon/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { FollowUpDialog } from '../../follow-ups/FollowUpDialog.tsx';
import { ChooseParty } from '../common/ChooseParty.tsx';
import { KIND_TEXT } from '../common/kind.ts';
import { downloadRoute, notifyError } from '../common/notify.ts';
import { printPath, resultPath } from '../common/paths.ts';
import { ActionBar, type DialogAction } from './ActionBar.tsx';
import { ActionDialog } from './ActionDialog.tsx';
import { BookTable } from './BookTable.tsx';
import { BulkUpdateButton } from './BulkUpdateButton.tsx';
import { DecisionsPanel } from './DecisionsPanel.tsx';
import type { AnyRow } from './rows.ts';
import { TooLargePanel } from './TooLargePanel.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';

// Spec 2.6: one customer's (vendor's) rows of a job in both books, where a
// person accepts, holds, follows up, splits and pairs them.
function DiscrepancyPage({ kind }: { kind: ReconKind }) {
  const t = KIND_TEXT[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const tan = params.get('tanNumber') ?? '';
  const year = params.get('financialYear') ?? params.get('year') ?? undefined;
  const givenJob = params.get('jobId') ?? undefined;
  const [book, setBook] = useState<AnyRow[]>([]);
  const [taxBook, setTaxBook] = useState<AnyRow[]>([]);
  const [followUp, setFollowUp] = useState(false);
  const [dialog, setDialog] = useState<{ action: DialogAction; correlate: boolean } | null>(null);
  // the header only: both tables page, sort and search on their own
  const header = useApiQuery(
    reconciliationRoutes.discrepancies,
    {
      params: { tan },
      query: { jobId: givenJob, year: givenJob ? undefined : year, discrepancyType: kind, pageSize: '1' },
    },
    { enabled: !!tan },
  );
  const h = header.data;
  const jobId = h?.jobId ?? givenJob ?? '';
  const selection = { book, taxBook };
  const reload = () => {
    setBook([]);
    setTaxBook([]);
    return queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'api' && String(q.queryKey[1]).startsWith('/discrepancy'),
    });
  };

  if (!tan) return <ChooseParty kind={kind} />;
  if (header.isError)
    return <QueryError error={header.error} fallback="Cannot Fetch Reconciliation Response" />;
  if (!h)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  const download = () =>
    downloadRoute(reconciliationRoutes.downloadCustomer, { tan: h.entityId }, `${h.entityId}.zip`, {
      jobId,
    }).catch((e) => notifyError(e));
  return (
    <Stack gap="md" data-testid={`${kind.toLowerCase()}-discrepancies`}>
      <PageHeader
        title={`${h.customerName}`}
        subtitle={
          <Group gap="xs" component="span">
            <span>
              {h.customerTAN ?? h.entityId} · {formatFinancialYear(h.year)} · matched on{' '}
              {matchModeName(h.reconMatchPreferences)}
            </span>
            <Badge size="sm" variant="light" tt="none" data-testid="discrepancy-category">
              {reconStateName(h.category)}
            </Badge>
          </Group>
        }
        actions={
          <>
            {kind === 'TCS' && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => navigate(resultPath(kind, jobId))}
              >
                Go Back
              </Button>
            )}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={16} />}
              onClick={reload}
              data-testid="discrepancy-reload"
            >
              Reload
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} />}
              onClick={download}
              data-testid="discrepancy-download"
            >
              Download
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPrinter size={16} />}
              onClick={() => navigate(printPath(kind, jobId, h.year, tan))}
              data-testid="discrepancy-print"
            >
              Print view
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconMail size={16} />}
              onClick={() => setFollowUp(true)}
              data-testid="discrepancy-follow-up"
            >
              Follow up
            </Button>
            {kind === 'TCS' && <BulkUpdateButton jobId={jobId} tan={tan} kind="TCS" label="Bulk Update" />}
          </>
        }
      />
      {h.tooLarge ? (
        <TooLargePanel header={h} />
      ) : (
        <>
          <ActionBar
            selection={selection}
            onAction={(action, correlate) => setDialog({ action, correlate })}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            <BookTable
              kind={kind}
              side="book"
              jobId={jobId}
              tan={tan}
              title={t.book}
              selected={book}
              onSelect={setBook}
            />
            <BookTable
              kind={kind}
              side="taxBook"
              jobId={jobId}
              tan={tan}
              title="26AS"
              selected={taxBook}
              onSelect={setTaxBook}
            />
          </SimpleGrid>
          <TotalsPanel kind={kind} selection={selection} header={h} />
        </>
      )}
      <DecisionsPanel jobId={jobId} tan={tan} />
      {followUp && (
        <FollowUpDialog
          kind={kind}
          jobId={jobId}
          tan={h.entityId}
          customerName={h.customerName}
          opened
          onClose={() => setFollowUp(false)}
        />
      )}
      {dialog && (
        <ActionDialog
          jobId={jobId}
          action={dialog.action}
          correlate={dialog.correlate}
          selection={selection}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </Stack>
  );
}

export const TdsDiscrepanciesPage = () => <DiscrepancyPage kind="TDS" />;
export const TcsDiscrepanciesPage = () => <DiscrepancyPage kind="TCS" />;
