import type { VendorUpdateRow } from '@taxrecon/formats';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

// What each field of a Bulk Update row changes; vendorId is the code the row
// names, never changed by it.
const COLUMNS: Record<keyof VendorUpdateRow['changes'], string | null> = {
  vendorId: null,
  vendorName: 'vendor_name',
  nameFromPurchaseBook: 'name_from_purchase_book',
  nameFrom26AS: 'name_from_26as',
  website: 'website',
  tanNumber: 'tan_number',
  cstNumber: 'cst_number',
  panNumber: 'pan_number',
  gstRegistrationType: 'gst_registration_type',
  gstIn: 'gstin',
  addressStreet: 'address_street',
  addressCity: 'address_city',
  addressState: 'address_state',
  pinCode: 'pin_code',
  country: 'country',
  parentVendorId: 'parent_vendor_id',
  contactPersonTitle: 'contact_person_title',
  contactFirstName: 'contact_first_name',
  contactLastName: 'contact_last_name',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
  notes: 'notes',
  vendorType: 'vendor_type',
  compliance206AB: 'compliance_206ab',
  defaultContact: 'default_contact',
  activeStatus: 'active_status',
  resident: 'resident',
  aadhaarPanLink: 'aadhaar_pan_link',
};

const BOOLEANS = new Set(['compliance_206ab', 'default_contact', 'active_status', 'resident']);

const VENDORS_PER_STATEMENT = 5_000;

type Value = string | boolean;

export interface VendorChanges {
  code: string;
  // column to its new value; a column not here keeps what it holds
  set: Map<string, Value>;
}

// The rows of all files folded into one change a vendor: applied one after
// the other, a later row's field wins and fields the rows do not share are
// all applied, so the fold gives what row-by-row updates gave.
export const foldByVendor = (rows: readonly VendorUpdateRow[]): VendorChanges[] => {
  const byCode = new Map<string, VendorChanges>();
  for (const row of rows) {
    let vendor = byCode.get(row.vendorCode);
    if (!vendor) {
      vendor = { code: row.vendorCode, set: new Map() };
      byCode.set(row.vendorCode, vendor);
    }
    for (const [key, value] of Object.entries(row.changes)) {
      const column = COLUMNS[key as keyof VendorUpdateRow['changes']];
      if (column && value !== undefined && value !== null) vendor.set.set(column, value as Value);
    }
  }
  return [...byCode.values()];
};

// Updates the vendors in the caller's transaction, a few thousand to a
// statement: one array of codes, and one array for each column any row
// changes, NULL where a row leaves it empty (a Bulk Update row never empties
// a field, so NULL can only mean "keep"). One UPDATE per row took a round
// trip a vendor, minutes for a master of lakhs. Returns the codes found.
export const updateVendors = async (
  trx: Transaction<DB>,
  entityId: string,
  vendors: readonly VendorChanges[],
): Promise<Set<string>> => {
  const found = new Set<string>();
  for (let from = 0; from < vendors.length; from += VENDORS_PER_STATEMENT) {
    const batch = vendors.slice(from, from + VENDORS_PER_STATEMENT);
    const columns = [...new Set(batch.flatMap((v) => [...v.set.keys()]))];
    const arrays = [sql`${batch.map((v) => v.code)}::text[]`];
    const names = [sql.raw('code')];
    const sets = [sql`updated_at = now()`];
    columns.forEach((column, i) => {
      const type = BOOLEANS.has(column) ? 'boolean' : 'text';
      const value = sql.raw(`c${i}`);
      arrays.push(sql`${batch.map((v) => v.set.get(column) ?? null)}::${sql.raw(type)}[]`);
      names.push(value);
      sets.push(sql`${sql.ref(column)} = COALESCE(u.${value}, v.${sql.ref(column)})`);
    });
    const result = await sql<{ code: string }>`
      UPDATE vendors AS v SET ${sql.join(sets)}
      FROM unnest(${sql.join(arrays)}) AS u(${sql.join(names)})
      WHERE v.entity_id = ${entityId}::uuid AND v.vendor_code = u.code
      RETURNING u.code`.execute(trx);
    for (const row of result.rows) found.add(row.code);
  }
  return found;
};
