import type { LedgerEntry } from '@taxrecon/engine';
import type { Paise } from '@taxrecon/shared';

// A parsing thread's ledger entries as a few columns, to hand to the main
// thread: typed arrays (moved, not copied) and one table of the distinct
// strings. Posting a million entry objects instead costs the receiving thread
// more to deserialise than parsing them (1.3 s per 5 lakh entries, measured),
// so the entries are made again on the main thread from these.

const STRING_FIELDS = [
  'documentNumber',
  'documentDate',
  'postingDate',
  'deductionDate',
  'tdsDepositDate',
  'glCode',
  'primaryExpenseKey',
  'secondaryExpenseKey',
  'documentDescription',
  'vendorCode',
  'panNo',
  'vendorName',
  'tanNumber',
  'tdsSection',
] as const;
const S = STRING_FIELDS.length;
const NULL = -1;

export interface LedgerColumns {
  file: string;
  count: number;
  lines: Int32Array;
  // base and tds amount of entry i at [2i] and [2i + 1]
  amounts: Float64Array;
  // entry i's string field k is strings[refs[i * S + k]], or null at -1
  refs: Int32Array;
  strings: string[];
  // the few entries a line could not be read for: their index and why
  readErrors: [number, { code: string; reason: string }][];
}

export const encodeLedgerEntries = (file: string, entries: readonly LedgerEntry[]): LedgerColumns => {
  const n = entries.length;
  const lines = new Int32Array(n);
  const amounts = new Float64Array(2 * n);
  const refs = new Int32Array(n * S);
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const readErrors: LedgerColumns['readErrors'] = [];
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (e.file !== file) throw new Error(`an entry of ${e.file} among those of ${file}`);
    lines[i] = e.line;
    amounts[2 * i] = e.baseAmount;
    amounts[2 * i + 1] = e.tdsAmount;
    for (let k = 0; k < S; k++) {
      const v = e[STRING_FIELDS[k]!];
      if (v === null || v === undefined) {
        refs[i * S + k] = NULL;
        continue;
      }
      let id = ids.get(v);
      if (id === undefined) {
        id = strings.length;
        strings.push(v);
        ids.set(v, id);
      }
      refs[i * S + k] = id;
    }
    if (e.readError) readErrors.push([i, e.readError]);
  }
  return { file, count: n, lines, amounts, refs, strings, readErrors };
};

export const ledgerColumnsTransfer = (c: LedgerColumns): ArrayBuffer[] => [
  c.lines.buffer as ArrayBuffer,
  c.amounts.buffer as ArrayBuffer,
  c.refs.buffer as ArrayBuffer,
];

// The entries again, each built in one literal of the reader's shape
// (ledger-read.ts), so the engine sees the same objects either way.
export const decodeLedgerEntries = (c: LedgerColumns, into: LedgerEntry[]): void => {
  const { refs, strings } = c;
  const str = (at: number): string | null => {
    const id = refs[at]!;
    return id === NULL ? null : strings[id]!;
  };
  const errors = new Map(c.readErrors);
  for (let i = 0; i < c.count; i++) {
    const at = i * S;
    into.push({
      file: c.file,
      line: c.lines[i]!,
      documentNumber: str(at),
      documentDate: str(at + 1),
      postingDate: str(at + 2),
      deductionDate: str(at + 3),
      tdsDepositDate: str(at + 4),
      glCode: str(at + 5),
      primaryExpenseKey: str(at + 6),
      secondaryExpenseKey: str(at + 7),
      documentDescription: str(at + 8),
      vendorCode: str(at + 9),
      panNo: str(at + 10),
      vendorName: str(at + 11),
      tanNumber: str(at + 12),
      baseAmount: c.amounts[2 * i]! as Paise,
      tdsAmount: c.amounts[2 * i + 1]! as Paise,
      tdsSection: str(at + 13),
      readError: errors.get(i) ?? null,
    });
  }
};
