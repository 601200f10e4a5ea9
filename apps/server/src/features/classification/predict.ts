import {
  type ClassificationResult,
  DEFAULT_THRESHOLD_PERCENT,
  NO_MODEL,
  NO_MODEL_MESSAGE,
  type SectionSuggestion,
} from '@taxrecon/contracts';
import { predict } from '@taxrecon/engine';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { loadModel } from './model-store.ts';
import { entitySectionTypes, sectionTypesBySection } from './section-types.ts';

const asPercent = (p: number) => Math.round(p * 10_000) / 100;

// The sections whose probability is at least the threshold (percent), best
// first, each with the section expense types of that section. "194J" in a
// model (a file that named no sub-section) shows the types of 194J(a) and (b).
export const predictSections = async (
  db: Kysely<DB>,
  entityId: string,
  text: string,
  thresholdPercent: number,
): Promise<ClassificationResult[]> => {
  const model = await loadModel(db, entityId);
  if (!model) throw new HttpError(404, NO_MODEL, NO_MODEL_MESSAGE);
  const predictions = predict(model, text, thresholdPercent / 100);
  if (predictions.length === 0) return [];
  const bySection = sectionTypesBySection(await entitySectionTypes(db, entityId));
  return predictions.map((p) => ({
    doc: { section: p.label },
    score: asPercent(p.score),
    sectionExpenseTypes:
      bySection.get(p.label) ??
      [...bySection.entries()].filter(([s]) => s.replace(/\(.*\)$/, '') === p.label).flatMap(([, t]) => t),
  }));
};

// For the 34A job and its screens: the best section of each description, or
// null when there is no model or the best is below the threshold. A
// suggestion for the user to confirm, never applied by itself.
export const suggestSections = async (
  db: Kysely<DB>,
  entityId: string,
  descriptions: readonly string[],
  thresholdPercent = DEFAULT_THRESHOLD_PERCENT,
): Promise<(SectionSuggestion | null)[]> => {
  const model = await loadModel(db, entityId);
  if (!model) return descriptions.map(() => null);
  return descriptions.map((text) => {
    const best = predict(model, text, thresholdPercent / 100)[0];
    return best ? { section: best.label, score: asPercent(best.score) } : null;
  });
};
