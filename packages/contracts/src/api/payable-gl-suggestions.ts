import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { PayableFyParam, PayMoney } from './payable.ts';

// GL codes without a section (issue 11: "the 34A job can use the model to
// suggest a section for entries whose GL code is unmapped, a suggestion the
// user confirms, never applied silently"). The year's latest 34A entries
// with GL_UNMAPPED are grouped by GL code; the entity's expense classifier
// reads a narration of each code and suggests a section; confirming writes an
// expense section mapping, which the next 34A run of the year applies. Paths
// chosen (the spec has none).

export const UnmappedGlCode = z.object({
  glCode: z.string(),
  entries: z.number().int(),
  base: PayMoney,
  // the most frequent narration of the code's entries, what the classifier read
  description: z.string().nullable(),
  suggestion: z.object({ section: z.string(), score: z.number() }).nullable(),
});
export type UnmappedGlCode = z.infer<typeof UnmappedGlCode>;

export const UnmappedGlAnswer = z.object({
  financialYear: z.string(),
  // false: no model trained yet (Expenses Training), so no suggestions
  modelExists: z.boolean(),
  codes: z.array(UnmappedGlCode),
});
export type UnmappedGlAnswer = z.infer<typeof UnmappedGlAnswer>;

export const ConfirmGlSection = z.object({
  glCode: z.string().trim().min(1).max(100),
  section: z.string().trim().min(3).max(20),
});
export type ConfirmGlSection = z.infer<typeof ConfirmGlSection>;

export const payableGlSuggestionRoutes = {
  payableUnmappedGl: defineRoute({
    method: 'GET',
    path: '/34a/unmapped-gl/:fy',
    access: needs('RECON_TDS_PAYABLE'),
    summary:
      'GL codes of the year that have no section, with a suggested section from the expense classifier (chosen)',
    params: PayableFyParam,
    response: UnmappedGlAnswer,
  }),
  confirmGlSection: defineRoute({
    method: 'POST',
    path: '/34a/unmapped-gl/:fy/confirm',
    access: needs('MASTERDATA_EXPENSESECTION_MAPPING'),
    summary:
      "Confirm a GL code's section: adds it to the expense section mapping for the next 34A run (chosen)",
    params: PayableFyParam,
    body: ConfirmGlSection,
    response: z.object({ message: z.string() }),
  }),
};
