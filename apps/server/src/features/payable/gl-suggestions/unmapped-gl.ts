import type { ConfirmGlSection, UnmappedGlAnswer } from '@taxrecon/contracts';
import { normaliseSection, SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { loadModel } from '../../classification/model-store.ts';
import { suggestSections } from '../../classification/predict.ts';
import { sectionParts } from '../runs/section-parts.ts';

// The year's latest 34A entries whose GL code has no section, by GL code,
// with the section the entity's expense classifier suggests from the code's
// most frequent narration. A suggestion is only shown: the user confirms it
// (confirmGlSection), which maps the code for the next run.
export const unmappedGlCodes = async (
  ctx: AppContext,
  entityId: string,
  financialYear: string,
): Promise<UnmappedGlAnswer> => {
  const rows = (
    await ctx.database.pool.query<{
      gl_code: string;
      entries: string;
      base: string;
      description: string | null;
    }>(
      `SELECT gl_code, count(*) AS entries, sum(base)::text AS base,
              mode() WITHIN GROUP (ORDER BY description) AS description
         FROM payable_entries
        WHERE entity_id = $1 AND financial_year = $2 AND error_code = 'GL_UNMAPPED' AND gl_code IS NOT NULL
        GROUP BY gl_code
        ORDER BY sum(base) DESC, gl_code
        LIMIT 500`,
      [entityId, financialYear],
    )
  ).rows;
  const exists = (await loadModel(ctx.db, entityId)) !== null;
  const suggestions = exists
    ? await suggestSections(
        ctx.db,
        entityId,
        rows.map((r) => r.description ?? r.gl_code),
      )
    : rows.map(() => null);
  return {
    financialYear,
    modelExists: exists,
    codes: rows.map((r, i) => ({
      glCode: r.gl_code,
      entries: Number(r.entries),
      base: r.base,
      description: r.description,
      suggestion: suggestions[i] ?? null,
    })),
  };
};

const KNOWN_SECTIONS = new Set(SHIPPED_SECTION_TYPES.map((t) => t.section));

export const confirmGlSection = async (
  ctx: AppContext,
  entityId: string,
  body: ConfirmGlSection,
): Promise<{ message: string }> => {
  const section = normaliseSection(body.section);
  if (!section || !KNOWN_SECTIONS.has(section))
    throw badRequest(
      `'${body.section}' is not a TDS section this installation knows (e.g. 194C, 194J(b)).`,
      'SECTION',
    );
  const { number, sub } = sectionParts(section);
  await withTransaction(ctx.database.pool, async (client) => {
    const existing = await client.query(
      'SELECT 1 FROM expense_section_mappings WHERE entity_id = $1 AND expense_key = $2 AND applicable_from IS NULL',
      [entityId, body.glCode],
    );
    if (existing.rowCount)
      await client.query(
        `UPDATE expense_section_mappings SET section_number = $3, sub_section = $4, updated_at = now()
          WHERE entity_id = $1 AND expense_key = $2 AND applicable_from IS NULL`,
        [entityId, body.glCode, number, sub || null],
      );
    else
      await client.query(
        `INSERT INTO expense_section_mappings (entity_id, expense_key, expense_description, section_number, sub_section)
         VALUES ($1, $2, $3, $4, $5)`,
        [entityId, body.glCode, 'Confirmed from a suggestion on the 34A result', number, sub || null],
      );
  });
  return {
    message: `GL code ${body.glCode} is mapped to section ${section}. Run the month again to apply it.`,
  };
};
