import type { FieldKey, TargetField } from './targets.ts';

// A mapping says which column (0-based index into the headers) feeds each target field.
export type Mapping<K extends string> = Partial<Record<K, number>>;

export interface FieldMatch<K extends string> {
  field: K;
  label: string;
  column: number | null;
  header: string | null;
  // 0..1; 1 is an exact match of the label or a known synonym.
  score: number;
}

const TOKEN_ALIASES: Readonly<Record<string, string>> = {
  number: 'no',
  num: 'no',
  nos: 'no',
  amt: 'amount',
  dt: 'date',
  vch: 'voucher',
  vchr: 'voucher',
  inv: 'invoice',
  cust: 'customer',
  supp: 'supplier',
};
const STOP_WORDS = new Set(['of', 'the', 'rs', 'inr', 'in']);

export const headerTokens = (header: string): string[] =>
  header
    .toLowerCase()
    .replace(/%/g, ' percent ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '' && !STOP_WORDS.has(t))
    .map((t) => TOKEN_ALIASES[t] ?? t);

const levenshtein = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
};

// Words that are the same, or the same but for one typo in a long word
// ("Vouchr"), count fully or nearly; short words must match exactly so that
// PAN never passes for TAN nor TDS for TCS.
const tokenSimilarity = (a: string, b: string): number => {
  if (a === b) return 1;
  if (Math.min(a.length, b.length) >= 4 && levenshtein(a, b) <= 1) return 0.9;
  return 0;
};

// Dice overlap of the header's words with a candidate's; words run together
// ("InvoiceNo") match their spaced form.
export const headerSimilarity = (header: string, candidate: string): number => {
  const a = headerTokens(header);
  const b = headerTokens(candidate);
  if (a.length === 0 || b.length === 0) return 0;
  const compactA = a.join('');
  const compactB = b.join('');
  if (compactA === compactB) return 1;
  const unused = [...b];
  let shared = 0;
  for (const token of a) {
    let best = -1;
    let bestScore = 0;
    unused.forEach((u, i) => {
      const score = tokenSimilarity(token, u);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best >= 0) {
      shared += bestScore;
      unused.splice(best, 1);
    }
  }
  const dice = (2 * shared) / (a.length + b.length);
  const squashed =
    Math.min(compactA.length, compactB.length) >= 6 && levenshtein(compactA, compactB) <= 1 ? 0.9 : 0;
  return Math.max(dice, squashed);
};

const MIN_SCORE = 0.6;

// Only a header row's first columns are guessed from: a register has dozens.
// One line of half a million commas made every field's guess compare itself
// with every column, and held the server for minutes on one upload. A column
// past these can still be mapped by its name (mappingByHeaderName).
export const MAX_GUESSED_COLUMNS = 500;

// A file's header row named in a message: its first columns, and how many
// there are when that is more.
export const headerList = (headers: readonly string[], shown = 30): string =>
  headers.length <= shown
    ? headers.join(' | ')
    : `${headers.slice(0, shown).join(' | ')} | ... (${headers.length.toLocaleString('en-IN')} columns)`;

// Each target takes the header most like its label or a synonym; the best
// pairs are settled first so one header never feeds two targets.
export const guessMapping = <Fs extends readonly TargetField[]>(
  headers: readonly string[],
  fields: Fs,
): { mapping: Mapping<FieldKey<Fs>>; matches: FieldMatch<FieldKey<Fs>>[] } => {
  type K = FieldKey<Fs>;
  const pairs: { field: number; column: number; score: number }[] = [];
  const guessed = headers.slice(0, MAX_GUESSED_COLUMNS);
  fields.forEach((f, fi) => {
    // a header repeated across columns is scored once per field
    const scores = new Map<string, number>();
    guessed.forEach((h, column) => {
      if (h.trim() === '') return;
      let score = scores.get(h);
      if (score === undefined) {
        score = Math.max(...[f.label, ...f.synonyms].map((c) => headerSimilarity(h, c)));
        scores.set(h, score);
      }
      if (score >= MIN_SCORE) pairs.push({ field: fi, column, score });
    });
  });
  pairs.sort((x, y) => y.score - x.score || x.field - y.field || x.column - y.column);
  const byField = new Map<number, { column: number; score: number }>();
  const usedColumns = new Set<number>();
  for (const p of pairs) {
    if (byField.has(p.field) || usedColumns.has(p.column)) continue;
    byField.set(p.field, p);
    usedColumns.add(p.column);
  }
  const mapping: Mapping<K> = {};
  const matches = fields.map((f, fi): FieldMatch<K> => {
    const hit = byField.get(fi);
    if (hit !== undefined) mapping[f.key as K] = hit.column;
    return {
      field: f.key as K,
      label: f.label,
      column: hit?.column ?? null,
      header: hit === undefined ? null : headers[hit.column]!,
      score: hit === undefined ? 0 : Math.round(hit.score * 1000) / 1000,
    };
  });
  return { mapping, matches };
};

// A mapping remembered by header names (as the upload screen stores it)
// turned into column indexes for this file's headers.
export const mappingByHeaderName = <K extends string>(
  headers: readonly string[],
  byName: Partial<Record<K, string>>,
): Mapping<K> => {
  const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const mapping: Mapping<K> = {};
  for (const [key, name] of Object.entries(byName) as [K, string | undefined][]) {
    if (name === undefined) continue;
    const column = headers.findIndex((h) => norm(h) === norm(name));
    if (column >= 0) mapping[key] = column;
  }
  return mapping;
};
