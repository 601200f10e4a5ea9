import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAYABLE_VENDORS, masterDataRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { apiKey } from '../../../api/hooks.ts';

// Spec part 3 sections 5 and 9: the search starts after a 250 ms pause.
const SEARCH_DELAY_MS = 250;

interface Option {
  value: string;
  label: string;
}

// Vendors by name or code from the vendor master, at most 20 suggestions.
const searchVendors = async (q: string): Promise<Option[]> => {
  const base = { page: 1, pageSize: 20 };
  const [byName, byCode] = await Promise.all([
    call(masterDataRoutes.searchVendors, { body: { ...base, vendorName: q } }),
    call(masterDataRoutes.searchVendors, { body: { ...base, vendorCode: q } }),
  ]);
  const seen = new Map<string, Option>();
  for (const v of [...byCode.results, ...byName.results])
    if (!seen.has(v.vendorCode))
      seen.set(v.vendorCode, { value: v.vendorCode, label: `${v.vendorName} (${v.vendorCode})` });
  return [...seen.values()].slice(0, 20);
};

// All vendors, or up to five chosen by name or code: the job then computes only their entries.
export function VendorPicker(props: { value: string[] | null; onChange: (codes: string[] | null) => void }) {
  const { value } = props;
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [known, setKnown] = useState<Record<string, Option>>({});
  const found = useQuery({
    queryKey: apiKey(masterDataRoutes.searchVendors, { payableVendorSearch: typed }),
    queryFn: () => searchVendors(typed),
    enabled: value !== null && typed.length > 0,
    retry: false,
  });
  const chosen = value ?? [];
  const options = (found.data ?? []).filter((o) => !chosen.includes(o.value));
  const data = [...chosen.map((code) => known[code] ?? { value: code, label: code }), ...options];

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Vendors
      </Text>
      <SegmentedControl
        data={[
          { value: 'all', label: 'All Vendors' },
          { value: 'specific', label: 'Specific Vendors' },
        ]}
        value={value === null ? 'all' : 'specific'}
        onChange={(mode) => props.onChange(mode === 'all' ? null : [])}
        data-testid="payable-vendor-mode"
      />
      {value !== null && (
        <MultiSelect
          placeholder={`Search by vendor name or code (max ${MAX_PAYABLE_VENDORS})`}
          data={data}
          value={chosen}
          onChange={(codes) => {
            setKnown((k) => ({ ...k, ...Object.fromEntries((found.data ?? []).map((o) => [o.value, o])) }));
            props.onChange(codes);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          maxValues={MAX_PAYABLE_VENDORS}
          nothingFoundMessage={
            found.isFetching ? 'Searching…' : typed ? 'No vendor matches' : 'Type a vendor name or code'
          }
          error={
            found.isError
              ? 'Unable to fetch transactions for given Financial Year'
              : value.length === 0
                ? 'Choose at least one vendor, or switch back to All Vendors'
                : undefined
          }
          data-testid="payable-vendor-picker"
        />
      )}
    </Stack>
  );
}
