import { TRAINING_FIELDS } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { splitHeaderRow } from '../uploads/register-header.ts';
import type { ColumnMapping, MappingField } from '../uploads/use-column-mapping.ts';

// The training file's header mapping: description and section (required),
// sub-section (optional). Guessed from the header names here, as the server
// would guess them; the person may change each one. Same shape as a register
// upload's mapping, so the same editor shows it.
const GUESSES: Record<string, RegExp[]> = {
  description: [/desc|narration|particular/i],
  section: [/^(tds\s*)?sec(tion)?(\s*(no|number|code))?$/i, /section/i],
  subSection: [/^sub[\s_-]*sec/i],
};

const guess = (key: string, headers: readonly string[]): string | null => {
  for (const pattern of GUESSES[key] ?? []) {
    const found = headers.find((h) => pattern.test(h) && !(key === 'section' && /^sub/i.test(h)));
    if (found) return found;
  }
  return null;
};

export function useTrainingMapping(): ColumnMapping {
  const [headersText, setHeadersTextState] = useState('');
  const [fromFile, setFromFile] = useState(false);
  const headers = useMemo(() => splitHeaderRow(headersText), [headersText]);
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const mapping = useMemo(
    () =>
      Object.fromEntries(
        TRAINING_FIELDS.map((f) => [
          f.key,
          f.key in chosen && (chosen[f.key] === null || headers.includes(chosen[f.key] ?? ''))
            ? (chosen[f.key] ?? null)
            : guess(f.key, headers),
        ]),
      ),
    [chosen, headers],
  );
  const fields: MappingField[] = TRAINING_FIELDS.map((f) => ({
    key: f.key,
    label: f.label,
    required: f.required,
    header: mapping[f.key] ?? null,
    score: 1,
  }));
  const missing = headers.length > 0 ? fields.filter((f) => f.required && !mapping[f.key]) : [];
  return {
    headersText,
    setHeadersText: (text: string, readFromFile = false) => {
      setHeadersTextState(text);
      setFromFile(readFromFile);
      setChosen({});
    },
    headers,
    fields,
    mapping,
    setField: (key: string, header: string | null) => setChosen((m) => ({ ...m, [key]: header })),
    remembered: false,
    loading: false,
    error: null,
    missing,
    uploadFields: (): Record<string, string> | string => {
      if (headers.length === 0) return {};
      if (missing.length > 0) return `Map the required columns: ${missing.map((f) => f.label).join(', ')}`;
      const definition = Object.fromEntries(
        Object.entries(mapping).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const mappingDefinition = JSON.stringify(definition);
      return fromFile ? { mappingDefinition } : { headers: headers.join('\t'), mappingDefinition };
    },
  };
}
