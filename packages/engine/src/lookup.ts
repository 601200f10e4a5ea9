// A key -> group map that remembers when one key points at two different
// groups: such a key identifies nobody and resolution must go on to the next rule.
export const AMBIGUOUS = -2;

export class GroupLookup {
  private readonly map = new Map<string, number>();
  private readonly clashes = new Map<string, Set<number>>();

  add(key: string | null | undefined, group: number): void {
    if (!key) return;
    const current = this.map.get(key);
    if (current === undefined) this.map.set(key, group);
    else if (current !== group) {
      const set = this.clashes.get(key) ?? new Set(current === AMBIGUOUS ? [] : [current]);
      set.add(group);
      this.clashes.set(key, set);
      this.map.set(key, AMBIGUOUS);
    }
  }

  get empty(): boolean {
    return this.map.size === 0;
  }

  // undefined: unknown key; AMBIGUOUS: several groups; otherwise the group.
  get(key: string | null | undefined): number | undefined {
    return key ? this.map.get(key) : undefined;
  }

  clashingGroups(key: string): number[] {
    return [...(this.clashes.get(key) ?? [])].sort((a, b) => a - b);
  }

  clashingKeys(): string[] {
    return [...this.clashes.keys()].sort();
  }
}
