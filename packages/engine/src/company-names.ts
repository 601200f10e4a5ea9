import { bigramDice } from './fuzzy.ts';

// Deciding that two spellings name the same company. Stricter than the fuzzy
// score: after the legal form is read apart from the name, the abbreviations
// are expanded and the words sorted, the names must be equal (or equal once
// spaces are dropped: "EDU-TECH" = "EDUTECH"). Anything merely close is a
// near miss for a person to review, never a match.

export type LegalForm = 'PVT LTD' | 'LTD' | 'LLP' | 'INC' | 'CORP';

export interface CompanyName {
  // The name's own words, abbreviations expanded, in their written order.
  words: string[];
  // The legal form, null when the name does not give one.
  form: LegalForm | null;
}

// Short forms books use for words 26AS spells out (26AS prints the PAN
// holder's registered name, in full and upper case).
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  CO: 'COMPANY',
  COS: 'COMPANIES',
  CORPN: 'CORPORATION',
  INTL: 'INTERNATIONAL',
  NATL: 'NATIONAL',
  MFG: 'MANUFACTURING',
  MFRS: 'MANUFACTURERS',
  ENGG: 'ENGINEERING',
  ENGRS: 'ENGINEERS',
  INDS: 'INDUSTRIES',
  SVCS: 'SERVICES',
  SERV: 'SERVICES',
  MKTG: 'MARKETING',
  BROS: 'BROTHERS',
  ASSOC: 'ASSOCIATES',
  ASSOCS: 'ASSOCIATES',
  ENT: 'ENTERPRISES',
  ENTP: 'ENTERPRISES',
  DEPT: 'DEPARTMENT',
  GOVT: 'GOVERNMENT',
  TECH: 'TECHNOLOGIES',
  TECHNOLOGY: 'TECHNOLOGIES',
  SYS: 'SYSTEMS',
  SOLN: 'SOLUTIONS',
  SOLNS: 'SOLUTIONS',
  PHARMA: 'PHARMACEUTICALS',
  CHEM: 'CHEMICALS',
  ELEC: 'ELECTRICALS',
  TRDG: 'TRADING',
  TPT: 'TRANSPORT',
  HOSP: 'HOSPITAL',
};

// Words that only join others: "X AND Y" = "X & Y" = "X Y" once compared.
const LINKING = new Set(['AND', 'OF', 'THE']);

// Reads the legal form off the end of a name. `tokens` are upper-case words
// with punctuation removed, so "P. Ltd." arrives as P LTD and "(P) Ltd" as P LTD.
const FORM_ENDINGS: readonly [string[], LegalForm][] = [
  [['PRIVATE', 'LIMITED'], 'PVT LTD'],
  [['PRIVATE', 'LTD'], 'PVT LTD'],
  [['PVT', 'LIMITED'], 'PVT LTD'],
  [['PVT', 'LTD'], 'PVT LTD'],
  [['P', 'LIMITED'], 'PVT LTD'],
  [['P', 'LTD'], 'PVT LTD'],
  [['PVTLTD'], 'PVT LTD'],
  [['PL'], 'PVT LTD'],
  [['LIMITED'], 'LTD'],
  [['LTD'], 'LTD'],
  [['L', 'L', 'P'], 'LLP'],
  [['LLP'], 'LLP'],
  [['INCORPORATED'], 'INC'],
  [['INC'], 'INC'],
  [['CORPORATION'], 'CORP'],
  [['CORP'], 'CORP'],
];

const endsWith = (tokens: readonly string[], tail: readonly string[]): boolean =>
  tokens.length > tail.length && tail.every((t, i) => tokens[tokens.length - tail.length + i] === t);

