import { FuzzyNameIndex } from './fuzzy.ts';
import { normalisePan, normaliseTan, panFromGstin } from './identifiers.ts';
import type { BookRow, ReconcileInput, TaxBookRow } from './input-types.ts';
import { AMBIGUOUS, GroupLookup } from './lookup.ts';
import { normaliseName } from './names.ts';
import type { ResolvedOptions } from './options.ts';
import { groupMasterParties } from './party-groups.ts';
import type { EngineWarning, PartyInfo, ResolvedBy, UnresolvedCode } from './result-types.ts';

export type Resolution =
  | { ok: true; group: number; via: ResolvedBy }
  | { ok: false; code: UnresolvedCode; reason: string };

interface Probe {
  tanRaw: string | null | undefined;
  panRaw: string | null | undefined;
  gstinRaw: string | null | undefined;
  codeRaw: string | null | undefined;
  nameRaw: string;
}

// Resolves each book and 26AS row to a party of the master, in the order of
// DOMAIN.md section 6.1: a user's confirmed mapping, TAN (own or connected
// entity), customer code, the mapping file, PAN (given or from GSTIN), exact
// name, and a fuzzy name only when it is clearly the best.
export class IdentityResolver {
  readonly groups: PartyInfo[];
  readonly warnings: EngineWarning[];
  private readonly codes = new Map<string, number>();
  private readonly ownTan = new GroupLookup();
  private readonly connectedTan = new GroupLookup();
  private readonly pan = new GroupLookup();
  private readonly name = new GroupLookup();
  private readonly mappedTan = new GroupLookup();
  private readonly mappedPan = new GroupLookup();
  private readonly mappedName = new GroupLookup();
  private readonly confirmedTan = new GroupLookup();
  private readonly confirmedName = new GroupLookup();
  private readonly fuzzy = new FuzzyNameIndex();
  private readonly bookCache = new Map<string, Map<string, Resolution>>();
  private readonly taxBookCache = new Map<string, Map<string, Resolution>>();
  private readonly partyWord: string;
  // no master party: no row can resolve (mappings and confirmed mappings name master parties)
  readonly resolvesNothing: boolean;

  constructor(
    input: Pick<ReconcileInput, 'kind' | 'parties' | 'mappings' | 'confirmedMappings'>,
    private readonly options: ResolvedOptions,
  ) {
    this.partyWord = input.kind === 'TDS' ? 'customer' : 'vendor';
    const master = groupMasterParties(input.parties, options.groupByPan);
    this.groups = master.groups;
    this.warnings = master.warnings;
    this.resolvesNothing = master.groups.length === 0;
    master.membersOf.forEach((members, g) => {
      for (const p of members) {
        this.codes.set(p.code, g);
        this.ownTan.add(normaliseTan(p.tan), g);
        for (const t of p.connectedTans ?? []) this.connectedTan.add(normaliseTan(t), g);
        this.pan.add(normalisePan(p.pan), g);
        this.pan.add(panFromGstin(p.gstin), g);
        const n = normaliseName(p.name);
        this.name.add(n, g);
        this.fuzzy.add(n, g);
      }
    });
    for (const tan of this.ownTan.clashingKeys()) {
      this.warnings.push({
        code: 'TAN_SHARED',
        message: `TAN ${tan} is given for several ${this.partyWord}s (${this.namesOf(this.ownTan.clashingGroups(tan))}); its rows cannot be resolved by TAN`,
      });
    }
    this.indexMappings(input.mappings ?? []);
    for (const c of input.confirmedMappings ?? []) {
      const g = this.codes.get(c.partyCode);
      if (g === undefined) {
        this.warnings.push({
          code: 'CONFIRMED_MAPPING_UNKNOWN_PARTY',
          message: `confirmed mapping to ${this.partyWord} code ${c.partyCode}, which is not in the master`,
        });
        continue;
      }
      this.confirmedTan.add(normaliseTan(c.tan), g);
      this.confirmedName.add(normaliseName(c.name) || null, g);
    }
    this.warnings.sort((a, b) => (a.code + a.message < b.code + b.message ? -1 : 1));
  }

  // Rows of one party repeat the same identifiers, so resolutions are cached:
  // by name, then by the identifiers (26AS rows: by TAN, then by name).
  resolveBook(row: BookRow): Resolution {
    let byIds = this.bookCache.get(row.partyName);
    if (!byIds) {
      byIds = new Map();
      this.bookCache.set(row.partyName, byIds);
    }
    const ids = `${row.customerCode ?? ''}|${row.tan ?? ''}|${row.pan ?? ''}|${row.gstin ?? ''}`;
    let r = byIds.get(ids);
    if (!r) {
      r = this.resolve({
        tanRaw: row.tan,
        panRaw: row.pan,
        gstinRaw: row.gstin,
        codeRaw: row.customerCode,
        nameRaw: row.partyName,
      });
      byIds.set(ids, r);
    }
    return r;
  }

  resolveTaxBook(row: TaxBookRow): Resolution {
    let byName = this.taxBookCache.get(row.tan);
    if (!byName) {
      byName = new Map();
      this.taxBookCache.set(row.tan, byName);
    }
    let r = byName.get(row.name);
    if (!r) {
      r = this.resolve({ tanRaw: row.tan, panRaw: null, gstinRaw: null, codeRaw: null, nameRaw: row.name });
      byName.set(row.name, r);
    }
    return r;
  }

