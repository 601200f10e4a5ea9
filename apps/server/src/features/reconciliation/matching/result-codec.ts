import type {
  BookEntry,
  PartyInfo,
  PartyResult,
  PartyTotals,
  PartyWork,
  ResolvedBy,
  ResolvedOptions,
  SideTotals,
  TaxBookEntry,
  UnresolvedRow,
} from '@taxrecon/engine';
import { numericOfPaise, type Paise, paiseOfNumeric } from '@taxrecon/shared';
import { type CopyValue, copyField, copyRow, parseCopyText, textArrayLiteral } from './copy-text.ts';
import { CONTENT_COLUMNS, type SourcedBookRow, type SourcedTaxBookRow } from './source-rows.ts';

// The engine's per-party result as rows of recon_parties and recon_rows (and
// the rows not considered as recon_unresolved), and stored rows back into the
// engine's work for a party, so one party can be reconciled again after a
// decision exactly as the whole job would.

// recon_parties' totals columns, in table order, with the PartyTotals bucket each holds.
export const TOTALS_BUCKETS = [
  ['', 'book', 'taxBook'],
  ['matched_', 'matchedBook', 'matchedTaxBook'],
  ['totals_', 'claimedByTotalsBook', 'claimedByTotalsTaxBook'],
  ['accepted_', 'acceptedBook', 'acceptedTaxBook'],
  ['open_', 'openBook', 'openTaxBook'],
  ['bf_', 'broughtForwardBook', 'broughtForwardTaxBook'],
  ['cf_', 'carriedForwardBook', 'carriedForwardTaxBook'],
] as const satisfies readonly (readonly [string, keyof PartyTotals, keyof PartyTotals])[];

const TOTALS_COLUMNS = TOTALS_BUCKETS.flatMap(([prefix]) =>
  ['book', 'tb'].flatMap((side) => [
    `${prefix}${side}_rows`,
    `${prefix}${side}_amount`,
    `${prefix}${side}_tax`,
  ]),
);

export const PARTY_COLUMNS = [
  'job_id',
  'entity_id',
  'financial_year',
  'party',
  'party_key',
  'code',
  'name',
  'tan',
  'pan',
  'members',
  'in_master',
  'category',
  'claimed_by_totals',
  'manually_matched',
  'matches',
  ...TOTALS_COLUMNS,
  'tax_difference',
  'amount_difference',
  'claimable_tax',
  'not_claimable_tax',
  'options',
] as const;

export const ROW_COLUMNS = [
  'job_id',
  'entity_id',
  'financial_year',
  'party',
  'side',
  'ord',
  // a row's line of COPY text as it was read stands here whole (rowLines)
  ...CONTENT_COLUMNS,
  'resolved_by',
  'brought_forward',
  'carried_forward',
  'split_of',
  'split_part',
  'match_no',
  'rule',
  'claimable',
  'manual',
  'accepted_tax',
  'action',
  'notes',
  'reason',
  'reason_code',
] as const;

export const UNRESOLVED_COLUMNS = [
  'job_id',
  'entity_id',
  'financial_year',
  'side',
  'source_id',
  'ref',
  'txn_date',
  'name',
  'code',
  'tan',
  'pan',
  'gstin',
  'section',
  'status',
  'amount',
  'tax',
  'reason_code',
  'reason',
] as const;

export interface JobScope {
  jobId: string;
  entityId: string;
  financialYear: string;
}

const sideValues = (t: SideTotals): CopyValue[] => [t.rows, numericOfPaise(t.amount), numericOfPaise(t.tax)];

