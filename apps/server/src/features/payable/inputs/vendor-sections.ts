import { normaliseSection, type VendorSectionMapping } from '@taxrecon/engine';
import { isExemptionReason, paiseOfNumeric } from '@taxrecon/shared';
import { iso, type Queryable } from './queryable.ts';

// Vendor section mappings with the lower deduction certificates merged in:
// a certificate (ldc_certificates) for the vendor's PAN or code and the same
// section gives the mapping its LTDC rate, limit and period; a certificate
// with no such mapping becomes a mapping of its own. The certificate wins
// over LTDC fields typed into the mapping, as it is the document itself.
export const loadVendorSections = async (
  db: Queryable,
  entityId: string,
): Promise<VendorSectionMapping[]> => {
  const mappings = await db.query<{
    vendor_code: string;
    pan_number: string | null;
    section_number: string;
    sub_section: string | null;
    tds_exempted: boolean;
    tds_exempted_from: string | null;
    tds_exempted_to: string | null;
    tds_exemption_reason: string | null;
    ltdc_applied: boolean;
    ltdc_percentage: string | null;
    ltdc_amount: string | null;
    ltdc_from: string | null;
    ltdc_to: string | null;
  }>(
    `SELECT v.vendor_code, v.pan_number, m.section_number, m.sub_section, m.tds_exempted,
       m.tds_exempted_from::text, m.tds_exempted_to::text, m.tds_exemption_reason, m.ltdc_applied, m.ltdc_percentage::text,
       m.ltdc_amount::text, m.ltdc_from::text, m.ltdc_to::text
     FROM vendor_section_mappings m JOIN vendors v ON v.id = m.vendor_id
     WHERE m.entity_id = $1 ORDER BY v.vendor_code, m.section_number, m.sub_section`,
    [entityId],
  );
  const certificates = await db.query<{
    pan_number: string;
    vendor_code: string | null;
    section_number: string;
    sub_section: string | null;
    rate: string;
    amount_limit: string | null;
    valid_from: string;
    valid_to: string;
    certificate_number: string;
  }>(
    `SELECT c.certificate_number, c.pan_number, coalesce(c.vendor_code, v.vendor_code) AS vendor_code, c.section_number, c.sub_section,
       c.rate::text, c.amount_limit::text, c.valid_from::text, c.valid_to::text
     FROM ldc_certificates c
     LEFT JOIN LATERAL (SELECT vendor_code FROM vendors WHERE entity_id = c.entity_id AND pan_number = c.pan_number
                        ORDER BY vendor_code LIMIT 1) v ON true
     WHERE c.entity_id = $1 ORDER BY c.valid_from, c.certificate_number`,
    [entityId],
  );
  const section = (n: string, sub: string | null) => normaliseSection(n, sub) ?? n;
  const rows: VendorSectionMapping[] = mappings.rows.map((m) => ({
    vendorCode: m.vendor_code,
    section: section(m.section_number, m.sub_section),
    tdsExempted: m.tds_exempted,
    tdsExemptedFrom: iso(m.tds_exempted_from),
    tdsExemptedTo: iso(m.tds_exempted_to),
    exemptReason: isExemptionReason(m.tds_exemption_reason) ? m.tds_exemption_reason : null,
    ltdcApplied: m.ltdc_applied,
    ltdcRate: m.ltdc_percentage === null ? null : Number(m.ltdc_percentage),
    ltdcAmount: m.ltdc_amount === null ? null : paiseOfNumeric(m.ltdc_amount),
    ltdcFrom: iso(m.ltdc_from),
    ltdcTo: iso(m.ltdc_to),
  }));
  const panOf = new Map(mappings.rows.map((m) => [m.vendor_code, m.pan_number]));
  // Every certificate reaches the engine: a mapping with certificates becomes
  // one mapping per certificate (the engine takes the one in force on the
  // entry's date), so a certificate renewed mid-year, or next year's loaded
  // before this year is computed again, does not replace the other. Each
  // carries the certificate's number as `ldcKey`, so its amount is spent once
  // over the vendor codes of its PAN (docs/decisions.md, session 39).
  const byMapping = new Map<VendorSectionMapping, VendorSectionMapping[]>();
  const out: VendorSectionMapping[] = [];
  for (const c of certificates.rows) {
    const s = section(c.section_number, c.sub_section);
    const ltdc = {
      ltdcApplied: true,
      ltdcRate: Number(c.rate),
      ltdcAmount: c.amount_limit === null ? null : paiseOfNumeric(c.amount_limit),
      ltdcFrom: iso(c.valid_from),
      ltdcTo: iso(c.valid_to),
      ldcKey: `ldc:${c.certificate_number}`,
    };
    const matching = rows.filter(
      (m) => m.section === s && (m.vendorCode === c.vendor_code || panOf.get(m.vendorCode) === c.pan_number),
    );
    for (const m of matching) byMapping.set(m, [...(byMapping.get(m) ?? []), { ...m, ...ltdc }]);
    if (matching.length === 0 && c.vendor_code)
      out.push({
        vendorCode: c.vendor_code,
        section: s,
        tdsExempted: false,
        tdsExemptedFrom: null,
        tdsExemptedTo: null,
        ...ltdc,
      });
  }
  // The certificate wins over LTDC fields typed into the mapping.
  return [...rows.flatMap((m) => byMapping.get(m) ?? [m]), ...out];
};
