// Party names are compared after a normalisation that makes the usual
// spellings of the legal form equal ("Pvt. Ltd." = "PRIVATE LIMITED") and drops
// the "M/s" and "The" prefixes that books add and 26AS does not.

const CANONICAL: Readonly<Record<string, string>> = {
  PRIVATE: 'PVT',
  LIMITED: 'LTD',
  COMPANY: 'CO',
  CORPORATION: 'CORP',
  INCORPORATED: 'INC',
};

// Words that say what kind of entity it is, not which one: they carry no
// weight when two names are compared loosely.
const FORM_WORDS = new Set(['PVT', 'LTD', 'LLP', 'CO', 'CORP', 'INC', 'AND', 'OF', 'THE']);

export const normaliseName = (raw: string | null | undefined): string => {
  if (!raw) return '';
  const tokens = raw
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .split(/[^A-Z0-9]+/)
    .filter((t) => t !== '');
  let start = 0;
  if (tokens[0] === 'M' && tokens[1] === 'S') start = 2;
  if (tokens[start] === 'THE') start++;
  const out: string[] = [];
  for (let i = start; i < tokens.length; i++) out.push(CANONICAL[tokens[i]!] ?? tokens[i]!);
  return out.join(' ');
};

export const coreTokens = (normalised: string): string[] =>
  normalised.split(' ').filter((t) => t !== '' && !FORM_WORDS.has(t));
