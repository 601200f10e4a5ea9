import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ingestRoutes } from '@taxrecon/contracts';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { apiKey } from '../../api/hooks.ts';
import { splitHeaderRow } from './register-header.ts';

export type RegisterKind = 'sales-register' | 'purchase-register';
export type MappingField = z.output<typeof ingestRoutes.suggestMapping.response>['fields'][number];

// The pasted header row and the target field -> header mapping of a register upload.
// The server suggests the mapping (the entity's remembered one first, then the closest
// names); the person may change every target, and the server remembers what was sent.
export function useColumnMapping(kind: RegisterKind) {
  const [headersText, setHeadersTextState] = useState('');
  // a header row read from the file itself is not sent as `headers`: the server
  // then finds it in the file (it takes a sent header for a file without one)
  const [fromFile, setFromFile] = useState(false);
  const setHeadersText = (text: string, readFromFile = false) => {
    setHeadersTextState(text);
    setFromFile(readFromFile);
  };
  const [debounced] = useDebouncedValue(headersText, 300);
  const headers = useMemo(() => splitHeaderRow(debounced), [debounced]);
  const suggestion = useQuery({
    queryKey: apiKey(ingestRoutes.suggestMapping, { kind, headers }),
    queryFn: () => call(ingestRoutes.suggestMapping, { params: { kind }, body: { headers } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [mapping, setMapping] = useState<Record<string, string | null>>({});

  // a new header row (or a new answer for it) starts from the server's suggestion
  useEffect(() => {
    if (!suggestion.data) return;
    setMapping(Object.fromEntries(suggestion.data.fields.map((f) => [f.key, f.header])));
  }, [suggestion.data]);

  const fields: MappingField[] = suggestion.data?.fields ?? [];
  const missing = headers.length > 0 ? fields.filter((f) => f.required && !mapping[f.key]) : [];

  // The upload's form fields: nothing when no header was pasted (the server then
  // finds the header in the file), or a message when a required target is unmapped.
  const uploadFields = (): Record<string, string> | string => {
    if (headers.length === 0) return {};
    if (missing.length > 0) return `Map the required columns: ${missing.map((f) => f.label).join(', ')}`;
    const chosen = Object.fromEntries(
      Object.entries(mapping).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const mappingDefinition = JSON.stringify(chosen);
    return fromFile ? { mappingDefinition } : { headers: headers.join('\t'), mappingDefinition };
  };

  return {
    headersText,
    setHeadersText,
    headers,
    fields,
    mapping,
    setField: (key: string, header: string | null) => setMapping((m) => ({ ...m, [key]: header })),
    remembered: suggestion.data?.remembered ?? false,
    loading: suggestion.isFetching,
    error: suggestion.error,
    missing,
    uploadFields,
  };
}

export type ColumnMapping = ReturnType<typeof useColumnMapping>;
