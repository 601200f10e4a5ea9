import { coreTokens } from './names.ts';

// Sørensen-Dice coefficient over character bigrams: 1 for equal strings,
// tolerant of a dropped letter or a swapped word suffix ("TRADERS"/"TRADING").
export const bigramDice = (a: string, b: string): number => {
  if (a === b) return a.length > 0 ? 1 : 0;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const bg = a.slice(i, i + 2);
    counts.set(bg, (counts.get(bg) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const bg = b.slice(i, i + 2);
    const c = counts.get(bg);
    if (c) {
      shared++;
      counts.set(bg, c - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
};

export interface FuzzyHit {
  group: number;
  name: string;
  score: number;
}

// A token shared by more names than this ("INDIA", "SERVICES") does not
// narrow the search; it is skipped when collecting candidates.
const MAX_TOKEN_FREQUENCY = 1000;

export class FuzzyNameIndex {
  private readonly cores: string[] = [];
  private readonly groups: number[] = [];
  private readonly names: string[] = [];
  private readonly byToken = new Map<string, number[]>();

  add(normalisedName: string, group: number): void {
    const tokens = coreTokens(normalisedName);
    if (tokens.length === 0) return;
    const id = this.cores.length;
    this.cores.push(tokens.join(' '));
    this.groups.push(group);
    this.names.push(normalisedName);
    for (const t of new Set(tokens)) {
      const list = this.byToken.get(t);
      if (list) list.push(id);
      else this.byToken.set(t, [id]);
    }
  }

  // The best and second-best distinct groups for a name, best first.
  rank(normalisedName: string): { best: FuzzyHit | null; runnerUp: FuzzyHit | null } {
    // no master names (a year reconciled without a master): nothing to rank,
    // and each of thousands of parties would pay for splitting its name
    if (this.cores.length === 0) return { best: null, runnerUp: null };
    const tokens = coreTokens(normalisedName);
    const core = tokens.join(' ');
    const seen = new Set<number>();
    for (const t of tokens) {
      const list = this.byToken.get(t);
      if (!list || list.length > MAX_TOKEN_FREQUENCY) continue;
      for (const id of list) seen.add(id);
    }
    const bestByGroup = new Map<number, FuzzyHit>();
    for (const id of seen) {
      const score = bigramDice(core, this.cores[id]!);
      const group = this.groups[id]!;
      const prev = bestByGroup.get(group);
      if (!prev || score > prev.score || (score === prev.score && this.names[id]! < prev.name)) {
        bestByGroup.set(group, { group, name: this.names[id]!, score });
      }
    }
    const hits = [...bestByGroup.values()].sort(
      (x, y) => y.score - x.score || (x.name < y.name ? -1 : x.name > y.name ? 1 : x.group - y.group),
    );
    return { best: hits[0] ?? null, runnerUp: hits[1] ?? null };
  }
}
