import type { Form26asLayout } from './types.ts';

export interface PartHeading {
  part: string;
  heading: string;
}

// A separator after PART is required, so deductor names ("PARTH ENTERPRISES")
// and words ("PARTICULARS") are never taken for a part. Roman parts may carry a
// letter in brackets (Form 168's X(a), X(b)); the pre-2020 layout uses A..G, A1, A2.
const PART_ID = /^PART[\s\-–.:]+(?:([IVX]+)(?:\s*\(\s*([a-z])\s*\))?|([A-G]\d?))(?![A-Za-z0-9])/i;

const trimDelimiters = (text: string, delimiter: string): string => {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === delimiter || text[start] === ' ')) start++;
  while (end > start && (text[end - 1] === delimiter || text[end - 1] === ' ')) end--;
  return text.slice(start, end);
};

// Only a line that starts with PART (or ^PART) can open a part.
export const parsePartHeading = (line: string, delimiter: string): PartHeading | null => {
  const offset = line[0] === delimiter ? 1 : 0;
  const c = line.charCodeAt(offset);
  if (c !== 80 && c !== 112) return null; // 'P' | 'p'
  const text = trimDelimiters(line, delimiter);
  const m = PART_ID.exec(text);
  if (!m) return null;
  const part =
    m[1] !== undefined ? m[1].toUpperCase() + (m[2] ? `(${m[2].toLowerCase()})` : '') : m[3]!.toUpperCase();
  return { part, heading: text };
};

const ROMAN_VALUES: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10 };

const romanValue = (roman: string): number => {
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const v = ROMAN_VALUES[roman[i]!] ?? 0;
    const next = ROMAN_VALUES[roman[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
};

// Parts past X and lettered sub-parts exist only in Form 168.
export const layoutOfPart = (part: string): Form26asLayout => {
  if (/^[A-G]\d?$/.test(part)) return 'pre-2020';
  if (part.includes('(')) return 'form-168';
  return romanValue(part) > 10 ? 'form-168' : 'current';
};

export type ModelledPart = 'tds' | 'tcs';

export const modelledPartOf = (part: string): ModelledPart | null => {
  if (part === 'I' || part === 'A') return 'tds';
  if (part === 'VI' || part === 'B') return 'tcs';
  return null;
};
