import { Alert, Button, Group, Paper, Slider, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconSparkles } from '@tabler/icons-react';
import {
  type ClassificationResult,
  classificationRoutes,
  DEFAULT_THRESHOLD_PERCENT,
  NO_MODEL,
  NO_MODEL_MESSAGE,
  THRESHOLD_STEP_PERCENT,
} from '@taxrecon/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ResultCard } from './ResultCard.tsx';

// Spec part 3 section 8: the no-model message shows for 30 seconds.
const NO_MODEL_SHOWN_MS = 30_000;

type Answer =
  | { kind: 'none' }
  | { kind: 'results'; results: ClassificationResult[]; threshold: number }
  | { kind: 'noModel' }
  | { kind: 'failed'; message: string };

// 'Expense Classification' (/expense-classification): a description, a
// confidence threshold, and the sections the entity's model gives it.
export function ExpenseClassificationPage() {
  const [text, setText] = useState('');
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD_PERCENT);
  const [answer, setAnswer] = useState<Answer>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const predict = async () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setBusy(true);
    try {
      const results = await call(classificationRoutes.predictExpenseSection, {
        query: { text: text.trim(), threshold },
      });
      setAnswer({ kind: 'results', results, threshold });
    } catch (error) {
      if (error instanceof ApiError && error.code === NO_MODEL) {
        setAnswer({ kind: 'noModel' });
        hideTimer.current = setTimeout(() => setAnswer({ kind: 'none' }), NO_MODEL_SHOWN_MS);
      } else setAnswer({ kind: 'failed', message: `Error occurred - ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Expense Classification"
        subtitle="Type an expense description as it appears in the ledger; the entity's trained model suggests its TDS section."
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Textarea
            label="Expense description"
            placeholder="e.g. PROF FEES FOR STATUTORY AUDIT Q2"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && text.trim()) {
                e.preventDefault();
                void predict();
              }
            }}
            data-testid="classification-text"
          />
          <Stack gap={4} maw={480}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Confidence threshold
              </Text>
              <Text size="sm" fw={700} data-testid="classification-threshold">
                {threshold}%
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Only sections the model scores at or above this are shown.
            </Text>
            <Slider
              min={0}
              max={100}
              step={THRESHOLD_STEP_PERCENT}
              value={threshold}
              onChange={setThreshold}
              label={(v) => `${v}%`}
              marks={[0, 25, 50, 75, 100].map((v) => ({ value: v, label: `${v}%` }))}
              mb="md"
              aria-label="Confidence threshold"
              data-testid="classification-slider"
            />
          </Stack>
          <Group>
            <Button
              leftSection={<IconSparkles size={16} />}
              onClick={predict}
              loading={busy}
              disabled={text.trim() === ''}
              data-testid="classification-predict"
            >
              Predict
            </Button>
          </Group>
        </Stack>
      </Paper>
      {answer.kind === 'noModel' && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} data-testid="classification-no-model">
          <Text size="sm">{NO_MODEL_MESSAGE}</Text>
          <Text size="sm" mt={4}>
            <Link to="/expense-prediction">Open Expenses Training</Link>
          </Text>
        </Alert>
      )}
      {answer.kind === 'failed' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="classification-error">
          {answer.message}
        </Alert>
      )}
      {answer.kind === 'results' && answer.results.length === 0 && (
        <Alert color="gray" data-testid="classification-empty">
          No results found
          <Text size="xs" c="dimmed">
            No section scored {answer.threshold}% or more; lower the threshold to see less likely sections.
          </Text>
        </Alert>
      )}
      {answer.kind === 'results' &&
        answer.results.map((result, i) => <ResultCard key={result.doc.section} result={result} rank={i} />)}
    </Stack>
  );
}
