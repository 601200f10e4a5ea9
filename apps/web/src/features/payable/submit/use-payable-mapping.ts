import { useDebouncedValue } from '@mantine/hooks';
import { payableRoutes } from '@taxrecon/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';
import type { MappingEditorState } from '../../uploads/ColumnMappingEditor.tsx';
import { splitHeaderRow } from '../../uploads/register-header.ts';
import { guessPayableMapping, missingFields, PAYABLE_FIELDS, toMappingDefinitions } from './target-fields.ts';

// The 34A submit screen's header row and target field -> header mapping. A
// year opens with what the server remembers (the last job's mapping, else the
// headers of the year's expense files); a pasted header row is guessed by
// closest name, and the person may change every guess.
export function usePayableMapping(fy: string | null) {
  const [headersText, setHeadersText] = useState('');
  const [debounced] = useDebouncedValue(headersText, 250);
  const headers = useMemo(() => splitHeaderRow(debounced), [debounced]);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [remembered, setRemembered] = useState(false);
  const saved = useApiQuery(
    payableRoutes.payableMapping,
    { params: { fy: fy ?? '' } },
    { enabled: !!fy, staleTime: 0 },
  );
  // the remembered mapping is applied once per year, and only to an empty box
  const appliedFor = useRef<string | null>(null);
  const fromSaved = useRef<Record<string, string | null> | null>(null);

  useEffect(() => {
    if (!fy || !saved.data || appliedFor.current === fy) return;
    appliedFor.current = fy;
    if (headersText.trim() || saved.data.headers.length === 0) return;
    const byField: Record<string, string | null> = {};
    for (const [header, field] of Object.entries(saved.data.mappingDefinitions)) byField[field] = header;
    const known = Object.keys(byField).length > 0;
    fromSaved.current = known ? byField : null;
    setRemembered(known);
    setHeadersText(saved.data.headers.join('\t'));
  }, [fy, saved.data, headersText]);

  // a new header row starts from the remembered mapping when it fits, else from the guess
  useEffect(() => {
    if (headers.length === 0) {
      setMapping({});
      return;
    }
    const guess = guessPayableMapping(headers);
    const kept = fromSaved.current;
    if (kept && Object.values(kept).every((h) => !h || headers.includes(h))) {
      setMapping({ ...guess, ...kept });
      return;
    }
    fromSaved.current = null;
    setRemembered(false);
    setMapping(guess);
  }, [headers]);

  const fields = PAYABLE_FIELDS.map((f) => ({ ...f, header: mapping[f.key] ?? null, score: 0 }));
  const missing = headers.length > 0 ? missingFields(mapping) : [];
  const editor: MappingEditorState = {
    headersText,
    setHeadersText: (text: string) => setHeadersText(text),
    headers,
    fields,
    mapping,
    setField: (key: string, header: string | null) => setMapping((m) => ({ ...m, [key]: header })),
    remembered,
    loading: saved.isFetching,
    error: saved.error,
  };
  return {
    editor,
    ready: headers.length > 0 && missing.length === 0,
    missing,
    mappingDefinitions: () => toMappingDefinitions(mapping),
  };
}
