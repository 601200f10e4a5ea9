import type { Form26qBookRow } from '@taxrecon/engine';
import { paiseOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';

// What the books say for the quarter, from the latest 34A result of the year
// (payable_entries): base and deducted by the entry's document month, due by
// the month its due is recognised in, per PAN and section. Entries of 27Q
// (non-residents) belong to another return and are left out.
const BOOKS_SQL = `
  SELECT coalesce(nullif(upper(trim(e.pan)), ''), 'PANNOTAVBL') AS pan,
         e.section,
         max(v.vendor_name) AS name,
         coalesce(sum(e.base) FILTER (WHERE e.month = ANY($3)), 0)::text AS base,
         coalesce(sum(e.deducted) FILTER (WHERE e.month = ANY($3)), 0)::text AS deducted,
         coalesce(sum(e.due) FILTER (WHERE e.recognised_month = ANY($3)), 0)::text AS due
    FROM payable_entries e
    LEFT JOIN vendors v ON v.entity_id = e.entity_id AND v.vendor_code = e.vendor_code
   WHERE e.entity_id = $1 AND e.financial_year = $2
     AND (e.month = ANY($3) OR e.recognised_month = ANY($3))
     AND e.section IS NOT NULL
     AND e.return_form IS DISTINCT FROM '27Q'
   GROUP BY 1, 2`;

export const bookRows = async (
  ctx: AppContext,
  entityId: string,
  fy: string,
  months: string[],
): Promise<Form26qBookRow[]> => {
  const { rows } = await ctx.database.pool.query<{
    pan: string;
    section: string;
    name: string | null;
    base: string;
    deducted: string;
    due: string;
  }>(BOOKS_SQL, [entityId, fy, months]);
  return rows.map((r) => ({
    pan: r.pan,
    name: r.name ?? '',
    section: r.section,
    base: paiseOfNumeric(r.base),
    deducted: paiseOfNumeric(r.deducted),
    due: paiseOfNumeric(r.due),
  }));
};

// Sections a 26Q may carry, offered after the books' own for the mapping.
export const COMMON_26Q_SECTIONS = [
  '192A',
  '193',
  '194',
  '194A',
  '194B',
  '194BB',
  '194C',
  '194D',
  '194DA',
  '194EE',
  '194G',
  '194H',
  '194I(a)',
  '194I(b)',
  '194IA',
  '194IB',
  '194IC',
  '194J(a)',
  '194J(b)',
  '194K',
  '194LA',
  '194M',
  '194N',
  '194O',
  '194P',
  '194Q',
  '194R',
  '194S',
];

export const bookSections = async (
  ctx: AppContext,
  entityId: string,
  fy: string,
  months: string[],
): Promise<string[]> => {
  const { rows } = await ctx.database.pool.query<{ section: string }>(
    `SELECT DISTINCT section FROM payable_entries
      WHERE entity_id = $1 AND financial_year = $2 AND month = ANY($3) AND section IS NOT NULL
      ORDER BY section`,
    [entityId, fy, months],
  );
  return rows.map((r) => r.section);
};
