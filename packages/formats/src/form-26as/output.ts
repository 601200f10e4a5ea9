import { formatRupees, type Paise } from '@taxrecon/shared';
import { csvLine, csvRows } from '@taxrecon/shared/csv';
import type { FileIssue } from '../errors.ts';
import type {
  Form26asPart,
  Form26asParty,
  Form26asResult,
  Form26asTaxType,
  Form26asTransaction,
} from './types.ts';

export type { Form26asTaxType };

export interface Form26asFlatTransaction extends Form26asTransaction {
  part: Form26asTaxType;
  tan: string;
  name: string;
}

// Each Part I (TDS) and Part VI (TCS) transaction with its deductor, in file order.
export const forEach26asEntry = (
  result: Pick<Form26asResult, 'tds' | 'tcs'>,
  visit: (type: Form26asTaxType, party: Form26asParty, t: Form26asTransaction) => void,
): void => {
  for (const [part, type] of [
    [result.tds, 'TDS'],
    [result.tcs, 'TCS'],
  ] as const) {
    for (const party of part?.parties ?? []) for (const t of party.transactions) visit(type, party, t);
  }
};

// Part I and Part VI transactions as one list, each with its party's TAN and
// name; built field by field: a spread of each transaction cost seconds a
// million (ingest/tax-entry-lines.ts in the server).
export const form26asTransactions = (result: Form26asResult): Form26asFlatTransaction[] => {
  const out: Form26asFlatTransaction[] = [];
  forEach26asEntry(result, (type, party, t) => {
    out.push({
      srNo: t.srNo,
      section: t.section,
      transactionDate: t.transactionDate,
      status: t.status,
      bookingDate: t.bookingDate,
      remarks: t.remarks,
      amount: t.amount,
      tax: t.tax,
      deposited: t.deposited,
      file: t.file,
      line: t.line,
      part: type,
      tan: party.tan,
      name: party.name,
    });
  });
  return out;
};

const baseName = (path: string): string =>
  path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export const FORM26AS_CSV_COLUMNS = [
  'part',
  'tan',
  'name',
  'section',
  'transactionDate',
  'status',
  'bookingDate',
  'remarks',
  'amount',
  'tax',
  'deposited',
  'file',
  'line',
] as const;

// One line per Part I and Part VI transaction; amounts in rupees with two decimals.
export const form26asToCsv = (results: readonly Form26asResult[]): string => {
  // One csv-stringify call per party: a statement can hold lakhs of rows.
  const chunks: string[] = [csvLine(FORM26AS_CSV_COLUMNS)];
  for (const result of results) {
    const file = baseName(result.file);
    for (const [part, type] of [
      [result.tds, 'TDS'],
      [result.tcs, 'TCS'],
    ] as const) {
      for (const party of part?.parties ?? []) {
        chunks.push(
          csvRows(
            party.transactions.map((t) => [
              type,
              party.tan,
              party.name,
              t.section,
              t.transactionDate,
              t.status,
              t.bookingDate ?? '',
              t.remarks ?? '',
              formatRupees(t.amount),
              formatRupees(t.tax),
              formatRupees(t.deposited),
              file,
              t.line,
            ]),
          ),
        );
      }
    }
  }
  return chunks.join('');
};

// Rupee amounts are written as JSON numbers with exactly two decimals
// (250000.00): exact for people and spreadsheets, still plain numbers for programs.
// A marker string stands in for each amount until the text is assembled.
const MARK = '\uE000rs:';
const rupees = (p: Paise | null): string | null => (p === null ? null : `${MARK}${formatRupees(p)}`);

const transactionJson = (t: Form26asTransaction) => ({
  srNo: t.srNo,
  section: t.section,
  transactionDate: t.transactionDate,
  status: t.status,
  bookingDate: t.bookingDate,
  remarks: t.remarks,
  amount: rupees(t.amount),
  tax: rupees(t.tax),
  deposited: rupees(t.deposited),
  line: t.line,
});

const partyJson = (p: Form26asParty) => ({
  srNo: p.srNo,
  name: p.name,
  tan: p.tan,
  totalAmount: rupees(p.totalAmount),
  totalTax: rupees(p.totalTax),
  totalDeposited: rupees(p.totalDeposited),
  line: p.line,
  transactions: p.transactions.map(transactionJson),
});

const partJson = (part: Form26asPart | null) =>
  part === null
    ? null
    : {
        part: part.part,
        heading: part.heading,
        line: part.line,
        empty: part.empty,
        parties: part.parties.map(partyJson),
      };

const issueJson = (i: FileIssue) => ({ ...i, file: baseName(i.file) });

export const FORM26AS_JSON_VERSION = 1;

// The documented shape of `taxrecon parse-26as --json` (see the package README).
export const form26asToJson = (results: readonly Form26asResult[]): string => {
  const document = {
    format: 'taxrecon-26as',
    version: FORM26AS_JSON_VERSION,
    files: results.map((r) => ({
      file: baseName(r.file),
      layout: r.layout,
      header: r.header,
      tds: partJson(r.tds),
      tcs: partJson(r.tcs),
      otherParts: r.otherParts,
      transactionCount: r.transactionCount,
      errors: r.errors.map(issueJson),
      warnings: r.warnings.map(issueJson),
    })),
  };
  return `${JSON.stringify(document, null, 2).replace(/"\uE000rs:(-?\d+\.\d\d)"/g, '$1')}\n`;
};
