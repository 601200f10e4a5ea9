import { MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_DELETE_CUSTOMERS, masterDataRoutes, SUGGESTION_MIN_LENGTH } from '@taxrecon/contracts';
import { useState } from 'react';
import { useApiQuery } from '../../api/hooks.ts';

// The spec's message when customer suggestions cannot be fetched.
export const SUGGESTIONS_FAILED = 'Unable to fetch transactions for given Financial Year';

interface Option {
  value: string;
  label: string;
}

// Customers chosen by code, suggested by the server from the fifth character
// typed on; at most five, as the label says.
export function CustomerPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  // labels of chosen customers stay known after the suggestions change
  const [known, setKnown] = useState<Record<string, Option>>({});
  const suggestions = useApiQuery(
    masterDataRoutes.customerSuggestions,
    { query: { q: typed } },
    { enabled: typed.length >= SUGGESTION_MIN_LENGTH, retry: false },
  );
  const found: Option[] = (suggestions.data ?? []).flatMap((c) =>
    c.customerCode ? [{ value: c.customerCode, label: `${c.customerName} (${c.customerCode})` }] : [],
  );
  const data = [...value.map((code) => known[code] ?? { value: code, label: code })];
  for (const option of found) if (!value.includes(option.value)) data.push(option);

  const waiting = search.trim().length < SUGGESTION_MIN_LENGTH;
  return (
    <>
      <MultiSelect
        label={`Customers (max ${MAX_DELETE_CUSTOMERS} customers)`}
        description={`Optional. Type at least ${SUGGESTION_MIN_LENGTH} characters of a name, code or TAN.`}
        placeholder="All customers"
        data={data}
        value={value}
        onChange={(codes) => {
          setKnown((previous) => {
            const next = { ...previous };
            for (const option of found) next[option.value] = option;
            return next;
          });
          onChange(codes);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // the server already filtered by what was typed
        filter={({ options }) => options}
        maxValues={MAX_DELETE_CUSTOMERS}
        nothingFoundMessage={
          waiting
            ? `Type at least ${SUGGESTION_MIN_LENGTH} characters`
            : suggestions.isFetching
              ? 'Searching…'
              : 'No customers found'
        }
        clearable
        data-testid="delete-sales-customers"
      />
      {suggestions.isError && (
        <Text size="xs" c="red" data-testid="delete-sales-customers-error">
          {SUGGESTIONS_FAILED}
        </Text>
      )}
    </>
  );
}
