import type { Paise } from '@taxrecon/shared';
import type { Form26asPart, Form26asParty, Form26asResult, Form26asTransaction } from './types.ts';

// What changed between two downloads of one PAN's Form 26AS: per part (TDS
// Part I, TCS Part VI), per deductor (TAN) and per transaction. Transactions
// are the same when part, TAN, section and transaction date agree; among
// those, identical rows pair first, the rest pair in order of amount and
// show what changed (status, amount, tax, deposited, booking date, remarks).
// Identical rows are separate credits (DOMAIN 2), so each is paired once. A
// TAN printed on two party rows of a part is one deductor: its credits are
// compared together.

export type DiffKind = 'added' | 'removed' | 'changed';

type Compared = Pick<
  Form26asTransaction,
  'status' | 'amount' | 'tax' | 'deposited' | 'bookingDate' | 'remarks' | 'line'
>;

export interface TransactionDiff {
  part: string;
  tan: string;
  name: string;
  kind: DiffKind;
  section: string;
  transactionDate: string;
  before: Compared | null;
  after: Compared | null;
  // For 'changed': which of status, amount, tax, deposited, bookingDate, remarks differ.
  fields: string[];
}

export interface DeductorDiff {
  part: string;
  tan: string;
  name: string;
  kind: DiffKind | 'same';
  before: { transactions: number; amount: Paise; tax: Paise } | null;
  after: { transactions: number; amount: Paise; tax: Paise } | null;
}

export interface StatementDiff {
  pan: string;
  financialYears: [string | null, string | null];
  deductors: DeductorDiff[];
  transactions: TransactionDiff[];
  counts: Record<DiffKind, number>;
}

export type DiffResult = { ok: true; diff: StatementDiff } | { ok: false; message: string };

const FIELDS = ['status', 'amount', 'tax', 'deposited', 'bookingDate', 'remarks'] as const;

const pick = (t: Form26asTransaction): Compared => ({
  status: t.status,
  amount: t.amount,
  tax: t.tax,
  deposited: t.deposited,
  bookingDate: t.bookingDate,
  remarks: t.remarks,
  line: t.line,
});

const totals = (p: Form26asParty) => ({
  transactions: p.transactions.length,
  amount: p.transactions.reduce((s, t) => s + t.amount, 0) as Paise,
  tax: p.transactions.reduce((s, t) => s + t.tax, 0) as Paise,
});

const same = (a: Form26asTransaction, b: Form26asTransaction) => FIELDS.every((f) => a[f] === b[f]);

const diffParty = (
  part: string,
  a: Form26asParty | undefined,
  b: Form26asParty | undefined,
): TransactionDiff[] => {
  const tan = (a ?? b)!.tan;
  const name = (b ?? a)!.name;
  const out: TransactionDiff[] = [];
  const groups = new Map<string, { before: Form26asTransaction[]; after: Form26asTransaction[] }>();
  const group = (t: Form26asTransaction) => {
    const key = `${t.section}|${t.transactionDate}`;
    let g = groups.get(key);
    if (!g) {
      g = { before: [], after: [] };
      groups.set(key, g);
    }
    return g;
  };
  for (const t of a?.transactions ?? []) group(t).before.push(t);
  for (const t of b?.transactions ?? []) group(t).after.push(t);
  const byAmount = (x: Form26asTransaction, y: Form26asTransaction) =>
    x.amount - y.amount || x.tax - y.tax || x.line - y.line;
  for (const [key, g] of [...groups.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const [section, transactionDate] = key.split('|') as [string, string];
    const after = [...g.after].sort(byAmount);
    const leftBefore: Form26asTransaction[] = [];
    for (const t of [...g.before].sort(byAmount)) {
      const i = after.findIndex((u) => same(t, u));
      if (i >= 0) after.splice(i, 1);
      else leftBefore.push(t);
    }
    const pairs = Math.min(leftBefore.length, after.length);
    for (let i = 0; i < pairs; i++) {
      const x = leftBefore[i]!;
      const y = after[i]!;
      out.push({
        part,
        tan,
        name,
        kind: 'changed',
        section,
        transactionDate,
        before: pick(x),
        after: pick(y),
        fields: FIELDS.filter((f) => x[f] !== y[f]),
      });
    }
    for (const x of leftBefore.slice(pairs))
      out.push({
        part,
        tan,
        name,
        kind: 'removed',
        section,
        transactionDate,
        before: pick(x),
        after: null,
        fields: [],
      });
    for (const y of after.slice(pairs))
      out.push({
        part,
        tan,
        name,
        kind: 'added',
        section,
        transactionDate,
        before: null,
        after: pick(y),
        fields: [],
      });
  }
  return out;
};

// Deductors by TAN; a TAN on two party rows of the part keeps the first row's
// name and all the rows' credits.
const partyMap = (part: Form26asPart | null) => {
  const byTan = new Map<string, Form26asParty>();
  for (const p of part?.parties ?? []) {
    const seen = byTan.get(p.tan);
    byTan.set(p.tan, seen ? { ...seen, transactions: [...seen.transactions, ...p.transactions] } : p);
  }
  return byTan;
};

export const diff26as = (before: Form26asResult, after: Form26asResult): DiffResult => {
  if (!before.header || !after.header)
    return {
      ok: false,
      message: `${before.header ? after.file : before.file} is not a Form 26AS text file.`,
    };
  if (before.header.pan !== after.header.pan)
    return {
      ok: false,
      message: `The two statements are of different PANs: ${before.header.pan} (${before.file}) and ${after.header.pan} (${after.file}).`,
    };
  const deductors: DeductorDiff[] = [];
  const transactions: TransactionDiff[] = [];
  for (const [label, a, b] of [
    ['TDS', before.tds, after.tds],
    ['TCS', before.tcs, after.tcs],
  ] as const) {
    const x = partyMap(a);
    const y = partyMap(b);
    for (const tan of [...new Set([...x.keys(), ...y.keys()])].sort()) {
      const p = x.get(tan);
      const q = y.get(tan);
      const changes = diffParty(label, p, q);
      transactions.push(...changes);
      deductors.push({
        part: label,
        tan,
        name: (q ?? p)!.name,
        kind: !p ? 'added' : !q ? 'removed' : changes.length ? 'changed' : 'same',
        before: p ? totals(p) : null,
        after: q ? totals(q) : null,
      });
    }
  }
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const t of transactions) counts[t.kind]++;
  return {
    ok: true,
    diff: {
      pan: before.header.pan,
      financialYears: [before.header.financialYear, after.header.financialYear],
      deductors,
      transactions,
      counts,
    },
  };
};
