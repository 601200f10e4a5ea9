// The dashboard's row counts of an entity are count(*) over lakhs of rows. On
// the embedded database (one connection) those counts held the database for
// about a second per call, so a busy dashboard starved every other call. They
// are now computed once per entity and shared by every caller until a job of
// that entity ends (loads and restores run as jobs; `stamp` names the latest
// ended job) or the counts are TTL old (edits made on a screen show within
// that time).
export interface CountsCache<T> {
  get: (entityId: string, stamp: string, compute: () => Promise<T>) => Promise<T>;
}

export const createCountsCache = <T>(ttlMs = 15_000): CountsCache<T> => {
  const entries = new Map<string, { at: number; stamp: string; value: Promise<T> }>();
  return {
    get: (entityId, stamp, compute) => {
      const hit = entries.get(entityId);
      if (hit && hit.stamp === stamp && Date.now() - hit.at < ttlMs) return hit.value;
      // callers arriving while it is computed share the one computation
      const value = compute();
      entries.set(entityId, { at: Date.now(), stamp, value });
      // a failed computation is not kept; its error still reaches every caller
      value.then(undefined, () => {
        if (entries.get(entityId)?.value === value) entries.delete(entityId);
      });
      return value;
    },
  };
};
