import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconDotsVertical,
  IconDownload,
  IconFilter,
  IconMailForward,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type ReconJobTree, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import type { z } from 'zod';
import { downloadRoute, notifyError } from '../common/notify.ts';
import { bulkFollowUpPath, openInNewWindow, smartFiltersPath } from '../common/paths.ts';

type Year = z.infer<typeof ReconJobTree>[number];

// Spec 2.3: View, New and Delete for a year; TDS adds bulk follow-up, smart
// filters and the 26AS file. View and the TDS extras need a completed job.
export function YearActions(props: {
  kind: ReconKind;
  year: Year;
  onView: (jobId: string) => void;
  onNew: () => void;
  onDelete: () => void;
}) {
  const { kind, year } = props;
  const jobId = year.firstCompletedJobId;
  const fy = year.financialYear;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-xs"
        disabled={!jobId}
        onClick={() => jobId && props.onView(jobId)}
        data-testid={`recon-year-view-${fy}`}
      >
        View
      </Button>
      <Tooltip label={`New ${kind} Reconciliation`}>
        <ActionIcon
          variant="light"
          onClick={props.onNew}
          aria-label="New reconciliation"
          data-testid={`recon-year-new-${fy}`}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete all reconciliations of the year">
        <ActionIcon
          variant="light"
          color="red"
          onClick={props.onDelete}
          aria-label="Delete"
          data-testid={`recon-year-delete-${fy}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      {kind === 'TDS' && jobId && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label="More actions" data-testid={`recon-year-more-${fy}`}>
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconMailForward size={14} />}
              onClick={() => openInNewWindow(bulkFollowUpPath(jobId))}
            >
              Bulk follow-up
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFilter size={14} />}
              onClick={() => openInNewWindow(smartFiltersPath(jobId))}
            >
              Smart filters
            </Menu.Item>
            <Menu.Item
              leftSection={<IconDownload size={14} />}
              onClick={() =>
                downloadRoute(reconciliationRoutes.download26as, { jobOrYear: jobId }, `${fy}.txt`).catch(
                  (e) => notifyError(e),
                )
              }
            >
              Download 26AS file
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
