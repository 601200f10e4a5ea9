// Deterministic synthetic data for the engine benchmark: a customer master,
// a sales book and 26AS Part I rows with planted discrepancies of every kind
// the cascade handles (and some it must leave unmatched).
import type { Paise } from '@taxrecon/shared';
import type { BookRow, PartyMaster, ReconcileInput, TaxBookRow } from '../src/index.ts';

// mulberry32: small, fast, seeded.
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const WORDS = [
  'TRADERS',
  'INFOTECH',
  'STEELS',
  'PHARMA',
  'LOGISTICS',
  'FOODS',
  'TEXTILES',
  'MOTORS',
  'AGENCIES',
];
const DAY_MS = 86_400_000;
const FY_START = Date.UTC(2024, 3, 1);

// ISO dates of the days around the year, built once: generating a million
// rows should not be dominated by Date formatting.
const ISO_BY_DAY = new Map<number, string>();
const iso = (ms: number): string => {
  let s = ISO_BY_DAY.get(ms);
  if (s === undefined) {
    s = new Date(ms).toISOString().slice(0, 10);
    ISO_BY_DAY.set(ms, s);
  }
  return s;
};

export interface Planted {
  exact: number;
  tolerance: number;
  manyToOne: number;
  oneToMany: number;
  missingFromTaxBook: number;
  extraTaxBook: number;
  outOfWindow: number;
  notClaimable: number;
}