export const partyLine = (
  scope: JobScope,
  ordinal: number,
  p: PartyResult,
  options: ResolvedOptions | null = null,
): string => {
  const values: CopyValue[] = [
    scope.jobId,
    scope.entityId,
    scope.financialYear,
    ordinal,
    p.key,
    p.code,
    p.name,
    p.tan,
    p.pan,
    textArrayLiteral(p.members),
    p.inMaster,
    p.category,
    p.claimedByTotals,
    p.manuallyMatched,
    p.matches.length,
  ];
  for (const [, book, taxBook] of TOTALS_BUCKETS) {
    values.push(...sideValues(p.totals[book] as SideTotals), ...sideValues(p.totals[taxBook] as SideTotals));
  }
  values.push(
    numericOfPaise(p.totals.taxDifference),
    numericOfPaise(p.totals.amountDifference),
    numericOfPaise(p.totals.claimableTax),
    numericOfPaise(p.totals.notClaimableTax),
    options ? JSON.stringify(options) : null,
  );
  return copyRow(values);
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOrNull = (d: string | null | undefined): string | null => (d && ISO_DATE.test(d) ? d : null);

// Rows are the bulk of a job's output (two million for a big year), so their
// lines are built as strings directly: only free text is checked for escapes.
const NULL = '\\N';
const text = (v: string | null | undefined): string => (v === null || v === undefined ? NULL : copyField(v));
const bool = (v: boolean): string => (v ? 't' : 'f');

const entryTail = (p: PartyResult, e: BookEntry | TaxBookEntry): string => {
  const m = e.match >= 0 ? p.matches[e.match] : undefined;
  const split = e.splitOf >= 0;
  return `${e.resolvedBy}\t${bool(e.broughtForward)}\t${bool(e.carriedForward)}\t${split ? e.splitOf : NULL}\t${
    split ? e.splitPart : NULL
  }\t${m ? e.match : NULL}\t${m ? m.rule : NULL}\t${m ? bool(m.claimable) : NULL}\t${m ? bool(m.manual) : NULL}\t${
    m && m.acceptedTax !== null ? numericOfPaise(m.acceptedTax) : NULL
  }\t${e.action ?? NULL}\t${e.notes.length > 0 ? copyField(JSON.stringify(e.notes)) : NULL}\t${
    e.reason ? copyField(JSON.stringify(e.reason)) : NULL
  }\t${e.reason ? e.reason.code : NULL}\n`;
};

// Every row of a party, book rows then 26AS rows, each in the engine's order.
export const rowLines = (
  scope: JobScope,
  ordinal: number,
  p: PartyResult,
  add: (line: string) => void,
): void => {
  const head = `${scope.jobId}\t${scope.entityId}\t${scope.financialYear}\t${ordinal}\t`;
  for (let ord = 0; ord < p.book.length; ord++) {
    const e = p.book[ord]!;
    const r = e.row as SourcedBookRow;
    // A row as read is written back as read; a split part has new amounts.
    const content =
      r.line !== undefined && e.splitOf < 0
        ? r.line
        : `${r.sourceId ?? NULL}\t${text(r.voucherNo)}\t${r.date}\t${text(r.partyName)}\t${text(r.customerCode)}\t${text(
            r.tan,
          )}\t${text(r.pan)}\t${text(r.gstin)}\t${text(r.section)}\t${r.rate ?? NULL}\t${NULL}\t${NULL}\t${NULL}\t${numericOfPaise(
            r.amount,
          )}\t${numericOfPaise(r.tax)}\t${NULL}`;
    add(`${head}B\t${ord}\t${content}\t${entryTail(p, e)}`);
  }
  for (let ord = 0; ord < p.taxBook.length; ord++) {
    const e = p.taxBook[ord]!;
    const r = e.row as SourcedTaxBookRow;
    const content =
      r.line !== undefined && e.splitOf < 0
        ? r.line
        : `${r.sourceId ?? NULL}\t${text(r.ref)}\t${r.transactionDate}\t${text(r.name)}\t${NULL}\t${text(
            r.tan,
          )}\t${NULL}\t${NULL}\t${text(r.section)}\t${NULL}\t${text(r.status)}\t${
            dateOrNull(r.bookingDate) ?? NULL
          }\t${text(r.remarks)}\t${numericOfPaise(r.amount)}\t${numericOfPaise(r.tax)}\t${numericOfPaise(r.deposited)}`;
    add(`${head}T\t${ord}\t${content}\t${entryTail(p, e)}`);
  }
};

export const unresolvedLine = (scope: JobScope, u: UnresolvedRow): string => {
  const head = [scope.jobId, scope.entityId, scope.financialYear];
  if (u.side === 'book') {
    const r = u.row as SourcedBookRow;
    return copyRow([
      ...head,
      'B',
      r.sourceId ?? null,
      u.ref,
      dateOrNull(r.date),
      r.partyName,
      r.customerCode ?? null,
      r.tan ?? null,
      r.pan ?? null,
      r.gstin ?? null,
      r.section ?? null,
      null,
      numericOfPaise(Number.isSafeInteger(r.amount) ? r.amount : 0),
      numericOfPaise(Number.isSafeInteger(r.tax) ? r.tax : 0),
      u.code,
      u.reason,
    ]);
  }
  const r = u.row as SourcedTaxBookRow;
  return copyRow([
    ...head,
    'T',
    r.sourceId ?? null,
    u.ref,
    dateOrNull(r.transactionDate),
    r.name,
    null,
    r.tan,
    null,
    null,
    r.section,
    r.status,
    numericOfPaise(Number.isSafeInteger(r.amount) ? r.amount : 0),
    numericOfPaise(Number.isSafeInteger(r.tax) ? r.tax : 0),
    u.code,
    u.reason,
  ]);
};

// --- back from the database ---

export const storedRowsSelect = (jobId: string, party: number): string =>
  `SELECT ${ROW_COLUMNS.join(', ')} FROM recon_rows WHERE job_id = '${jobId}' AND party = ${Math.trunc(party)} ORDER BY side, ord`;

const col = Object.fromEntries(ROW_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof ROW_COLUMNS)[number],
  number
>;

const entry = <R>(row: R, resolvedBy: string, broughtForward: boolean) => ({
  row,
  resolvedBy: resolvedBy as ResolvedBy,
  broughtForward,
  carriedForward: false,
  match: -1,
  reason: null,
  action: null,
  notes: [],
  splitOf: -1,
  splitPart: 0,
});

// Stored rows (COPY text of storedRowsSelect) as the party's work: its own
// rows as they were before any decision. Parts of split rows are left out,
// because applying the decisions again makes them again.
export const decodeStoredParty = (party: PartyInfo, text: string): PartyWork => {
  const book: BookEntry[] = [];
  const taxBook: TaxBookEntry[] = [];
  for (const f of parseCopyText(text)) {
    const v = (c: (typeof ROW_COLUMNS)[number]) => f[col[c]] ?? null;
    if (v('split_of') !== null) continue;
    const amount = paiseOfNumeric(v('amount')) as Paise;
    const tax = paiseOfNumeric(v('tax')) as Paise;
    const bf = v('brought_forward') === 't';
    if (v('side') === 'B') {
      const row: SourcedBookRow = {
        sourceId: v('source_id'),
        voucherNo: v('ref') ?? '',
        date: v('txn_date') ?? '',
        partyName: v('name') ?? '',
        customerCode: v('code'),
        tan: v('tan'),
        pan: v('pan'),
        gstin: v('gstin'),
        amount,
        tax,
        section: v('section'),
        rate: v('rate'),
      };
      book.push(entry(row, v('resolved_by') ?? 'tan', bf));
    } else {
      const row: SourcedTaxBookRow = {
        sourceId: v('source_id'),
        ref: v('ref') ?? '',
        tan: v('tan') ?? '',
        name: v('name') ?? '',
        section: v('section') ?? '',
        transactionDate: v('txn_date') ?? '',
        status: v('status') ?? '',
        bookingDate: v('booking_date'),
        remarks: v('remarks'),
        amount,
        tax,
        deposited: paiseOfNumeric(v('deposited')) as Paise,
      };
      taxBook.push(entry(row, v('resolved_by') ?? 'tan', bf));
    }
  }
  return { party, book, taxBook };
};