export const readCompanyName = (raw: string | null | undefined): CompanyName => {
  if (!raw) return { words: [], form: null };
  let tokens = raw
    .toUpperCase()
    .replace(/&/g, ' AND ')
    // A dot or hyphen inside a word joins it ("EDU-TECH", "A.B.C."): read as one word.
    .replace(/([A-Z0-9])[.\-']+(?=[A-Z0-9])/g, '$1')
    .split(/[^A-Z0-9]+/)
    .filter((t) => t !== '');
  if (tokens[0] === 'M' && tokens[1] === 'S') tokens = tokens.slice(2);
  else if (tokens[0] === 'MS' && tokens.length > 1) tokens = tokens.slice(1);
  let form: LegalForm | null = null;
  for (const [tail, f] of FORM_ENDINGS) {
    if (endsWith(tokens, tail)) {
      form = f;
      tokens = tokens.slice(0, tokens.length - tail.length);
      break;
    }
  }
  // "COMPANY LIMITED" and "CORPORATION" stay words of the name: they are part of it.
  const words = tokens.map((t) => ABBREVIATIONS[t] ?? t).filter((t) => !LINKING.has(t));
  return { words, form };
};

// Equal words in any order, or equal letters once spaces are dropped.
const sameWords = (a: CompanyName, b: CompanyName): boolean => {
  if (a.words.length === 0 || b.words.length === 0) return false;
  if ([...a.words].sort().join(' ') === [...b.words].sort().join(' ')) return true;
  return a.words.join('') === b.words.join('');
};

export type Sameness = 'same' | 'same-without-form' | 'different';

// 'same-without-form': one name omits its legal form; the same company only
// when no other candidate has the same words under another form.
export const compareCompanyNames = (a: CompanyName, b: CompanyName): Sameness => {
  if (!sameWords(a, b)) return 'different';
  if (a.form === b.form) return 'same';
  if (a.form === null || b.form === null) return 'same-without-form';
  return 'different';
};

export const NEAR_MISS_SCORE = 0.8;

export interface NameCandidate<T> {
  target: T;
  name: string;
}

export type NameResolution<T> =
  | { kind: 'linked'; target: T; name: string; exactForm: boolean }
  | { kind: 'tie'; candidates: NameCandidate<T>[] }
  | { kind: 'near-miss'; candidates: (NameCandidate<T> & { score: number })[] }
  | { kind: 'none' };

const byName = <T>(a: NameCandidate<T>, b: NameCandidate<T>): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

interface Parsed<T> extends NameCandidate<T> {
  parsed: CompanyName;
  sorted: string;
}

// Resolves names against a fixed list of named targets (26AS deductors).
// Pure and independent of the order of the candidates: every candidate with
// the same words is considered and ties are refused, never broken by
// position. Targets are compared by `keyOf`, so two spellings of one
// deductor are not a tie; the key also orders candidates with equal names.
export class CompanyNameIndex<T> {
  private readonly all: Parsed<T>[] = [];
  private readonly bySorted = new Map<string, Parsed<T>[]>();
  private readonly byJoined = new Map<string, Parsed<T>[]>();

  constructor(
    candidates: readonly NameCandidate<T>[],
    private readonly keyOf: (target: T) => string = String,
  ) {
    for (const c of candidates) {
      const parsed = readCompanyName(c.name);
      if (parsed.words.length === 0) continue;
      const entry = { ...c, parsed, sorted: [...parsed.words].sort().join(' ') };
      this.all.push(entry);
      for (const [map, key] of [
        [this.bySorted, entry.sorted],
        [this.byJoined, parsed.words.join('')],
      ] as const) {
        const list = map.get(key);
        if (list) list.push(entry);
        else map.set(key, [entry]);
      }
    }
  }

  resolve(raw: string): NameResolution<T> {
    const probe = readCompanyName(raw);
    if (probe.words.length === 0) return { kind: 'none' };
    const sorted = [...probe.words].sort().join(' ');
    const same = new Set([
      ...(this.bySorted.get(sorted) ?? []),
      ...(this.byJoined.get(probe.words.join('')) ?? []),
    ]);
    const exact: NameCandidate<T>[] = [];
    const loose: NameCandidate<T>[] = [];
    for (const c of same) {
      const s = compareCompanyNames(probe, c.parsed);
      if (s === 'same') exact.push(c);
      else if (s === 'same-without-form') loose.push(c);
    }
    // Same words and same form beat a name that omits its form.
    for (const [list, exactForm] of [
      [this.distinct(exact), true],
      [this.distinct([...exact, ...loose]), false],
    ] as const) {
      if (list.length === 1)
        return { kind: 'linked', target: list[0]!.target, name: list[0]!.name, exactForm };
      if (list.length > 1) return { kind: 'tie', candidates: list };
    }
    const near: (NameCandidate<T> & { score: number })[] = [];
    for (const c of this.all) {
      if (same.has(c)) continue;
      const score = bigramDice(sorted, c.sorted);
      if (score >= NEAR_MISS_SCORE) near.push({ target: c.target, name: c.name, score });
    }
    if (near.length === 0) return { kind: 'none' };
    const key = (c: NameCandidate<T>) => this.keyOf(c.target);
    near.sort(
      (a, b) => b.score - a.score || byName(a, b) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
    );
    return { kind: 'near-miss', candidates: near.slice(0, 3) };
  }

  private distinct(list: NameCandidate<T>[]): NameCandidate<T>[] {
    const keyed = list.map((c) => ({ c, key: this.keyOf(c.target) }));
    keyed.sort((a, b) => byName(a.c, b.c) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const seen = new Set<string>();
    const out: NameCandidate<T>[] = [];
    for (const { c, key } of keyed) {
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ target: c.target, name: c.name });
    }
    return out;
  }
}

export const resolveCompanyName = <T>(
  raw: string,
  candidates: readonly NameCandidate<T>[],
  keyOf?: (target: T) => string,
): NameResolution<T> => new CompanyNameIndex(candidates, keyOf).resolve(raw);
