import { normalisePan, normaliseTan, panFromGstin } from './identifiers.ts';
import type { PartyMaster } from './input-types.ts';
import type { EngineWarning, PartyInfo } from './result-types.ts';

export interface MasterGroups {
  groups: PartyInfo[];
  // The master parties of each group, in code order.
  membersOf: PartyMaster[][];
  warnings: EngineWarning[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const panOf = (p: PartyMaster): string | null => normalisePan(p.pan) ?? panFromGstin(p.gstin);

// Master parties in code order, one group each, or one group per PAN when
// customers sharing a PAN are reconciled together (a company's branches
// often deduct under different TANs of the same PAN).
export const groupMasterParties = (parties: readonly PartyMaster[], groupByPan: boolean): MasterGroups => {
  const warnings: EngineWarning[] = [];
  const sorted = [...parties].sort(
    (a, b) =>
      byText(a.code, b.code) ||
      byText(a.name, b.name) ||
      byText(a.tan ?? '', b.tan ?? '') ||
      byText(a.pan ?? '', b.pan ?? ''),
  );
  const unique: PartyMaster[] = [];
  for (const p of sorted) {
    const last = unique[unique.length - 1];
    if (last && last.code === p.code) {
      warnings.push({
        code: 'DUPLICATE_PARTY_CODE',
        message: `customer code ${p.code} appears more than once in the master; "${last.name}" is used`,
      });
    } else unique.push(p);
  }

  const root = unique.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (root[r] !== r) r = root[r]!;
    root[i] = r;
    return r;
  };
  if (groupByPan) {
    const firstWithPan = new Map<string, number>();
    unique.forEach((p, i) => {
      const pan = panOf(p);
      if (!pan) return;
      const first = firstWithPan.get(pan);
      if (first === undefined) firstWithPan.set(pan, i);
      else root[find(i)] = find(first);
    });
  }

  const groups: PartyInfo[] = [];
  const membersOf: PartyMaster[][] = [];
  const groupOfRoot = new Map<number, number>();
  unique.forEach((p, i) => {
    const r = find(i);
    let g = groupOfRoot.get(r);
    if (g === undefined) {
      g = groups.length;
      groupOfRoot.set(r, g);
      // Members arrive in code order, so the first is the representative.
      groups.push({
        key: p.code,
        code: p.code,
        name: p.name,
        tan: normaliseTan(p.tan),
        pan: panOf(p),
        members: [],
        inMaster: true,
      });
      membersOf.push([]);
    }
    groups[g]!.members.push(p.code);
    membersOf[g]!.push(p);
    if (!groups[g]!.tan) groups[g]!.tan = normaliseTan(p.tan);
  });
  return { groups, membersOf, warnings };
};
