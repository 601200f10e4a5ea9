import { Accordion, Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconExternalLink, IconInfoCircle, IconMail, IconRefresh, IconTrash } from '@tabler/icons-react';
import { type CustomerResultEntry, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { matchModeName, reconStateName } from '@taxrecon/shared';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { FollowUpDialog } from '../../follow-ups/FollowUpDialog.tsx';
import { KIND_TEXT } from '../common/kind.ts';
import { inr } from '../common/money.ts';
import { downloadRoute, notifyError, notifySuccess } from '../common/notify.ts';
import { discrepancyPath, openInNewWindow } from '../common/paths.ts';
import { ReportButton } from '../common/ReportButton.tsx';
import { Tile } from './ResultFigures.tsx';

// Spec 2.4: '[Mismatch]' pink, '[Manually Matched by the User]' pale yellow, or
// the remarks subtype in green with the match mode of a full match.
export const entryHeading = (
  e: CustomerResultEntry,
): { label: string; color: string; mode: string | null } => {
  if (e.manuallyMatched) return { label: '[Manually Matched by the User]', color: 'yellow', mode: null };
  if (e.category === 'fullMatches')
    return { label: `[${e.overallRemarksSubType}]`, color: 'green', mode: `(${e.overallMatchMode} match)` };
  // '[Mismatch]' only for a mismatched customer; one missing from a book says which
  if (e.category === 'partialMatches') return { label: '[Mismatch]', color: 'pink', mode: null };
  return { label: `[${reconStateName(e.category)}]`, color: 'orange', mode: null };
};

const matchedLine = (matched: number, total: number, book: string): string | null =>
  total > 0
    ? `${matched} of ${total} transactions matched in ${book} (${((matched * 100) / total).toFixed(2)}% matched)`
    : null;

export function CustomerHeading({ entry }: { entry: CustomerResultEntry }) {
  const heading = entryHeading(entry);
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`customer-heading-${entry.entityId}`}>
      <Badge
        color={heading.color}
        variant={heading.color === 'yellow' ? 'light' : 'filled'}
        radius="sm"
        // the words as written ('[Mismatch]'), not shouted in capitals
        tt="none"
      >
        {heading.label}
      </Badge>
      <Text fw={600} size="sm">
        {entry.customerName}
      </Text>
      <Text size="xs" c="dimmed">
        {entry.identifier.identifierType} {entry.identifier.identifier}
      </Text>
      {heading.mode && (
        <Text size="xs" c="green.8">
          {heading.mode}
        </Text>
      )}
    </Group>
  );
}

export function CustomerEntry(props: {
  kind: ReconKind;
  jobId: string;
  financialYear: string;
  entry: CustomerResultEntry;
  onChanged: () => void;
}) {
  const { kind, jobId, entry } = props;
  const t = KIND_TEXT[kind];
  const [syncing, setSyncing] = useState(false);
  const [followUp, setFollowUp] = useState(false);
  const id = entry.entityId;
  const lines = [
    matchedLine(entry.totalMatchedEntriesSales, entry.totalEntriesSales, t.book),
    // the tax book is 26AS for TDS and for TCS (Part VI) alike, as every other screen says
    matchedLine(entry.totalMatchedEntriesTaxBook, entry.totalEntriesTaxBook, '26AS'),
  ].filter((l): l is string => l !== null);

  const sync = async () => {
    setSyncing(true);
    try {
      const answer = await call(reconciliationRoutes.syncCustomer, { params: { tan: id }, query: { jobId } });
      if (answer.throttled) notifyError(null, answer.message);
      else notifySuccess(answer.message);
      props.onChanged();
    } catch (error) {
      notifyError(error);
    } finally {
      setSyncing(false);
    }
  };

  const remove = () =>
    modals.openConfirmModal({
      title: 'Confirm Customer Delete',
      children: <Text size="sm">Delete {entry.customerName} from the output of this job?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const answer = await call(reconciliationRoutes.deleteJobCustomer, {
            params: { jobId, customer: id },
          });
          notifySuccess(answer.message);
          props.onChanged();
        } catch (error) {
          notifyError(error);
        }
      },
    });

  return (
    <Accordion.Item value={id} data-testid={`customer-${id}`}>
      <Accordion.Control data-testid={`customer-toggle-${id}`}>
        <Group justify="space-between" wrap="nowrap" pr="sm">
          <CustomerHeading entry={entry} />
          {/* what a sorted tab is sorted on, without opening each customer */}
          {entry.category !== 'fullMatches' && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t.tax} difference <b>{inr(entry.totalDiscrepancy)}</b>
            </Text>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="xs">
            <Tile
              label={`${t.tax} per 26AS`}
              value={inr(entry.totalTaxAccordingToTaxBook)}
              testId={`customer-tax-26as-${id}`}
            />
            <Tile
              label={`${t.tax} per ${t.book}`}
              value={inr(entry.totalTaxAccordingToSales)}
              testId={`customer-tax-book-${id}`}
              color="grape"
            />
            <Tile
              label={`${t.amount} per 26AS`}
              value={inr(entry.totalAccordingToTaxBook)}
              testId={`customer-amount-26as-${id}`}
              color="teal"
            />
            <Tile
              label={`${t.amount} per ${t.book}`}
              value={inr(entry.totalAccordingToSales)}
              testId={`customer-amount-book-${id}`}
              color="orange"
            />
          </SimpleGrid>
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
            Matched on {matchModeName(entry.reconMatchPreferences)}. {t.tax} difference (book minus 26AS):{' '}
            <b data-testid={`customer-difference-${id}`}>{inr(entry.totalDiscrepancy)}</b>
            {entry.claimedByTotals ? ' — claimed by totals within the tolerance.' : ''}
          </Alert>
          {lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconExternalLink size={16} />}
              disabled={entry.category === 'fullMatches'}
              onClick={() => openInNewWindow(discrepancyPath(kind, jobId, props.financialYear, id))}
              data-testid={`customer-explore-${id}`}
            >
              Explore
            </Button>
            <ReportButton
              label="Report"
              transactions={entry.totalEntriesSales + entry.totalEntriesTaxBook}
              defaultFileName={`${entry.customerName.replace(/[^A-Za-z0-9 _()-]/g, '')}-${props.financialYear}`}
              onDownload={() =>
                downloadRoute(reconciliationRoutes.downloadCustomer, { tan: id }, `${id}.zip`, { jobId })
              }
              onReport={(fileName) =>
                call(reconciliationRoutes.reportCustomer, { params: { tan: id }, query: { jobId, fileName } })
              }
              testId={`customer-report-${id}`}
            />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMail size={16} />}
              onClick={() => setFollowUp(true)}
              data-testid={`customer-follow-up-${id}`}
            >
              {t.tax} Follow up
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={syncing}
              onClick={sync}
              data-testid={`customer-sync-${id}`}
            >
              Sync
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={remove}
              data-testid={`customer-delete-${id}`}
            >
              Delete
            </Button>
          </Group>
        </Stack>
        {followUp && (
          <FollowUpDialog
            kind={kind}
            jobId={jobId}
            tan={id}
            customerName={entry.customerName}
            opened
            onClose={() => setFollowUp(false)}
          />
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