  private indexMappings(mappings: NonNullable<ReconcileInput['mappings']>): void {
    for (const m of mappings) {
      const tan = normaliseTan(m.tan);
      const pan = normalisePan(m.pan) ?? panFromGstin(m.gstin);
      const found = new Set<number>();
      for (const g of [
        this.ownTan.get(tan),
        this.connectedTan.get(tan),
        this.pan.get(pan),
        this.name.get(normaliseName(m.legalName) || null),
        this.name.get(normaliseName(m.bookName) || null),
      ]) {
        if (g !== undefined && g !== AMBIGUOUS) found.add(g);
      }
      const label = m.legalName || m.bookName || m.tan || m.pan || m.gstin || '(empty line)';
      if (found.size !== 1) {
        this.warnings.push({
          code: found.size === 0 ? 'MAPPING_UNMATCHED' : 'MAPPING_CONFLICT',
          message:
            found.size === 0
              ? `mapping file entry "${label}" matches no ${this.partyWord} of the master`
              : `mapping file entry "${label}" points at several ${this.partyWord}s (${this.namesOf([...found])})`,
        });
        continue;
      }
      const g = [...found][0]!;
      this.mappedTan.add(tan, g);
      this.mappedPan.add(pan, g);
      this.mappedName.add(normaliseName(m.legalName) || null, g);
      this.mappedName.add(normaliseName(m.bookName) || null, g);
    }
  }

  private namesOf(groups: number[]): string {
    return groups.map((g) => this.groups[g]?.name ?? String(g)).join(', ');
  }

  private resolve(p: Probe): Resolution {
    const tan = normaliseTan(p.tanRaw);
    const hit = (g: number | undefined): g is number => g !== undefined && g !== AMBIGUOUS;

    let g = this.confirmedTan.get(tan);
    if (hit(g)) return { ok: true, group: g, via: 'confirmed-mapping' };
    // Most rows resolve by TAN: the name is normalised only when it is needed.
    if (!this.confirmedName.empty) {
      g = this.confirmedName.get(normaliseName(p.nameRaw) || null);
      if (hit(g)) return { ok: true, group: g, via: 'confirmed-mapping' };
    }
    g = this.ownTan.get(tan);
    if (hit(g)) return { ok: true, group: g, via: 'tan' };
    const ownTanClash = g === AMBIGUOUS;
    g = this.connectedTan.get(tan);
    if (hit(g)) return { ok: true, group: g, via: 'connected-tan' };
    const givenPan = normalisePan(p.panRaw);
    const pan = givenPan ?? panFromGstin(p.gstinRaw);
    const name = normaliseName(p.nameRaw);
    const code = p.codeRaw?.trim() || null;
    if (code) {
      g = this.codes.get(code);
      if (hit(g)) return { ok: true, group: g, via: 'customer-code' };
    }
    for (const lookup of [
      this.mappedTan.get(tan),
      this.mappedPan.get(pan),
      this.mappedName.get(name || null),
    ]) {
      if (hit(lookup)) return { ok: true, group: lookup, via: 'mapping-file' };
    }
    g = this.pan.get(pan);
    if (hit(g)) return { ok: true, group: g, via: givenPan ? 'pan' : 'gstin' };
    const panClash = g === AMBIGUOUS;
    g = this.name.get(name || null);
    if (hit(g)) return { ok: true, group: g, via: 'exact-name' };
    const nameClash = g === AMBIGUOUS;

    const { best, runnerUp } = name ? this.fuzzy.rank(name) : { best: null, runnerUp: null };
    const lead = best ? best.score - (runnerUp?.score ?? 0) : 0;
    if (best && best.score >= this.options.fuzzyMinScore && lead >= this.options.fuzzyMinLead) {
      return { ok: true, group: best.group, via: 'fuzzy-name' };
    }

    const notes: string[] = [];
    const w = this.partyWord;
    if (p.tanRaw && !tan) notes.push(`"${p.tanRaw}" is not a valid TAN`);
    else if (ownTanClash) notes.push(`TAN ${tan} is given for several ${w}s`);
    else if (tan) notes.push(`TAN ${tan} is not in the ${w} master or the mapping file`);
    if (code) notes.push(`${w} code ${code} is not in the master`);
    if (panClash) notes.push(`PAN ${pan} is shared by several ${w}s`);
    else if (pan) notes.push(`PAN ${pan} is not in the ${w} master`);
    if (!name) notes.push('the name is empty');
    else if (nameClash) notes.push(`the name "${name}" fits several ${w}s`);
    else notes.push(`the name "${name}" matches no ${w}`);
    let verdict: UnresolvedCode = ownTanClash || panClash || nameClash ? 'AMBIGUOUS' : 'NOT_IN_MASTER';
    if (best && best.score >= this.options.fuzzyMinScore) {
      verdict = 'FUZZY_NOT_CLEAR';
      notes.push(
        `closest "${best.name}" (${best.score.toFixed(2)}) is not clearly ahead of "${runnerUp?.name}" (${runnerUp?.score.toFixed(2)})`,
      );
    } else if (best) {
      notes.push(
        `closest "${best.name}" scored ${best.score.toFixed(2)}, below ${this.options.fuzzyMinScore}`,
      );
    }
    return { ok: false, code: verdict, reason: notes.join('; ') };
  }
}
