import type pg from 'pg';
import { type DeducteeRow, ENTRY_CERTIFICATE_SQL } from '../challans/allocation.ts';

// The quarter's 34A entries with nothing deducted that the 26Q reports, under
// its nil challan, each with Annexure 6's reason for no deduction (fvu.ts
// writes them):
// - Y, below the threshold: the 34A outcome belowThreshold (the year's
//   payments to the PAN under the section never reached it, DOMAIN 7.5);
// - A, a lower deduction certificate at a nil rate: outcome ok at rate basis
//   LDC, with the certificate found;
// - B, T or Z, exempt by a vendor section mapping that records why (a
//   15G/15H declaration, a transporter's declaration under 194C(6), a payment
//   notified under 197A(1F)): outcome exempt with its exempt_reason.
// Not here: exempt entries whose reason is not recorded (the masters say
// exempt, not why: docs/decisions.md session 39), entries liable but not
// deducted (a default, not a reason), and credit notes (base not above 0).

export type NoDeductionRow = Pick<
  DeducteeRow,
  | 'entry_id'
  | 'month'
  | 'document_date'
  | 'ref'
  | 'pan'
  | 'vendor_name'
  | 'section'
  | 'payment_code'
  | 'deductee_type'
  | 'base'
  | 'rate'
  | 'rate_basis'
  | 'certificate_number'
> & { status: 'belowThreshold' | 'ok' | 'exempt'; exempt_reason: string | null };

// The certificate is found as for the rows with tax deducted (allocation.ts).
const NO_DEDUCTION_SQL = `
  SELECT e.id::text AS entry_id, e.month, to_char(e.document_date, 'YYYY-MM-DD') AS document_date, e.ref,
         nullif(upper(trim(e.pan)), '') AS pan, v.vendor_name, e.section, e.payment_code, e.deductee_type,
         e.base::text, e.rate::text, e.rate_basis, e.status, e.exempt_reason,
         ${ENTRY_CERTIFICATE_SQL}
    FROM payable_entries e
    LEFT JOIN vendors v ON v.entity_id = e.entity_id AND v.vendor_code = e.vendor_code
   WHERE e.entity_id = $1 AND e.financial_year = $2 AND e.month = ANY($3)
     AND e.deducted = 0 AND e.base > 0
     AND e.section_number IS NOT NULL AND e.deductee_type IS NOT NULL
     AND e.return_form IS DISTINCT FROM '27Q'
     AND (e.status = 'belowThreshold' OR (e.status = 'ok' AND e.rate_basis = 'LDC')
          OR (e.status = 'exempt' AND e.exempt_reason IN ('B', 'T', 'Z')))
   ORDER BY e.document_date NULLS LAST, e.id`;

export const noDeductionRows = async (
  db: pg.Pool | pg.PoolClient,
  entityId: string,
  fy: string,
  months: string[],
): Promise<NoDeductionRow[]> =>
  (await db.query<NoDeductionRow>(NO_DEDUCTION_SQL, [entityId, fy, months])).rows;
