import { ADJUSTMENT_FIXED_COLUMNS, ADJUSTMENT_KEY_COLUMNS } from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import { formatIssue, parseAmount, parseDate, parseRate, readTable } from '@taxrecon/formats';
import { paiseOfNumeric } from '@taxrecon/shared';
import type { EntryRow } from '../payable/results/entries.ts';

// Reads the step-1 workbook as a person sends it back and checks every row
// against the entries of the line: which ledger line it is (File, Line, and
// its Document as a guard), that what comes from the ledger and the vendor
// master is unchanged, and that each adjusted value is one the 34A engine
// can use. Never throws on bad data: every problem is a row, a column and
// what was expected, for the errors workbook.

export interface AdjustmentChange {
  file: string;
  line: number;
  ref: string;
  // null: not changed by this file
  section: string | null;
  rate: number | null;
  deductedPaise: number | null;
  documentDate: string | null;
}

export interface AdjustmentProblem {
  // the spreadsheet row (1-based, as Excel numbers it); 0 for the file as a whole
  row: number;
  column: string;
  problem: string;
  values: string[];
}

export interface AdjustedRead {
  headers: string[];
  changes: AdjustmentChange[];
  problems: AdjustmentProblem[];
  rowsRead: number;
}

export interface AdjustmentRules {
  // entries of the line, from the year's latest result
  entries: readonly EntryRow[];
  // sections with a section expense type (normalised: 194C, 194J(b)...)
  sections: ReadonlySet<string>;
  yearFrom: string;
  yearTo: string;
  // months whose results are locked (verified)
  verifiedMonths: ReadonlySet<string>;
}

const letter = (index: number): string => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

const keyOf = (file: string, line: number) => `${file}\u0000${line}`;
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

