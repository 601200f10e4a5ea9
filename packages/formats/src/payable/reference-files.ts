import { EXEMPTION_REASONS, exemptionReasonProblem } from '@taxrecon/shared';
import { issue } from '../errors.ts';
import { type RecordColumn, type RecordReadResult, readRecords } from '../masters/record-file.ts';
import { VENDOR_MASTER_COLUMNS } from '../masters/vendor-master.ts';
import { readTable } from '../registers/read-table.ts';

// The reference files of a TDS payable computation, each a table with a
// header row of the spec's field names (spec part 3, section 3), matched
// without regard to case, spaces or underscores: tab-separated text, csv or a
// spreadsheet. Amounts come back in paise, rates in percent, dates ISO.

export const VENDOR_SECTION_COLUMNS = [
  { key: 'id', kind: 'text' },
  { key: 'vendorId', kind: 'text' },
  { key: 'vendorCode', kind: 'text', required: true },
  { key: 'sectionNumber', kind: 'text', required: true },
  { key: 'subSection', kind: 'text' },
  { key: 'tdsExempted', kind: 'boolean', defaultValue: false },
  { key: 'tdsExemptedFromDate', kind: 'date' },
  { key: 'tdsExemptedToDate', kind: 'date' },
  // Annexure 6's reason (B 15G/15H, T transporter 194C(6), Z 197A(1F)); empty: not recorded
  { key: 'tdsExemptionReason', kind: 'choice', choices: EXEMPTION_REASONS },
  { key: 'ltdcApplied', kind: 'boolean', defaultValue: false },
  { key: 'ltdcPercentage', kind: 'rate' },
  { key: 'ltdcAmount', kind: 'amount' },
  { key: 'ltdcFromDate', kind: 'date' },
  { key: 'ltdcToDate', kind: 'date' },
] as const satisfies readonly RecordColumn[];

export const EXPENSE_SECTION_COLUMNS = [
  { key: 'expenseKey', kind: 'text', required: true },
  { key: 'expenseDescription', kind: 'text' },
  { key: 'sectionNumber', kind: 'text', required: true },
  { key: 'subSection', kind: 'text' },
  { key: 'expenseType', kind: 'text' },
  { key: 'expenseTypeDetail', kind: 'text' },
  { key: 'tdsExempted', kind: 'boolean', defaultValue: false },
  { key: 'applicableFromDate', kind: 'date' },
  { key: 'applicableToDate', kind: 'date' },
] as const satisfies readonly RecordColumn[];

export const SECTION_TYPE_COLUMNS = [
  { key: 'sectionExpenseTypeId', kind: 'text' },
  { key: 'sectionNumber', kind: 'text', required: true },
  { key: 'subSection', kind: 'text' },
  { key: 'expenseType', kind: 'text' },
  { key: 'expenseTypeDetail', kind: 'text' },
  { key: 'tdsExempted', kind: 'boolean', defaultValue: false },
  { key: 'tdsRateCompany', kind: 'rate' },
  { key: 'tdsRateIndividual', kind: 'rate' },
  { key: 'tdsRateOthers', kind: 'rate' },
  { key: 'tdsForNoOrInvalidPAN', kind: 'rate' },
  { key: 'applicableFromDate', kind: 'date' },
  { key: 'applicableToDate', kind: 'date' },
  { key: 'thresholdInvoice', kind: 'amount' },
  { key: 'thresholdMonthly', kind: 'amount' },
  { key: 'thresholdAnnually', kind: 'amount' },
] as const satisfies readonly RecordColumn[];

export const CUSTOM_RULE_COLUMNS = [
  { key: 'glCode', kind: 'text', required: true },
  { key: 'section', kind: 'text', required: true },
  { key: 'vendorCode', kind: 'text', required: true },
  { key: 'forceApplyTds', kind: 'boolean', required: true },
] as const satisfies readonly RecordColumn[];

// The vendor master as the payable computation reads it: the PAN is kept as
// given (an invalid PAN means 206AA), so only the vendor code is required.
// Codes and names of any length count here (the master upload's 3-character
// minimum is a data-entry rule, not a reason to lose a vendor's entries).
export const PAYABLE_VENDOR_COLUMNS: readonly RecordColumn[] = VENDOR_MASTER_COLUMNS.map(
  (c): RecordColumn => {
    if (c.key === 'panNumber' || c.key === 'vendorName') return { key: c.key, kind: 'text' };
    if (c.key === 'vendorCode') return { key: c.key, kind: 'text', required: true };
    return c;
  },
);

type Row<C extends readonly RecordColumn[]> = {
  [K in C[number]['key']]: string | number | boolean | null;
} & { line: number };

const readReference = async <C extends readonly RecordColumn[]>(
  bytes: Uint8Array,
  file: string,
  columns: C,
): Promise<RecordReadResult<Row<C>>> => {
  const table = await readTable(bytes, file);
  const result = readRecords<Row<C>>(table, columns);
  return { ...result, errors: [...table.errors, ...result.errors] };
};

// A reason for exemption that cannot stand (an unknown letter, a reason on a
// mapping that is not exempt, T outside 194C, B outside the sections a
// 15G/15H covers) leaves its line out with an error naming the column: a
// reason read as empty would report the entries under no remark, or the
// wrong one.
export const readVendorSections = async (bytes: Uint8Array, file: string) => {
  const read = await readReference(bytes, file, VENDOR_SECTION_COLUMNS);
  const REASON = 'tdsExemptionReason';
  const unknown = read.warnings.filter((w) => w.code === 'INVALID_CHOICE' && isReasonColumn(w.column));
  const badLines = new Set(unknown.map((w) => w.line));
  const errors = [
    ...read.errors,
    ...unknown.map((w) => ({ ...w, message: `${REASON} is not acceptable; the row is left out.` })),
  ];
  const rows = read.rows.filter((r) => {
    if (badLines.has(r.line)) return false;
    const section = r.subSection ? `${r.sectionNumber}(${r.subSection})` : String(r.sectionNumber ?? '');
    const problem = exemptionReasonProblem(
      r.tdsExemptionReason as string | null,
      r.tdsExempted === true,
      section,
    );
    if (problem)
      errors.push(
        issue(
          file,
          r.line,
          'INVALID_EXEMPTION_REASON',
          'B, T or Z on an exempt mapping of its section',
          problem,
          {
            column: REASON,
            value: String(r.tdsExemptionReason),
          },
        ),
      );
    return problem === null;
  });
  return {
    ...read,
    rows,
    errors,
    warnings: read.warnings.filter((w) => !unknown.includes(w)),
  };
};

// the column as the file heads it ('TDS Exemption Reason', 'tds_exemption_reason'...)
const isReasonColumn = (header: string | undefined): boolean =>
  (header ?? '').replace(/[^A-Za-z0-9]/g, '').toLowerCase() === 'tdsexemptionreason';
export const readExpenseSections = (bytes: Uint8Array, file: string) =>
  readReference(bytes, file, EXPENSE_SECTION_COLUMNS);
export const readSectionTypes = (bytes: Uint8Array, file: string) =>
  readReference(bytes, file, SECTION_TYPE_COLUMNS);
export const readCustomRules = (bytes: Uint8Array, file: string) =>
  readReference(bytes, file, CUSTOM_RULE_COLUMNS);
export const readPayableVendors = (bytes: Uint8Array, file: string) =>
  readReference(bytes, file, PAYABLE_VENDOR_COLUMNS);
