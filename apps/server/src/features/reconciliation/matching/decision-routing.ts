import { type Decision, normaliseTan, type Placement, tanOfKey, voucherOfKey } from '@taxrecon/engine';

// Decisions name rows by keys that start with the row's voucher (book) or
// TAN (26AS). A job matched a party at a time applies each decision to its
// party alone when every row it names can only be in that one party: every
// row holding those vouchers and TANs was placed there. Then the decision
// does exactly what it does over the whole result (it only ever changes its
// own party). Otherwise (a row not considered, not found, or possibly in two
// parties: cases whose errors are about the whole result) the job holds the
// whole year after all.

export interface PartyDecision {
  // the decision's position in the job's list (errors name it)
  index: number;
  decision: Decision;
}

const INVALID = -1;

const refsOf = (d: Decision) => ('rows' in d ? (d.rows ?? []) : 'row' in d && d.row ? [d.row] : []);

export class DecisionRouter {
  private readonly vouchers = new Map<string, Set<number>>();
  private readonly tans = new Map<string, Set<number>>();

  constructor(private readonly decisions: readonly Decision[]) {
    for (const d of decisions) {
      for (const r of refsOf(d)) {
        if (r.side === 'book') this.vouchers.set(voucherOfKey(r.key), new Set());
        else if (r.side === 'taxBook') this.tans.set(tanOfKey(r.key), new Set());
      }
    }
  }

  get active(): boolean {
    return this.decisions.length > 0;
  }

  // A book row with this voucher number is of identity `id` (-1: invalid).
  seeBook(voucher: string, id: number): void {
    this.vouchers.get(voucher)?.add(id);
  }

  // A 26AS row with this TAN (as read) is of identity `id` (-1: invalid).
  seeTaxBook(tan: string, id: number): void {
    if (this.tans.size === 0) return;
    this.tans.get(normaliseTan(tan) ?? tan)?.add(id);
  }

  wantsVoucher(voucher: string): boolean {
    return this.vouchers.has(voucher);
  }

  // Each output party's decisions, in order; null when some decision is not
  // about exactly one of the parties being written.
  route(
    bookPlaces: readonly Placement[],
    taxBookPlaces: readonly Placement[],
    ordinal: readonly number[],
  ): Map<number, PartyDecision[]> | null {
    const out = new Map<number, PartyDecision[]>();
    for (let index = 0; index < this.decisions.length; index++) {
      const decision = this.decisions[index]!;
      const refs = refsOf(decision);
      if (refs.length === 0) return null;
      const parties = new Set<number>();
      for (const r of refs) {
        const holders =
          r.side === 'book'
            ? this.vouchers.get(voucherOfKey(r.key))
            : r.side === 'taxBook'
              ? this.tans.get(tanOfKey(r.key))
              : undefined;
        if (!holders || holders.size === 0 || holders.has(INVALID)) return null;
        const places = r.side === 'book' ? bookPlaces : taxBookPlaces;
        for (const id of holders) {
          const p = places[id]!;
          if (!p.placed) return null;
          parties.add(p.party);
        }
      }
      if (parties.size !== 1) return null;
      const o = ordinal[[...parties][0]!]!;
      if (o < 0) return null;
      const list = out.get(o) ?? [];
      list.push({ index, decision });
      out.set(o, list);
    }
    return out;
  }
}