export const readAdjustedFile = async (
  bytes: Uint8Array,
  fileName: string,
  rules: AdjustmentRules,
): Promise<AdjustedRead> => {
  const table = await readTable(bytes, fileName, { format: 'xlsx' });
  const whole = (problem: string): AdjustedRead => ({
    headers: table.headers,
    changes: [],
    problems: [{ row: table.headerLine, column: '', problem, values: [] }],
    rowsRead: 0,
  });
  const first = table.errors[0];
  if (first) return whole(formatIssue(first));
  const columnOf = (header: string) => table.headers.findIndex((h) => same(h, header));
  const missing = ADJUSTMENT_KEY_COLUMNS.filter((h) => columnOf(h) < 0);
  if (missing.length > 0)
    return whole(
      `${fileName}: expected the header row of the e-mailed entries (File, Line, Document, ..., Section, Rate %, TDS deducted); missing ${missing.join(', ')}.`,
    );

  const byKey = new Map(rules.entries.map((e) => [keyOf(e.file, e.line), e]));
  const seen = new Map<string, number>();
  const changes: AdjustmentChange[] = [];
  const problems: AdjustmentProblem[] = [];
  let rowsRead = 0;
  const fileCol = columnOf('File');
  const lineCol = columnOf('Line');

  for (const record of table.rows) {
    const cell = (i: number) => (i < 0 ? '' : (record.values[i] ?? '').trim());
    // the workbook's own totals row
    if (/^Total \(\d+ rows\)$/.test(cell(0))) continue;
    rowsRead++;
    const at = (header: string, problem: string) => {
      const i = columnOf(header);
      problems.push({
        row: record.line,
        column: i < 0 ? header : `${letter(i)} (${table.headers[i]})`,
        problem,
        values: record.values,
      });
    };
    const file = cell(fileCol);
    const lineText = cell(lineCol);
    if (!/^\d+$/.test(lineText)) {
      at('Line', `expected the ledger line number of the entry, found "${lineText}"`);
      continue;
    }
    const line = Number(lineText);
    const entry = byKey.get(keyOf(file, line));
    if (!entry) {
      at(
        'File',
        `expected the file and line of an entry of this summary line; "${file}" line ${line} is not one of its ${rules.entries.length} entries`,
      );
      continue;
    }
    const before = seen.get(keyOf(file, line));
    if (before !== undefined) {
      at('Line', `the entry "${file}" line ${line} is on row ${before} already; keep one row per entry`);
      continue;
    }
    seen.set(keyOf(file, line), record.line);
    const ref = cell(columnOf('Document'));
    if (ref !== entry.ref) {
      at('Document', `expected "${entry.ref}" (the document of ${file} line ${line}), found "${ref}"`);
      continue;
    }
    const problemsBefore = problems.length;
    for (const header of ADJUSTMENT_FIXED_COLUMNS) {
      const i = columnOf(header);
      if (i < 0) continue;
      const found = cell(i);
      const fromLedger = header === 'Vendor code' ? entry.vendor_code : header === 'PAN' ? entry.pan : null;
      if (header === 'Base') {
        const amount = parseAmount(found);
        if (!amount.ok || amount.value !== paiseOfNumeric(entry.base))
          at(
            header,
            `expected ${entry.base} as the ledger has it (Base is corrected in the expense ledger, not here), found "${found}"`,
          );
      } else if (!same(found, fromLedger))
        at(
          header,
          `expected "${fromLedger ?? ''}" as the ledger and vendor master have it (correct it there, not here), found "${found}"`,
        );
    }

    const change: AdjustmentChange = {
      file,
      line,
      ref: entry.ref,
      section: null,
      rate: null,
      deductedPaise: null,
      documentDate: null,
    };
    const sectionCol = columnOf('Section');
    if (sectionCol >= 0) {
      const found = cell(sectionCol);
      const section = found === '' ? null : normaliseSection(found);
      if (!section) at('Section', `expected a TDS section such as 194C or 194J(b), found "${found}"`);
      else if (section !== entry.section) {
        if (!rules.sections.has(section))
          at(
            'Section',
            `expected a section with a section expense type of this entity (such as ${[...rules.sections].slice(0, 3).join(', ')}), found "${found}"`,
          );
        else change.section = section;
      }
    }
    const rateCol = columnOf('Rate %');
    if (rateCol >= 0) {
      const found = cell(rateCol);
      if (found !== '' || entry.rate !== null) {
        const rate = parseRate(found);
        if (!rate.ok) at('Rate %', `expected ${rate.expected}, found "${found}"`);
        else if (entry.rate === null || rate.value !== Number(entry.rate)) change.rate = rate.value;
      }
    }
    const deductedCol = columnOf('TDS deducted');
    if (deductedCol >= 0) {
      const found = cell(deductedCol);
      const amount = parseAmount(found === '' ? '0' : found);
      if (!amount.ok) at('TDS deducted', `expected ${amount.expected}, found "${found}"`);
      else if (amount.value < 0)
        at('TDS deducted', `expected an amount of zero or more (tax deducted), found "${found}"`);
      else if (amount.value !== paiseOfNumeric(entry.deducted)) change.deductedPaise = amount.value;
    }
    const dateCol = columnOf('Document date');
    if (dateCol >= 0) {
      const found = cell(dateCol);
      const date = parseDate(found);
      if (!date.ok) at('Document date', `expected ${date.expected}, found "${found}"`);
      else if (date.value < rules.yearFrom || date.value > rules.yearTo)
        at(
          'Document date',
          `expected a date from ${rules.yearFrom} to ${rules.yearTo} (this financial year, up to the month last computed), found "${found}"`,
        );
      else if (rules.verifiedMonths.has(date.value.slice(0, 7)))
        at(
          'Document date',
          `expected a date in a month that is not verified; ${date.value.slice(0, 7)} is verified and its results are locked`,
        );
      else if (date.value !== entry.document_date) change.documentDate = date.value;
    }
    if (problems.length > problemsBefore) continue;
    const changed =
      change.section !== null ||
      change.rate !== null ||
      change.deductedPaise !== null ||
      change.documentDate !== null;
    // A line's entries include earlier months' whose tax is due in its month
    // (DOMAIN 7.5): a verified month's entries are kept by every run as they
    // are, so a change to one would be recorded but never applied.
    if (changed && entry.month !== null && rules.verifiedMonths.has(entry.month)) {
      at(
        'Line',
        `expected no change to "${file}" line ${line}: it is dated ${entry.document_date ?? entry.month}, and ${entry.month} is verified, so its results are locked (leave the row as it was sent)`,
      );
      continue;
    }
    if (changed) changes.push(change);
  }
  return { headers: table.headers, changes, problems, rowsRead };
};

// "row 7, column Q (TDS deducted): expected ..." for messages and the errors workbook.
export const problemText = (fileName: string, p: AdjustmentProblem): string =>
  p.column ? `${fileName}, row ${p.row}, column ${p.column}: ${p.problem}` : p.problem;
