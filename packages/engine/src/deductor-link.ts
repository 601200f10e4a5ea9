import { CompanyNameIndex, type NameCandidate } from './company-names.ts';
import { normalisePan, normaliseTan, panFromGstin } from './identifiers.ts';
import type { BookRow, TaxBookRow } from './input-types.ts';
import type {
  BookEntry,
  EngineWarning,
  PartyInfo,
  ResolvedBy,
  TaxBookEntry,
  UnresolvedCode,
} from './result-types.ts';

export type PendingRow =
  | { side: 'book'; row: BookRow; bf: boolean; code: UnresolvedCode; reason: string }
  | { side: 'taxBook'; row: TaxBookRow; bf: boolean; code: UnresolvedCode; reason: string };

// A 26AS deductor a book name may be linked to: a party already holding its
// rows, or a TAN whose rows no master party claimed (still pending).
type Deductor = { group: number } | { tan: string };

const deductorKey = (d: Deductor): string => ('group' in d ? `g${d.group}` : `t${d.tan}`);

export interface DeductorLinkState {
  groups: PartyInfo[];
  book: BookEntry[][];
  taxBook: TaxBookEntry[][];
  newEntry: <R>(row: R, via: ResolvedBy, bf: boolean) => Omit<BookEntry, 'row'> & { row: R };
}

// A sales-book customer with no TAN, PAN or GSTIN that the master does not
// know is looked for among the deductor names of the 26AS itself: when one
// deductor's name is clearly the same company (company-names.ts), its rows
// join that deductor's party (created from the TAN when the master lacks it
// too). Two equally good deductors, or only a close one, leave the row
// unresolved with the candidates named in its reason and in a warning.
export const linkBookRowsToDeductors = (
  pending: PendingRow[],
  state: DeductorLinkState,
  partyWord: string,
): { rest: PendingRow[]; warnings: EngineWarning[] } => {
  const nameOnly = (p: PendingRow): p is Extract<PendingRow, { side: 'book' }> =>
    p.side === 'book' &&
    p.code !== 'INVALID_ROW' &&
    !normaliseTan(p.row.tan) &&
    !normalisePan(p.row.pan) &&
    !panFromGstin(p.row.gstin);
  if (!pending.some(nameOnly)) return { rest: pending, warnings: [] };

  const candidates: NameCandidate<Deductor>[] = [];
  const seen = new Set<string>();
  const offer = (name: string, d: Deductor): void => {
    const key = `${deductorKey(d)}|${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push({ target: d, name });
  };
  state.taxBook.forEach((entries, g) => {
    for (const e of entries) offer(e.row.name, { group: g });
  });
  const pendingByTan = new Map<string, PendingRow[]>();
  for (const p of pending) {
    if (p.side !== 'taxBook' || p.code === 'INVALID_ROW') continue;
    const tan = normaliseTan(p.row.tan);
    if (!tan) continue;
    offer(p.row.name, { tan });
    const list = pendingByTan.get(tan);
    if (list) list.push(p);
    else pendingByTan.set(tan, [p]);
  }
  const index = new CompanyNameIndex(candidates, deductorKey);

  const partyOfTan = new Map<string, number>();
  const claimed = new Set<PendingRow>();
  const groupFor = (d: Deductor, deductorName: string): number => {
    if ('group' in d) return d.group;
    let g = partyOfTan.get(d.tan);
    if (g !== undefined) return g;
    g = state.groups.length;
    partyOfTan.set(d.tan, g);
    const rows = pendingByTan.get(d.tan) ?? [];
    // Named after the smallest 26AS name of the TAN, whatever the row order.
    const name = rows.map((p) => (p.side === 'taxBook' ? p.row.name : '')).sort()[0] ?? deductorName;
    state.groups.push({
      key: `TAN:${d.tan}`,
      code: null,
      name,
      tan: d.tan,
      pan: null,
      members: [],
      inMaster: false,
    });
    state.book.push([]);
    state.taxBook.push(rows.map((p) => state.newEntry(p.row as TaxBookRow, 'tan-only', p.bf)));
    for (const p of rows) claimed.add(p);
    return g;
  };

  const outcomes = new Map<string, ReturnType<CompanyNameIndex<Deductor>['resolve']>>();
  const warnings = new Map<string, EngineWarning>();
  const rest: PendingRow[] = [];
  const describe = (d: Deductor, name: string): string => {
    const tan = 'group' in d ? state.groups[d.group]!.tan : d.tan;
    return `"${name}"${tan ? ` (TAN ${tan})` : ''}`;
  };
  for (const p of pending) {
    if (!nameOnly(p)) {
      rest.push(p);
      continue;
    }
    let r = outcomes.get(p.row.partyName);
    if (!r) {
      r = index.resolve(p.row.partyName);
      outcomes.set(p.row.partyName, r);
    }
    const book = p.row.partyName;
    if (r.kind === 'linked') {
      const g = groupFor(r.target, r.name);
      state.book[g]!.push(state.newEntry(p.row, 'deductor-name', p.bf));
      warnings.set(book, {
        code: 'NAME_LINKED_TO_DEDUCTOR',
        message: `${partyWord} "${book}" (no TAN, PAN or GSTIN, not in the master) was linked by name to the 26AS deductor ${describe(r.target, r.name)}${r.exactForm ? '' : '; the book name gives no legal form'}`,
      });
      continue;
    }
    if (r.kind === 'tie') {
      const names = r.candidates.map((c) => describe(c.target, c.name)).join(' and ');
      const note = `the name fits several 26AS deductors equally (${names}): not guessed`;
      warnings.set(book, { code: 'NAME_TIE', message: `${partyWord} "${book}": ${note}` });
      rest.push({ ...p, code: 'AMBIGUOUS', reason: `${p.reason}; ${note}` });
      continue;
    }
    if (r.kind === 'near-miss') {
      const names = r.candidates.map((c) => `${describe(c.target, c.name)} ${c.score.toFixed(2)}`).join(', ');
      const note = `26AS deductor names close to it but not clearly the same company: ${names}`;
      warnings.set(book, { code: 'NAME_NEAR_MISS', message: `${partyWord} "${book}": ${note}` });
      rest.push({ ...p, reason: `${p.reason}; ${note}` });
      continue;
    }
    rest.push(p);
  }
  return {
    rest: rest.filter((p) => !claimed.has(p)),
    warnings: [...warnings.values()].sort((a, b) => (a.code + a.message < b.code + b.message ? -1 : 1)),
  };
};
