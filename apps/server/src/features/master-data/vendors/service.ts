import type {
  SaveVendorRequest,
  Vendor,
  VendorDetail,
  VendorInput,
  VendorSearchRequest,
} from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { conflictOn, currentEntity, writeTsv } from '../shared.ts';
import {
  allVendors,
  changeChildren,
  findVendor,
  insertVendor,
  searchVendors,
  toVendor,
  updateVendor,
  vendorChildren,
  vendorsWithPan,
} from './repo.ts';

// The vendor master of the caller's current entity; another entity's vendor answers 404.

export const VENDOR_NOT_FOUND = 'Vendor not found';

const detail = async (ctx: AppContext, entityId: string, vendorId: string): Promise<VendorDetail> => {
  const row = await findVendor(ctx.db, entityId, vendorId);
  if (!row) throw notFound(VENDOR_NOT_FOUND);
  return { ...toVendor(row), children: await vendorChildren(ctx.db, entityId, vendorId) };
};

// The Aadhaar-PAN link only concerns individuals, whose PAN has 'P' as its
// 4th character (spec part 1 section 4): any other PAN is Operative unless said otherwise.
const withAadhaarDefault = (vendor: VendorInput): VendorInput =>
  vendor.aadhaarPanLink === null && vendor.panNumber && vendor.panNumber[3] !== 'P'
    ? { ...vendor, aadhaarPanLink: 'Operative' }
    : vendor;

export const vendorService = (ctx: AppContext) => ({
  search: async (caller: Caller, request: VendorSearchRequest) =>
    searchVendors(ctx.db, await currentEntity(ctx, caller), request),

  get: async (caller: Caller, vendorId: string) => detail(ctx, await currentEntity(ctx, caller), vendorId),

  byPan: async (caller: Caller, pan: string) => {
    const vendors = await vendorsWithPan(ctx.db, await currentEntity(ctx, caller), pan, null);
    return vendors.map((v) => ({
      vendorId: v.vendorId,
      vendorName: v.vendorName,
      vendorCode: v.vendorCode,
      contactEmail: v.contactEmail,
    }));
  },

  save: async (caller: Caller, request: SaveVendorRequest) => {
    const entityId = await currentEntity(ctx, caller);
    const vendor = withAadhaarDefault(request.vendor);
    const { children, removedChildren } = request;
    if (vendor.tanNumber && children.includes(vendor.tanNumber))
      throw badRequest('A vendor cannot be its own connected entity.', 'OWN_TAN_AS_CHILD');
    const existingId = vendor.vendorId;
    const duplicateCode = conflictOn(
      'vendors_entity_id_vendor_code_key',
      `Vendor Code ${vendor.vendorCode} is already used by another vendor of this entity.`,
    );
    const vendorId = await ctx.db
      .transaction()
      .execute(async (trx) => {
        let id: string;
        if (existingId) {
          if (!(await updateVendor(trx, entityId, existingId, vendor))) throw notFound(VENDOR_NOT_FOUND);
          id = existingId;
        } else {
          id = await insertVendor(trx, entityId, vendor);
        }
        await changeChildren(trx, id, children, removedChildren);
        return id;
      })
      .catch(duplicateCode);
    return {
      message: existingId ? 'Vendor Updated' : 'Vendor Created',
      vendor: await detail(ctx, entityId, vendorId),
    };
  },

  connected: async (caller: Caller, query: { panNumber: string | null; vendorId: string | null }) => {
    const entityId = await currentEntity(ctx, caller);
    let pan = query.panNumber;
    let children: VendorDetail['children'] = [];
    if (query.vendorId) {
      const row = await findVendor(ctx.db, entityId, query.vendorId);
      if (!row) throw notFound(VENDOR_NOT_FOUND);
      pan = pan ?? row.pan_number;
      children = await vendorChildren(ctx.db, entityId, query.vendorId);
    }
    const samePan: Vendor[] = pan ? await vendorsWithPan(ctx.db, entityId, pan, query.vendorId) : [];
    return { children, samePan };
  },

  exportFile: async (caller: Caller): Promise<string> => {
    const vendors = await allVendors(ctx.db, await currentEntity(ctx, caller));
    return writeTsv(
      VENDOR_MASTER_FIELDS,
      vendors.map((v) => VENDOR_MASTER_FIELDS.map((f) => v[f])),
    );
  },
});

// The vendor master file: spec part 1 section 3 fields in the upload template's order.
export const VENDOR_MASTER_FIELDS = [
  'vendorId',
  'vendorCode',
  'vendorName',
  'nameFromPurchaseBook',
  'nameFrom26AS',
  'website',
  'tanNumber',
  'cstNumber',
  'panNumber',
  'gstRegistrationType',
  'gstIn',
  'addressStreet',
  'addressCity',
  'addressState',
  'pinCode',
  'country',
  'parentVendorId',
  'contactPersonTitle',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'notes',
  'vendorType',
  'compliance206AB',
  'defaultContact',
  'activeStatus',
  'resident',
  'aadhaarPanLink',
] as const satisfies readonly (keyof Vendor)[];
