import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NO_TRANSACTIONS_MESSAGE, type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';
import { KIND_TEXT } from '../common/kind.ts';

// Spec 2.1: suggestions from the fifth typed character on, at most five chosen.
export const PICKER_MIN_CHARS = 5;
export const PICKER_MAX = 5;

interface Option {
  value: string;
  label: string;
}

// All customers (vendors), or up to five chosen by name, code or TAN. TDS asks
// the server for suggestions; TCS filters the year's map of vendor id to name.
export function PartyPicker(props: {
  kind: ReconKind;
  year: string | null;
  value: string[] | null;
  onChange: (codes: string[] | null) => void;
}) {
  const { kind, year, value } = props;
  const text = KIND_TEXT[kind];
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [known, setKnown] = useState<Record<string, Option>>({});
  const enough = typed.length >= PICKER_MIN_CHARS;
  const suggestions = useApiQuery(
    reconciliationRoutes.entitySuggestions,
    { params: { year: year ?? '' }, query: { q: typed, type: kind } },
    { enabled: !!year && value !== null && enough && kind === 'TDS', retry: false },
  );
  const names = useApiQuery(
    reconciliationRoutes.customerNamesByYear,
    { params: { year: year ?? '' }, query: { type: kind } },
    { enabled: !!year && value !== null && kind === 'TCS', retry: false },
  );
  const found = useMemo<Option[]>(() => {
    if (!enough) return [];
    if (kind === 'TDS')
      return (suggestions.data ?? []).map((s) => ({
        value: s.entityId,
        label: `${s.name} (${s.tan ?? s.entityId})`,
      }));
    const needle = typed.toLowerCase();
    return Object.entries(names.data ?? {})
      .filter(([id, name]) => `${id} ${name}`.toLowerCase().includes(needle))
      .slice(0, 50)
      .map(([id, name]) => ({ value: id, label: `${name} (${id})` }));
  }, [enough, kind, suggestions.data, names.data, typed]);

  const chosen = value ?? [];
  const data = chosen.map((code) => known[code] ?? { value: code, label: code });
  for (const option of found) if (!chosen.includes(option.value)) data.push(option);
  const failed = suggestions.isError || names.isError;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {text.parties}
      </Text>
      <SegmentedControl
        disabled={!year}
        data={[
          { value: 'all', label: `All ${text.parties}` },
          { value: 'specific', label: `Specific ${text.parties}` },
        ]}
        value={value === null ? 'all' : 'specific'}
        onChange={(mode) => props.onChange(mode === 'all' ? null : [])}
        data-testid="recon-party-mode"
      />
      {value !== null && (
        <MultiSelect
          disabled={!year}
          placeholder={`${text.parties} (max ${PICKER_MAX} ${text.parties.toLowerCase()})`}
          description={`Type at least ${PICKER_MIN_CHARS} characters of a name, code or TAN.`}
          data={data}
          value={chosen}
          onChange={(codes) => {
            setKnown((previous) => ({ ...previous, ...Object.fromEntries(found.map((o) => [o.value, o])) }));
            props.onChange(codes);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          maxValues={PICKER_MAX}
          nothingFoundMessage={enough ? 'No matches' : `Type at least ${PICKER_MIN_CHARS} characters`}
          data-testid="recon-party-picker"
        />
      )}
      {failed && (
        <Text size="xs" c="red">
          {NO_TRANSACTIONS_MESSAGE}
        </Text>
      )}
    </Stack>
  );
}
