import type { LedgerEntry } from '@taxrecon/engine';
import type { FileIssue } from '@taxrecon/formats';
import { financialYearRange, numericOfPaise, type Paise, sumPaise } from '@taxrecon/shared';
import { readLedger } from '../payable/ledger-read.ts';

// An expense ledger checked at upload with the reader the 34A job uses
// (guessed header mapping): its control totals, its bad lines, and the lines
// dated outside the month (or year) it was filed under.
export interface LedgerCheck {
  // why nothing in the file can be used (no header, required columns missing, no readable line)
  unusable: string | null;
  rowsRead: number;
  rowsGood: number;
  baseTotal: string;
  tdsTotal: string;
  problems: FileIssue[];
  warnings: FileIssue[];
  entries: LedgerEntry[];
}

export const checkLedger = async (
  fileName: string,
  bytes: Uint8Array,
  period: { month: string } | { financialYear: string },
): Promise<LedgerCheck> => {
  const read = await readLedger(fileName, bytes);
  const good = read.entries.filter((e) => e.readError === null);
  const range =
    'month' in period
      ? { from: `${period.month}-01`, to: `${period.month}-31`, label: period.month }
      : {
          ...financialYearRange(period.financialYear as `${number}-${number}`),
          label: `FY ${period.financialYear}`,
        };
  const warnings: FileIssue[] = [];
  for (const e of good) {
    if (e.documentDate && (e.documentDate < range.from || e.documentDate > range.to)) {
      warnings.push({
        file: fileName,
        line: e.line,
        column: 'documentDate',
        value: e.documentDate,
        expected: `a document date in ${range.label}`,
        code: 'OUTSIDE_PERIOD',
        message: `The entry is dated ${e.documentDate}, outside ${range.label}.`,
      });
    }
  }
  const unusable =
    read.unusable ??
    (read.entries.length === 0
      ? 'it has no ledger lines under its header row'
      : good.length === 0
        ? `none of its ${read.entries.length} lines could be read`
        : null);
  return {
    unusable,
    rowsRead: read.entries.length,
    rowsGood: good.length,
    baseTotal: numericOfPaise(sumPaise(good.map((e) => e.baseAmount as Paise))),
    tdsTotal: numericOfPaise(sumPaise(good.map((e) => e.tdsAmount as Paise))),
    problems: read.issues,
    warnings,
    entries: read.entries,
  };
};
