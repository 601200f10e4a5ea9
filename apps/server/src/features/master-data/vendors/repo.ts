import type { ConnectedEntity, Vendor, VendorInput, VendorSearchRequest } from '@taxrecon/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, VendorsTable } from '../../../platform/db/schema.ts';
import { contains } from '../shared.ts';

// SQL of the vendor master, always filtered by the entity the service passes.

type Db = Kysely<DB> | Transaction<DB>;
type VendorRow = Selectable<VendorsTable>;

export const toVendor = (r: VendorRow): Vendor => ({
  vendorId: r.id,
  vendorCode: r.vendor_code,
  vendorName: r.vendor_name,
  nameFromPurchaseBook: r.name_from_purchase_book,
  nameFrom26AS: r.name_from_26as,
  website: r.website,
  tanNumber: r.tan_number,
  cstNumber: r.cst_number,
  panNumber: r.pan_number,
  gstRegistrationType: r.gst_registration_type,
  gstIn: r.gstin,
  addressStreet: r.address_street,
  addressCity: r.address_city,
  addressState: r.address_state,
  pinCode: r.pin_code,
  country: r.country,
  parentVendorId: r.parent_vendor_id,
  contactPersonTitle: r.contact_person_title,
  contactFirstName: r.contact_first_name,
  contactLastName: r.contact_last_name,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  notes: r.notes,
  vendorType: r.vendor_type,
  compliance206AB: r.compliance_206ab,
  defaultContact: r.default_contact,
  activeStatus: r.active_status,
  resident: r.resident,
  aadhaarPanLink: r.aadhaar_pan_link,
});

const toColumns = (v: VendorInput) => ({
  vendor_code: v.vendorCode,
  vendor_name: v.vendorName,
  name_from_purchase_book: v.nameFromPurchaseBook,
  name_from_26as: v.nameFrom26AS,
  website: v.website,
  tan_number: v.tanNumber,
  cst_number: v.cstNumber,
  pan_number: v.panNumber,
  gst_registration_type: v.gstRegistrationType,
  gstin: v.gstIn,
  address_street: v.addressStreet,
  address_city: v.addressCity,
  address_state: v.addressState,
  pin_code: v.pinCode,
  country: v.country,
  parent_vendor_id: v.parentVendorId,
  contact_person_title: v.contactPersonTitle,
  contact_first_name: v.contactFirstName,
  contact_last_name: v.contactLastName,
  contact_email: v.contactEmail,
  contact_phone: v.contactPhone,
  notes: v.notes,
  vendor_type: v.vendorType,
  compliance_206ab: v.compliance206AB,
  default_contact: v.defaultContact,
  active_status: v.activeStatus,
  resident: v.resident,
  aadhaar_pan_link: v.aadhaarPanLink,
});

const CRITERIA = {
  vendorCode: 'vendor_code',
  vendorName: 'vendor_name',
  // the connected-entities selector names its criterion customerName on both screens
  customerName: 'vendor_name',
  nameFrom26AS: 'name_from_26as',
  tanNumber: 'tan_number',
  panNumber: 'pan_number',
} as const satisfies Partial<Record<keyof VendorSearchRequest, keyof VendorsTable>>;

const SORT = {
  vendorName: 'vendor_name',
  vendorCode: 'vendor_code',
  tanNumber: 'tan_number',
  panNumber: 'pan_number',
  nameFrom26AS: 'name_from_26as',
} as const satisfies Record<VendorSearchRequest['sortBy'], keyof VendorsTable>;

export const searchVendors = async (db: Db, entityId: string, request: VendorSearchRequest) => {
  let query = db.selectFrom('vendors').where('entity_id', '=', entityId);
  type Key = keyof typeof CRITERIA;
  for (const [key, column] of Object.entries(CRITERIA) as [Key, (typeof CRITERIA)[Key]][]) {
    const typed = request[key];
    if (typed) query = query.where(column, 'ilike', contains(typed));
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy(sql`lower(${sql.ref(SORT[request.sortBy])})`, request.sortOrder)
    .orderBy('id')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { results: rows.map(toVendor), totalCount: Number(total.n) };
};

export const findVendor = (db: Db, entityId: string, vendorId: string) =>
  db
    .selectFrom('vendors')
    .selectAll()
    .where('id', '=', vendorId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();

export const insertVendor = async (db: Db, entityId: string, input: VendorInput): Promise<string> =>
  (
    await db
      .insertInto('vendors')
      .values({ entity_id: entityId, ...toColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const updateVendor = async (
  db: Db,
  entityId: string,
  vendorId: string,
  input: VendorInput,
): Promise<boolean> => {
  const row = await db
    .updateTable('vendors')
    .set({ ...toColumns(input), updated_at: new Date() })
    .where('id', '=', vendorId)
    .where('entity_id', '=', entityId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const changeChildren = async (db: Db, vendorId: string, added: string[], removed: string[]) => {
  if (removed.length > 0)
    await db
      .deleteFrom('vendor_children')
      .where('vendor_id', '=', vendorId)
      .where('tan_number', 'in', removed)
      .execute();
  if (added.length > 0)
    await db
      .insertInto('vendor_children')
      .values([...new Set(added)].map((tan_number) => ({ vendor_id: vendorId, tan_number })))
      .onConflict((oc) => oc.doNothing())
      .execute();
};

export const vendorChildren = async (db: Db, entityId: string, vendorId: string) => {
  const rows = await db
    .selectFrom('vendor_children as ch')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('vendors as v')
          .select(['v.id', 'v.vendor_name'])
          .whereRef('v.tan_number', '=', 'ch.tan_number')
          .where('v.entity_id', '=', entityId)
          .orderBy('v.vendor_name')
          .limit(1)
          .as('named'),
      (join) => join.onTrue(),
    )
    .select(['ch.tan_number', 'named.id', 'named.vendor_name'])
    .where('ch.vendor_id', '=', vendorId)
    .orderBy('ch.tan_number')
    .execute();
  return rows.map(
    (r): ConnectedEntity => ({ tanNumber: r.tan_number, id: r.id ?? null, name: r.vendor_name ?? null }),
  );
};

export const vendorsWithPan = async (db: Db, entityId: string, pan: string, exceptId: string | null) => {
  let query = db
    .selectFrom('vendors')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('pan_number', '=', pan);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.orderBy('vendor_name').orderBy('id').limit(200).execute()).map(toVendor);
};

export const allVendors = async (db: Db, entityId: string): Promise<Vendor[]> =>
  (
    await db
      .selectFrom('vendors')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('vendor_code')
      .orderBy('id')
      .execute()
  ).map(toVendor);
