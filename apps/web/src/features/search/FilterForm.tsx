import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { parseTypedDay } from '../../lib/typed-day.ts';

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

  return (
    <Paper withBorder radius="lg" p="md" mb="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(filled(values));
        }}
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
              <DateInput
                key={f.key}
                label={f.label}
                placeholder="dd mmm yyyy"
                valueFormat="DD MMM YYYY"
                dateParser={parseTypedDay}
                clearable
                minDate={FIRST_DAY}
                maxDate={lastDay()}
                value={values[f.key] ?? null}
                onChange={(v) => set(f.key, v)}
                data-testid={id(f.key)}
              />
            ),
          )}
        </SimpleGrid>
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
