import { type FinancialYear, isFinancialYear, validatePan } from '@taxrecon/shared';
import { type FileIssue, issue } from '../errors.ts';
import { parseDate } from '../values/dates.ts';
import type { Form26asHeader } from './types.ts';

type HeaderKey = 'fileCreationDate' | 'pan' | 'panStatus' | 'financialYear' | 'assessmentYear' | 'name';

const classify = (key: string): HeaderKey | null => {
  const k = key
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  if (k.includes('creation')) return 'fileCreationDate';
  if (k.includes('status')) return 'panStatus';
  if (k.includes('permanent account number') || k === 'pan') return 'pan';
  if (k.includes('financial year') || k.includes('tax year')) return 'financialYear';
  if (k.includes('assessment year')) return 'assessmentYear';
  if (k.startsWith('name')) return 'name';
  return null;
};

// The key line names the fields of the value line that follows it.
export const isHeaderKeyLine = (fields: readonly string[]): boolean =>
  fields.some((f) => classify(f) === 'pan') && fields.some((f) => classify(f) === 'name');

// "2024-2025" or "2024-25" -> "2024-25".
export const shortYear = (text: string): FinancialYear | null => {
  const m = /^(\d{4})\s*-\s*(\d{4}|\d{2})$/.exec(text.trim());
  if (!m) return null;
  const candidate = `${m[1]}-${m[2]!.slice(-2)}`;
  return isFinancialYear(candidate) ? candidate : null;
};

export const parseHeader = (
  keys: readonly string[],
  values: readonly string[],
  file: string,
  line: number,
  problems: FileIssue[],
): Form26asHeader => {
  const get = (wanted: HeaderKey): string | null => {
    const i = keys.findIndex((k) => classify(k) === wanted);
    const v = i >= 0 ? values[i]?.trim() : undefined;
    return v === undefined || v === '' ? null : v;
  };
  const pan = get('pan') ?? '';
  const panCheck = validatePan(pan);
  if (!panCheck.ok) {
    problems.push(
      issue(file, line, panCheck.code, panCheck.expected, 'The statement header does not hold a valid PAN.', {
        column: 'Permanent Account Number (PAN)',
        value: pan,
      }),
    );
  }
  const yearText = get('financialYear');
  const financialYear = yearText === null ? null : shortYear(yearText);
  if (yearText !== null && financialYear === null) {
    problems.push(
      issue(file, line, 'INVALID_FINANCIAL_YEAR', 'a year such as 2024-2025', 'Unreadable financial year.', {
        column: 'Financial Year',
        value: yearText,
      }),
    );
  }
  const ayText = get('assessmentYear');
  const dateText = get('fileCreationDate');
  const date = dateText === null ? null : parseDate(dateText);
  if (date && !date.ok) {
    problems.push(
      issue(file, line, 'INVALID_DATE', date.expected, 'Unreadable file creation date.', {
        column: 'File Creation Date',
        value: dateText ?? '',
      }),
    );
  }
  return {
    pan: panCheck.ok ? panCheck.value : pan.toUpperCase(),
    panStatus: get('panStatus'),
    financialYear,
    assessmentYear: ayText === null ? null : (shortYear(ayText) ?? ayText),
    name: get('name') ?? '',
    fileCreationDate: date?.ok ? date.value : null,
    line,
  };
};
