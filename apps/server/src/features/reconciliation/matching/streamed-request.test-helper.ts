import type { PartyMaster } from '@taxrecon/engine';

// A TDS job of 2024-25 over the given masters, with no mappings, decisions or
// selection, as the streamed computation's tests ask for one.
export const testRequest = (
  parties: PartyMaster[],
  ids: { jobId: string; entityId: string },
  batches: number,
) => ({
  scope: { ...ids, financialYear: '2024-25' },
  kind: 'TDS' as const,
  financialYear: '2024-25' as const,
  options: {},
  parties,
  mappings: [],
  decisions: [],
  selected: null,
  batches,
});
