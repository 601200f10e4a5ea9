import { RAW_EXPENSE_MANDATORY, type RawExpenseField } from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import { LEDGER_FIELDS, parseAmount, parseDate, parseRate, type RawRecord } from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import { type CheckedRule, type EvaluatedRuleSet, firstRuleSet } from '../rule-sets/rules.ts';

// The raw expense ledger upload (spec part 3, /raw-upload-expense): the
// user's columns, mapped onto the raw target fields, become lines of the 34A
// expense ledger; each line takes its section from the first of the entity's
// rule sets that holds, else from the section the raw ledger gives. A line
// with a problem is left out of the ledger and listed in the error report.

export type RawMapping = Partial<Record<RawExpenseField, string>>;

export interface RawProblem {
  line: number;
  column: string;
  problem: string;
}

export interface RawTransformed {
  header: string[];
  lines: string[][];
  problems: RawProblem[];
  rowsRead: number;
  rowsByRuleSet: number;
}

// The 34A target fields, in the order of spec part 3 section 3 (with tdsSection).
export const LEDGER_HEADER: readonly string[] = LEDGER_FIELDS.map((f) => f.key);

const DATES = new Set<RawExpenseField>(['documentDate', 'postingDate', 'deductionDate']);
const AMOUNTS = new Set<RawExpenseField>(['baseAmount', 'invoiceAmount', 'tdsAmount']);

const squash = (s: string): string => s.trim().toLowerCase();

// Where each header is in the file: exact name first, then ignoring case.
export const headerIndex = (headers: readonly string[]) => {
  const exact = new Map<string, number>();
  const loose = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!exact.has(h.trim())) exact.set(h.trim(), i);
    if (!loose.has(squash(h))) loose.set(squash(h), i);
  });
  return (name: string): number | undefined => exact.get(name.trim()) ?? loose.get(squash(name));
};

// The header names the mapping uses that the file lacks.
export const missingHeaders = (headers: readonly string[], wanted: readonly string[]): string[] => {
  const find = headerIndex(headers);
  return [...new Set(wanted.filter((w) => w.trim() !== '' && find(w) === undefined))];
};

export const missingMandatory = (mapping: RawMapping): RawExpenseField[] =>
  RAW_EXPENSE_MANDATORY.filter((f) => !mapping[f]?.trim());

type Value = { text: string } | { problem: string };

const readValue = (field: RawExpenseField, raw: string): Value => {
  const text = raw.trim();
  if (text === '') return { text: '' };
  if (DATES.has(field)) {
    const r = parseDate(text);
    return r.ok ? { text: r.value } : { problem: `"${text}" is not a date; expected ${r.expected}` };
  }
  if (AMOUNTS.has(field)) {
    const r = parseAmount(text);
    return r.ok
      ? { text: formatRupees(r.value) }
      : { problem: `"${text}" is not an amount; expected ${r.expected}` };
  }
  if (field === 'tdsRate') {
    const r = parseRate(text);
    return r.ok ? { text: String(r.value) } : { problem: `"${text}" is not a rate; expected ${r.expected}` };
  }
  if (field === 'panNo' || field === 'tanNumber') return { text: text.replace(/\s+/g, '').toUpperCase() };
  return { text };
};

export const transformRawLedger = (input: {
  headers: readonly string[];
  rows: readonly RawRecord[];
  mapping: RawMapping;
  ruleSets: readonly EvaluatedRuleSet[];
}): RawTransformed => {
  const find = headerIndex(input.headers);
  const fields = Object.entries(input.mapping).filter(
    (e): e is [RawExpenseField, string] => typeof e[1] === 'string' && e[1].trim() !== '',
  );
  const columnOf = new Map(fields.map(([f, h]) => [f, find(h)]));
  // problems of a line read left to right, as the file has its columns
  fields.sort(([a], [b]) => (columnOf.get(a) ?? Infinity) - (columnOf.get(b) ?? Infinity));
  const problems: RawProblem[] = [];
  const lines: string[][] = [];
  let rowsByRuleSet = 0;
  for (const row of input.rows) {
    const values = new Map<RawExpenseField, string>();
    const before = problems.length;
    for (const [field, header] of fields) {
      const index = columnOf.get(field);
      const got = readValue(field, index === undefined ? '' : (row.values[index] ?? ''));
      if ('problem' in got)
        problems.push({ line: row.line, column: header, problem: `${field}: ${got.problem}` });
      else values.set(field, got.text);
    }
    for (const field of RAW_EXPENSE_MANDATORY)
      if (values.has(field) && values.get(field) === '')
        problems.push({
          line: row.line,
          column: input.mapping[field] ?? field,
          problem: `${field} is empty`,
        });
    // A rule reads the user's own column when it names one, else the mapped field.
    const read = (rule: CheckedRule): string | null => {
      if (rule.sourceFieldName) {
        const i = find(rule.sourceFieldName);
        return i === undefined ? null : (row.values[i] ?? null);
      }
      return values.get(rule.fieldName as RawExpenseField) ?? null;
    };
    const set = firstRuleSet(input.ruleSets, read);
    let section = set?.section ?? '';
    const given = values.get('tdsSection') ?? '';
    if (!set && given !== '') {
      const canonical = normaliseSection(given);
      if (canonical) section = canonical;
      else
        problems.push({
          line: row.line,
          column: input.mapping.tdsSection ?? 'tdsSection',
          problem: `tdsSection: "${given}" is not a TDS section and no rule set gives one; expected a section such as 194C or 194J(b)`,
        });
    }
    if (problems.length > before) continue;
    if (set) rowsByRuleSet++;
    lines.push(
      LEDGER_HEADER.map((key) =>
        key === 'tdsSection' ? section : (values.get(key as RawExpenseField) ?? ''),
      ),
    );
  }
  return { header: [...LEDGER_HEADER], lines, problems, rowsRead: input.rows.length, rowsByRuleSet };
};
