import { PARSED_26AS_FIELDS } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import type { MappingEditorState } from './ColumnMappingEditor.tsx';
import { splitHeaderRow } from './register-header.ts';

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// A header named like the target (its key, label or a synonym, case and
// punctuation aside) is proposed; the server does the same with closer
// matching when a target is left unmapped, so this is only the first guess.
export const guessParsedMapping = (headers: readonly string[]): Record<string, string | null> =>
  Object.fromEntries(
    PARSED_26AS_FIELDS.map((f) => {
      const names = new Set([f.key, f.label, ...f.synonyms].map(norm));
      return [f.key, headers.find((h) => names.has(norm(h))) ?? null];
    }),
  );

// The header row and target -> header mapping of the parsed-26AS folder load.
export function useParsedMapping() {
  const [headersText, setText] = useState('');
  const headers = useMemo(() => splitHeaderRow(headersText), [headersText]);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const setHeadersText = (text: string) => {
    setText(text);
    setMapping(guessParsedMapping(splitHeaderRow(text)));
  };
  const fields = PARSED_26AS_FIELDS.map((f) => ({
    key: f.key,
    label: f.label,
    required: f.required,
    header: mapping[f.key] ?? null,
    score: mapping[f.key] ? 1 : 0,
  }));
  const missing = headers.length > 0 ? fields.filter((f) => f.required && !mapping[f.key]) : [];
  const state: MappingEditorState = {
    headersText,
    setHeadersText,
    headers,
    fields,
    mapping,
    setField: (key, header) => setMapping((m) => ({ ...m, [key]: header })),
    remembered: false,
    loading: false,
    error: null,
  };
  // the request's header and mapping; a message while a required target is unmapped
  const request = (): { header?: string; mappingDefinition?: Record<string, string> } | string => {
    if (headers.length === 0) return {};
    if (missing.length) return `Map the required columns: ${missing.map((f) => f.label).join(', ')}`;
    const chosen = Object.fromEntries(
      Object.entries(mapping).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    return { header: headers.join('\t'), mappingDefinition: chosen };
  };
  return { state, request };
}
