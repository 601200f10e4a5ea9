import {
  Badge,
  Button,
  Group,
  HoverCard,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { type Conversation, followUpRoutes, type ReconKind } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inr } from '../reconciliation/common/money.ts';
import { notifyError } from '../reconciliation/common/notify.ts';
import { ActionIcon } from './action-look.tsx';
import { isBlank, RichText, RichTextEditor } from './RichTextEditor.tsx';

// The info panel of an entry: the totals from our books and 26AS when it was written.
function InfoPanel({ kind, entry }: { kind: ReconKind; entry: Conversation }) {
  if (entry.totalTaxFromBook === null) return <Text size="xs">No totals recorded.</Text>;
  const cell = (label: string, value: string | null) => (
    <>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ta="right" fw={600}>
        {inr(value)}
      </Text>
    </>
  );
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2} miw={280}>
      {cell('Amount per our books', entry.totalFromBook)}
      {cell(`${kind} per our books`, entry.totalTaxFromBook)}
      {cell('Amount per 26AS', entry.totalFromTaxBook)}
      {cell(`${kind} per 26AS`, entry.totalTaxFromTaxBook)}
      {cell('Amount difference', entry.diffTotal)}
      {cell(`${kind} difference`, entry.diffTax)}
    </SimpleGrid>
  );
}

function Meta({ entry }: { entry: Conversation }) {
  return (
    <Text size="xs" c="dimmed">
      {entry.systemCreated && entry.userId === 'system' ? 'TaxRecon' : entry.userId} ·{' '}
      {formatDateTime(entry.createdDateTime)}
    </Text>
  );
}

// Spec 2.9: the 'Followup History' timeline of ACTION and COMMENT entries,
// ending with NEW-COMMENT, a rich-text editor with a Comment button.
export function ThreadTimeline(props: {
  kind: ReconKind;
  threadId: string;
  entries: readonly Conversation[];
  onAdded: () => void;
}) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const comment = async () => {
    setBusy(true);
    try {
      await call(followUpRoutes.addConversation, {
        params: { threadId: props.threadId },
        body: { conversationType: 'COMMENT', comments: draft },
      });
      setDraft('');
      props.onAdded();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="md">
        Followup History
      </Title>
      <Timeline bulletSize={26} lineWidth={2} data-testid="thread-timeline">
        {props.entries.map((e) =>
          e.conversationType === 'ACTION' ? (
            <Timeline.Item
              key={e.id}
              bullet={<ActionIcon name={e.metadata.icon} />}
              color={e.metadata.badgeColor ?? 'blue'}
              data-testid={`thread-entry-${e.id}`}
              data-type="ACTION"
              title={
                <Group gap="xs">
                  <Badge
                    color={e.metadata.badgeColor ?? 'blue'}
                    leftSection={<ActionIcon name={e.metadata.icon} size={12} />}
                    variant="light"
                  >
                    ACTION
                  </Badge>
                  <Meta entry={e} />
                </Group>
              }
            >
              <Stack gap={4} mt={4}>
                <RichText html={e.comments} />
                <Paper bg="var(--mantine-color-gray-light)" p="xs" radius="sm" w="fit-content">
                  <InfoPanel kind={props.kind} entry={e} />
                </Paper>
              </Stack>
            </Timeline.Item>
          ) : (
            <Timeline.Item
              key={e.id}
              bullet={<ActionIcon name="comment" />}
              color="gray"
              data-testid={`thread-entry-${e.id}`}
              data-type="COMMENT"
              title={<Meta entry={e} />}
            >
              <HoverCard position="right" withArrow shadow="md" openDelay={200}>
                <HoverCard.Target>
                  <Paper withBorder p="xs" radius="sm" mt={4}>
                    <RichText html={e.comments} />
                  </Paper>
                </HoverCard.Target>
                <HoverCard.Dropdown>
                  <InfoPanel kind={props.kind} entry={e} />
                </HoverCard.Dropdown>
              </HoverCard>
            </Timeline.Item>
          ),
        )}
        <Timeline.Item bullet={<IconMessagePlus size={14} />} title="New comment" data-type="NEW-COMMENT">
          <Stack gap="xs" mt={4}>
            <RichTextEditor
              value={draft}
              onChange={setDraft}
              minHeight={80}
              testId="thread-new-comment"
              label="New comment"
            />
            <Group justify="flex-end">
              <Button
                size="xs"
                onClick={comment}
                loading={busy}
                disabled={isBlank(draft)}
                data-testid="thread-comment"
              >
                Comment
              </Button>
            </Group>
          </Stack>
        </Timeline.Item>
      </Timeline>
    </Paper>
  );
}
