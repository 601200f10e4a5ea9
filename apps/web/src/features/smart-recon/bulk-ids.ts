import { BULK_MAX_IDS, BULK_TOO_MANY_IDS } from '@taxrecon/contracts';

// The ids typed or pasted into Submit Job: one per line, blanks and repeats dropped.
export const idsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== ''),
  ),
];

// Why Submit is disabled, or null (spec part 3 section 5).
export const idsProblem = (ids: readonly string[]): string | null => {
  if (ids.length > BULK_MAX_IDS) return BULK_TOO_MANY_IDS;
  if (ids.length === 0) return 'Enter at least one customer id, one per line.';
  return null;
};
