import type { SaveVendorRequest, VendorSearchRequest } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { vendorKind } from '../party/kind.ts';
import { partyService } from '../party/service.ts';

// The vendor master: the party master of kind 'vendor' (whose save applies the
// Aadhaar-PAN default, see party/kind.ts), plus the look-up by PAN. Section
// mappings are in section-mappings.ts.

export const vendorService = (ctx: AppContext) => {
  const party = partyService(ctx, vendorKind);
  return {
    search: (caller: Caller, request: VendorSearchRequest) => party.search(caller, request),

    get: async (caller: Caller, vendorId: string) => party.detail(await party.entity(caller), vendorId),

    byPan: async (caller: Caller, pan: string) =>
      (await party.withPan(caller, pan)).map((v) => ({
        vendorId: v.vendorId,
        vendorName: v.vendorName,
        vendorCode: v.vendorCode,
        contactEmail: v.contactEmail,
      })),

    save: async (caller: Caller, request: SaveVendorRequest) => {
      const { entityId, id, message } = await party.save(caller, { ...request, party: request.vendor });
      return { message, vendor: await party.detail(entityId, id) };
    },

    connected: (caller: Caller, query: { panNumber: string | null; vendorId: string | null }) =>
      party.connected(caller, { panNumber: query.panNumber, id: query.vendorId }),

    exportFile: party.exportFile,
  };
};
