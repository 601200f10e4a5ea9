import { formatRupees, type Paise, parseRupees, validateTan } from '@taxrecon/shared';
import { type FileIssue, issue } from '../errors.ts';
import { parseDateCached } from '../values/dates.ts';
import type { ColumnMap, PartyColumn, TransactionColumn } from './columns.ts';
import type { Form26asParty, Form26asTransaction } from './types.ts';

// Reading one party row or one transaction row of Part I/VI, given the column
// positions its header gave. Problems are appended to the sink; a row that
// cannot be read returns null.

export interface IssueSink {
  file: string;
  errors: FileIssue[];
  warnings: FileIssue[];
}

const STATUSES = new Set(['F', 'U', 'P', 'O', 'M', 'Z']);
const AMOUNT_EXPECTED = 'an amount such as 1,50,000.00 or -800.00';
const DATE_EXPECTED = 'a date such as 23-Sep-2025';

export const serial = (s: string | undefined): number => {
  const v = Number(s);
  return Number.isSafeInteger(v) ? v : 0;
};

export const readPartyRow = (
  f: readonly string[],
  map: ColumnMap<PartyColumn>,
  ix: Record<PartyColumn, number>,
  n: number,
  sink: IssueSink,
): Form26asParty => {
  const total = (key: 'totalAmount' | 'totalTax' | 'totalDeposited'): Paise | null => {
    const text = f[ix[key]] ?? '';
    const value = parseRupees(text);
    if (value === null) {
      sink.errors.push(
        issue(
          sink.file,
          n,
          'INVALID_AMOUNT',
          AMOUNT_EXPECTED,
          `Unreadable ${map.names[key]} on the party row.`,
          {
            column: map.names[key],
            value: text,
          },
        ),
      );
    }
    return value;
  };
  const tanText = (f[ix.tan] ?? '').trim();
  const tan = validateTan(tanText);
  if (!tan.ok) {
    sink.warnings.push(
      issue(
        sink.file,
        n,
        tan.code,
        tan.expected,
        'The deductor/collector TAN is not a valid TAN; kept as given.',
        {
          column: map.names.tan,
          value: tanText,
        },
      ),
    );
  }
  return {
    srNo: serial(f[ix.srNo]),
    name: (f[ix.name] ?? '').trim(),
    tan: tan.ok ? tan.value : tanText.toUpperCase(),
    totalAmount: total('totalAmount'),
    totalTax: total('totalTax'),
    totalDeposited: total('totalDeposited'),
    line: n,
    transactions: [],
  };
};

// The hot path: one call per transaction, so no regular expressions and the
// 26AS date cache.
export const readTransactionRow = (
  f: readonly string[],
  map: ColumnMap<TransactionColumn>,
  ix: Record<TransactionColumn, number>,
  n: number,
  sink: IssueSink,
): Form26asTransaction | null => {
  let bad = false;
  const unreadable = (key: TransactionColumn, code: string, expected: string, what: string): void => {
    bad = true;
    sink.errors.push(
      issue(sink.file, n, code, expected, `Unreadable ${what}; the transaction is left out.`, {
        column: map.names[key],
        value: f[ix[key]] ?? '',
      }),
    );
  };
  const transactionDate = parseDateCached(f[ix.transactionDate] ?? '');
  if (transactionDate === null)
    unreadable('transactionDate', 'INVALID_DATE', DATE_EXPECTED, 'transaction date');
  const amount = parseRupees(f[ix.amount] ?? '');
  if (amount === null) unreadable('amount', 'INVALID_AMOUNT', AMOUNT_EXPECTED, 'amount');
  const tax = parseRupees(f[ix.tax] ?? '');
  if (tax === null) unreadable('tax', 'INVALID_AMOUNT', AMOUNT_EXPECTED, 'tax amount');
  const deposited = parseRupees(f[ix.deposited] ?? '');
  if (deposited === null) unreadable('deposited', 'INVALID_AMOUNT', AMOUNT_EXPECTED, 'deposited amount');
  if (bad || transactionDate === null || amount === null || tax === null || deposited === null) return null;

  const bookingText = (f[ix.bookingDate] ?? '').trim();
  let bookingDate: string | null = null;
  if (bookingText !== '-' && bookingText !== '') {
    bookingDate = parseDateCached(bookingText);
    if (bookingDate === null) {
      sink.warnings.push(
        issue(sink.file, n, 'INVALID_DATE', DATE_EXPECTED, 'Unreadable date of booking; kept as none.', {
          column: map.names.bookingDate,
          value: bookingText,
        }),
      );
    }
  }
  const status = (f[ix.status] ?? '').trim();
  if (!STATUSES.has(status)) {
    sink.warnings.push(
      issue(
        sink.file,
        n,
        'UNKNOWN_STATUS',
        'status of booking F, U, P, O, M or Z',
        'Unknown status of booking; kept as given.',
        {
          column: map.names.status,
          value: status,
        },
      ),
    );
  }
  const remarks = (f[ix.remarks] ?? '').trim();
  return {
    srNo: serial(f[ix.srNo]),
    section: (f[ix.section] ?? '').trim(),
    transactionDate,
    status,
    bookingDate,
    remarks: remarks === '-' || remarks === '' ? null : remarks,
    amount,
    tax,
    deposited,
    file: sink.file,
    line: n,
  };
};

// Party totals repeat the sum of the party's transactions; a difference
// means a truncated download or a row that could not be read.
export const checkPartyTotals = (
  party: Form26asParty,
  sums: { amount: number; tax: number; deposited: number },
  // how many transactions were summed (a parser handing them on keeps none)
  count: number,
  names: Record<PartyColumn, string> | undefined,
  sink: IssueSink,
): void => {
  const check = (total: Paise | null, sum: number, column: string): void => {
    if (total === null || total === sum) return;
    sink.warnings.push(
      issue(
        sink.file,
        party.line,
        'PARTY_TOTAL_MISMATCH',
        formatRupees(sum),
        `${column} on the row of ${party.name} (${party.tan}) is ${formatRupees(total)} but its ${count} transaction(s) add up to ${formatRupees(sum)}.`,
        { column, value: formatRupees(total) },
      ),
    );
  };
  check(party.totalAmount, sums.amount, names?.totalAmount ?? 'Total Amount');
  check(party.totalTax, sums.tax, names?.totalTax ?? 'Total Tax');
  check(party.totalDeposited, sums.deposited, names?.totalDeposited ?? 'Total Deposited');
};
