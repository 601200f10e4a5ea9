import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrain, IconInfoCircle } from '@tabler/icons-react';
import type { ModelInfo } from '@taxrecon/contracts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { formatPercent } from './percent.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

// The entity's current model: when and from what it was trained, and how well
// it did on the fifth of the file it never saw.
export function ModelSummary({ model }: { model: ModelInfo | null }) {
  if (!model)
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="model-none">
        This entity has no trained model yet. Upload a file of expense descriptions with their sections below.
      </Alert>
    );
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="model-summary">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrain size={20} />
          <Text fw={600}>Current model</Text>
          <Text size="sm" c="dimmed">
            trained {formatDateTime(model.trainedAt)}
            {model.trainedBy ? ` by ${model.trainedBy}` : ''}
            {model.fileName ? ` from ${model.fileName}` : ''}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure
            label="Accuracy (held-back fifth)"
            value={formatPercent(model.accuracy)}
            testId="model-accuracy"
          />
          <Figure
            label="Macro-F1 (held-back fifth)"
            value={formatPercent(model.macroF1)}
            testId="model-macro-f1"
          />
          <Figure label="Descriptions used" value={formatCount(model.rowsUsed)} testId="model-rows" />
          <Figure label="Held back to test" value={formatCount(model.rowsHeldBack)} />
        </SimpleGrid>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Sections it knows:
          </Text>
          {model.sections.map((s) => (
            <Badge key={s} variant="light" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
