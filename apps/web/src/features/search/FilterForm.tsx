import { Alert, Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../components/DayInput.tsx';

export type FilterField =
  | { kind: 'text'; key: string; label: string; placeholder?: string }
  | { kind: 'select'; key: string; label: string; data: { value: string; label: string }[] }
  | { kind: 'date'; key: string; label: string };

// Spec part 2 section 2.10: date pickers run from 2016 to the current year.
const FIRST_DAY = '2016-01-01';
const lastDay = () => `${new Date().getUTCFullYear()}-12-31`;

// Only the filled criteria, trimmed; an empty form searches everything.
const filled = (values: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, (v ?? '').trim()] as const)
      .filter(([, v]) => v !== ''),
  );

export function FilterForm({
  fields,
  onSearch,
  testId,
  busy,
}: {
  fields: readonly FilterField[];
  onSearch: (criteria: Record<string, string>) => void;
  testId: string;
  busy?: boolean;
}) {
  const [values, setValues] = useState<Record<string, string | null>>({});
  const set = (key: string, value: string | null) => setValues((v) => ({ ...v, [key]: value }));
  const id = (key: string) => `${testId}-${key}`;
  // Date fields holding text that is not a day: the search waits for them
  // rather than run without the date (it looked filtered and was not).
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const [refused, setRefused] = useState<string | null>(null);
  // Clear starts the date fields afresh, text that was not a day included
  const [generation, setGeneration] = useState(0);
  const firstProblem = Object.values(problems).find((p) => p) ?? null;

  return (
    <Paper withBorder radius="lg" p="md" mb="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setRefused(firstProblem);
          if (firstProblem === null) onSearch(filled(values));
        }}
        // the search's own message below, not the browser's bubble
        noValidate
        data-testid={testId}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {fields.map((f) =>
            f.kind === 'text' ? (
              <TextInput
                key={f.key}
                label={f.label}
                placeholder={f.placeholder}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.currentTarget.value)}
                data-testid={id(f.key)}
              />
            ) : f.kind === 'select' ? (
              <Select
                key={f.key}
                label={f.label}
                data={f.data}
                clearable
                placeholder="Any"
                value={values[f.key] ?? null}
                onChange={(v) => set(f.key, v)}
                data-testid={id(f.key)}
              />
            ) : (
              <DayInput
                key={`${f.key}-${generation}`}
                label={f.label}
                minDate={FIRST_DAY}
                maxDate={lastDay()}
                value={values[f.key] ?? null}
                onChange={(v) => set(f.key, v)}
                onProblem={(message) => {
                  setProblems((p) => ({ ...p, [f.key]: message }));
                  if (message === null) setRefused(null);
                }}
                data-testid={id(f.key)}
              />
            ),
          )}
        </SimpleGrid>
        {refused && (
          <Alert color="red" mt="md" data-testid={`${testId}-refused`}>
            {refused} The search has not run.
          </Alert>
        )}
        <Group mt="md" gap="xs">
          <Button
            type="submit"
            leftSection={<IconSearch size={16} />}
            loading={busy}
            data-testid={`${testId}-submit`}
          >
            Search
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => {
              setValues({});
              setProblems({});
              setRefused(null);
              setGeneration((g) => g + 1);
              onSearch({});
            }}
            data-testid={`${testId}-clear`}
          >
            Clear
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
