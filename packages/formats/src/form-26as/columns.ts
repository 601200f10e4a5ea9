// Columns of Part I/VI are found from their header lines, never by position:
// files differ in how many empty fields sit between TAN and the totals.

export interface ColumnMap<K extends string> {
  index: Record<K, number>;
  // Header text of each column, for error reports.
  names: Record<K, string>;
  // Header fields up to the last non-empty one.
  width: number;
  // First column after the run of empty header fields (or -1): when a row's
  // width differs from the header's, columns from here on are aligned from the right.
  rightFrom: number;
  line: number;
}

export type PartyColumn = 'srNo' | 'name' | 'tan' | 'totalAmount' | 'totalTax' | 'totalDeposited';
export type TransactionColumn =
  | 'srNo'
  | 'section'
  | 'transactionDate'
  | 'status'
  | 'bookingDate'
  | 'remarks'
  | 'amount'
  | 'tax'
  | 'deposited';

const words = (header: string): string[] =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');

const classifyParty = (w: string[]): PartyColumn | null => {
  if (w[0] === 'sr' || w[0] === 'sl' || w[0] === 'serial') return 'srNo';
  if (w.includes('name')) return 'name';
  if (w.includes('tan')) return 'tan';
  if (w.includes('deposited')) return 'totalDeposited';
  if (w.includes('amount')) return 'totalAmount';
  if (w.includes('tax') || w.includes('deducted') || w.includes('collected')) return 'totalTax';
  return null;
};

const classifyTransaction = (w: string[]): TransactionColumn | null => {
  if (w[0] === 'sr' || w[0] === 'sl' || w[0] === 'serial') return 'srNo';
  if (w.includes('section') || (w.includes('payment') && w.includes('code'))) return 'section';
  if (w.includes('status')) return 'status';
  if (w.includes('booking')) return 'bookingDate';
  if (w.includes('date')) return 'transactionDate';
  if (w.includes('remarks') || w.includes('remark')) return 'remarks';
  if (w.includes('deposited')) return 'deposited';
  if (w.includes('amount')) return 'amount';
  if (w.includes('tax') || w.includes('deducted') || w.includes('collected')) return 'tax';
  return null;
};

export const PARTY_COLUMNS: readonly PartyColumn[] = [
  'srNo',
  'name',
  'tan',
  'totalAmount',
  'totalTax',
  'totalDeposited',
];
export const TRANSACTION_COLUMNS: readonly TransactionColumn[] = [
  'srNo',
  'section',
  'transactionDate',
  'status',
  'bookingDate',
  'remarks',
  'amount',
  'tax',
  'deposited',
];

export const effectiveWidth = (fields: readonly string[]): number => {
  let n = fields.length;
  while (n > 0 && fields[n - 1] === '') n--;
  return n;
};

export const buildColumnMap = <K extends string>(
  fields: readonly string[],
  wanted: readonly K[],
  classify: (w: string[]) => K | null,
  line: number,
): { map: ColumnMap<K> } | { missing: K[] } => {
  const index = {} as Record<K, number>;
  const names = {} as Record<K, string>;
  let rightFrom = -1;
  for (let i = 0; i < fields.length; i++) {
    const text = fields[i]!.trim();
    if (text === '') continue;
    if (i > 0 && fields[i - 1]!.trim() === '' && index[wanted[0]!] !== undefined) rightFrom = i;
    const key = classify(words(text));
    if (key !== null && index[key] === undefined) {
      index[key] = i;
      names[key] = text;
    }
  }
  const missing = wanted.filter((k) => index[k] === undefined);
  if (missing.length > 0) return { missing };
  return { map: { index, names, width: effectiveWidth(fields), rightFrom, line } };
};

export const buildPartyMap = (fields: readonly string[], line: number) =>
  buildColumnMap(fields, PARTY_COLUMNS, classifyParty, line);

export const buildTransactionMap = (fields: readonly string[], line: number) =>
  buildColumnMap(fields, TRANSACTION_COLUMNS, classifyTransaction, line);

// Column indexes for a row with more or fewer empty fields than its header:
// the block right of the empty run moves with the row's end. Null when the
// header has no such run, so the row cannot be aligned.
export const alignedIndex = <K extends string>(
  map: ColumnMap<K>,
  rowWidth: number,
): Record<K, number> | null => {
  if (rowWidth === map.width) return map.index;
  if (map.rightFrom < 0) return null;
  const shift = rowWidth - map.width;
  const index = { ...map.index };
  let lastLeft = -1;
  for (const key of Object.keys(index) as K[]) {
    if (index[key] >= map.rightFrom) index[key] += shift;
    else lastLeft = Math.max(lastLeft, index[key]);
  }
  // Too few fields: the right block would run into the left one.
  return map.rightFrom + shift > lastLeft ? index : null;
};