export const generate = (
  seed: number,
  customers: number,
  bookRows: number,
  taxBookRows: number,
): { input: ReconcileInput; planted: Planted } => {
  const rnd = prng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  const letters = (n: number): string => Array.from({ length: n }, () => LETTERS[int(0, 25)]).join('');
  const digits = (n: number, v: number): string => String(v).padStart(n, '0');

  const parties: PartyMaster[] = [];
  const gstins: string[] = [];
  for (let c = 0; c < customers; c++) {
    const pan = `${letters(3)}C${letters(1)}${digits(4, c % 10000)}${letters(1)}`;
    parties.push({
      code: `C${digits(6, c)}`,
      name: `${letters(5)} ${WORDS[c % WORDS.length]} ${c} PRIVATE LIMITED`,
      tan: `${letters(4)}${digits(5, c)}${letters(1)}`,
      pan,
    });
    gstins.push(`27${pan}1Z${letters(1)}`);
  }
  // Skewed sizes: a few large customers, many small ones.
  const weights = parties.map((_, i) => 1 / (1 + i) ** 0.6);
  const total = weights.reduce((s, w) => s + w, 0);
  const order = parties.map((_, i) => i).sort(() => rnd() - 0.5);

  const book: BookRow[] = [];
  const taxBook: TaxBookRow[] = [];
  const planted: Planted = {
    exact: 0,
    tolerance: 0,
    manyToOne: 0,
    oneToMany: 0,
    missingFromTaxBook: 0,
    extraTaxBook: 0,
    outOfWindow: 0,
    notClaimable: 0,
  };
  let line = 0;
  const fileOf = (): string => `26as-${Math.floor(line / 20_000) + 1}.txt`;
  const credit = (p: PartyMaster, dateMs: number, amount: number, tax: number): TaxBookRow => {
    line++;
    const unclaimable = rnd() < 0.02;
    if (unclaimable) planted.notClaimable++;
    return {
      ref: `${fileOf()}:${line}`,
      tan: p.tan!,
      name: p.name,
      section: '194J',
      transactionDate: iso(dateMs),
      status: unclaimable && rnd() < 0.5 ? 'U' : 'F',
      bookingDate: null,
      remarks: null,
      amount: amount as Paise,
      tax: tax as Paise,
      deposited: (unclaimable ? Math.floor(tax / 2) : tax) as Paise,
    };
  };

  let voucher = 0;
  // Rounding leaves the sizes a little short of the total: further rounds top it up.
  for (let k = 0; book.length < bookRows; k++) {
    const ci = order[k % order.length]!;
    const p = parties[ci]!;
    const n = Math.max(1, Math.round((weights[ci]! / total) * bookRows));
    // 1 in 100 customers never shows in 26AS; the rest get their credits.
    const silent = ci % 100 === 7;
    const identity = (): Partial<BookRow> => {
      const r = rnd();
      if (r < 0.7) return { tan: p.tan };
      if (r < 0.9) return { gstin: gstins[ci] };
      return {};
    };
    let pendingGroup: { amount: number; tax: number; dateMs: number; left: number } | null = null;
    for (let i = 0; i < n && book.length < bookRows; i++) {
      // Invoices settled together under one 26AS row are issued close together.
      const dateMs: number = pendingGroup
        ? pendingGroup.dateMs - int(5, 25) * DAY_MS
        : FY_START + int(0, 364) * DAY_MS;
      const amount = int(1_000, 500_000) * 100 + int(0, 99);
      const tax = Math.round(amount / 10);
      book.push({
        voucherNo: `INV-${++voucher}`,
        date: iso(dateMs),
        partyName: rnd() < 0.05 ? `M/s ${p.name.replace('PRIVATE LIMITED', 'Pvt. Ltd.')}` : p.name,
        amount: amount as Paise,
        tax: tax as Paise,
        section: '194J',
        ...identity(),
      });
      if (silent) {
        planted.missingFromTaxBook++;
        continue;
      }
      const r = rnd();
      const shift = int(-10, 60) * DAY_MS;
      if (pendingGroup) {
        pendingGroup.amount += amount;
        pendingGroup.tax += tax;
        if (--pendingGroup.left === 0) {
          taxBook.push(credit(p, pendingGroup.dateMs, pendingGroup.amount, pendingGroup.tax));
          pendingGroup = null;
        }
      } else if (r < 0.8) {
        planted.exact++;
        taxBook.push(credit(p, dateMs + shift, amount, tax));
      } else if (r < 0.85) {
        planted.tolerance++;
        taxBook.push(credit(p, dateMs + shift, amount + int(1, 90), tax - int(1, 90)));
      } else if (r < 0.89) {
        planted.manyToOne++;
        pendingGroup = { amount, tax, dateMs: dateMs + 20 * DAY_MS, left: int(1, 3) };
      } else if (r < 0.91) {
        planted.oneToMany++;
        const first = Math.floor(tax / 3);
        const firstAmount = Math.floor(amount / 3);
        taxBook.push(credit(p, dateMs + shift, firstAmount, first));
        taxBook.push(credit(p, dateMs + shift + 30 * DAY_MS, amount - firstAmount, tax - first));
      } else if (r < 0.94) {
        planted.missingFromTaxBook++;
      } else if (r < 0.95) {
        planted.outOfWindow++;
        taxBook.push(credit(p, dateMs + 200 * DAY_MS, amount, tax));
      } else {
        planted.exact++;
        taxBook.push(credit(p, dateMs + shift, amount, tax));
        if (r > 0.98) {
          planted.extraTaxBook++;
          taxBook.push(
            credit(p, FY_START + int(0, 364) * DAY_MS, int(100, 90_000) * 100, int(10, 9_000) * 100),
          );
        }
      }
    }
  }
  // Fill or trim 26AS to the size asked: the fill is credits of customers
  // the sales book does not know (missing from sales).
  while (taxBook.length < taxBookRows) {
    const p = parties[int(0, customers - 1)]!;
    planted.extraTaxBook++;
    taxBook.push(credit(p, FY_START + int(0, 364) * DAY_MS, int(100, 90_000) * 100, int(10, 9_000) * 100));
  }
  taxBook.length = taxBookRows;
  return {
    input: { kind: 'TDS', financialYear: '2024-25', book, taxBook, parties },
    planted,
  };
};
