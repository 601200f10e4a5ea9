import type { PayableVendor } from '@taxrecon/engine';
import type { Queryable } from './queryable.ts';

// The vendor master of an entity as the engine sees it; vendors.compliance_206ab
// is set by the TAN-ITR report.
export const loadPayableVendors = async (db: Queryable, entityId: string): Promise<PayableVendor[]> => {
  const { rows } = await db.query<{
    vendor_code: string;
    vendor_name: string;
    pan_number: string | null;
    vendor_type: string | null;
    resident: boolean;
    compliance_206ab: boolean;
    aadhaar_pan_link: string | null;
  }>(
    `SELECT vendor_code, vendor_name, pan_number, vendor_type, resident, compliance_206ab, aadhaar_pan_link
     FROM vendors WHERE entity_id = $1 ORDER BY vendor_code`,
    [entityId],
  );
  return rows.map((r) => ({
    vendorCode: r.vendor_code,
    vendorName: r.vendor_name,
    pan: r.pan_number,
    vendorType: r.vendor_type,
    resident: r.resident,
    compliance206AB: r.compliance_206ab,
    aadhaarPanLink: r.aadhaar_pan_link,
  }));
};
