const prefix = new Float64Array(64);

// The subset of 2..maxSize candidates whose values sum to within target +-
// tolerance, using as few rows as possible and, among those, the rows
// nearest in date (smallest total gap), then the smallest ids. `values` are
// positive and ascending, so prefix-sum bounds cut hopeless branches early;
// the node budget bounds the work per target whatever the data. Returns
// the chosen ids in ascending order.
export const findSubset = (
  values: Float64Array,
  gaps: Float64Array,
  ids: Int32Array,
  n: number,
  target: number,
  tolerance: number,
  maxSize: number,
  accept: (rows: readonly number[]) => boolean,
  budget: number,
): number[] | null => {
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + values[i]!;
  const lo = target - tolerance;
  const hi = target + tolerance;
  if (prefix[n]! < lo) return null;

  const picked: number[] = [];
  let best: number[] | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  let nodes = 0;
  let size = 2;

  const search = (start: number, sum: number): void => {
    const remaining = size - picked.length;
    if (remaining === 0) {
      if (sum < lo || sum > hi) return;
      let gap = 0;
      for (const p of picked) gap += gaps[p]!;
      if (gap > bestGap) return;
      const rows = picked.map((p) => ids[p]!).sort((a, b) => a - b);
      if ((gap < bestGap || (best !== null && lexLess(rows, best))) && accept(rows)) {
        best = rows;
        bestGap = gap;
      }
      return;
    }
    for (let i = start; i <= n - remaining; i++) {
      if (++nodes > budget) return;
      // The smallest completion from here is already too much: so is every later one.
      if (sum + prefix[i + remaining]! - prefix[i]! > hi) return;
      // Even the largest completion falls short: try a larger value.
      if (sum + values[i]! + prefix[n]! - prefix[n - remaining + 1]! < lo) continue;
      picked.push(i);
      search(i + 1, sum + values[i]!);
      picked.pop();
    }
  };

  for (size = 2; size <= maxSize && size <= n && nodes <= budget; size++) {
    search(0, 0);
    if (best) return best;
  }
  return null;
};

const lexLess = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};
