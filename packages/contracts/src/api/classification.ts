import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';

// AI expense classification (spec part 3, section 7): train a text classifier
// per entity from a file of expense descriptions and their sections, then ask
// it for the section of a description.

export const NO_MODEL_MESSAGE =
  'No model found. Please train the model first via the training "Expenses Training" screen.';
export const NO_MODEL = 'NO_MODEL';
// Spec part 3 section 9: default confidence 30 percent, slider step 5.
export const DEFAULT_THRESHOLD_PERCENT = 30;
export const THRESHOLD_STEP_PERCENT = 5;
export const TRAINING_MAX_BYTES = 200_000_000;
export const TRAINING_EXTENSIONS = ['txt', 'csv'] as const;

// Target fields of the training file's header mapping.
export const TRAINING_FIELDS = [
  { key: 'description', label: 'Expense description', required: true },
  { key: 'section', label: 'Section', required: true },
  { key: 'subSection', label: 'Sub-section', required: false },
] as const;

export const TrainFields = z.object({
  // JSON object of target field to header name, e.g. {"description":"Narration","section":"TDS Section"}
  mappingDefinition: z.string().optional(),
  // the pasted header row, tab-separated; without it the file's first line is the header
  headers: z.string().optional(),
});

export const TrainAnswer = z.object({
  message: z.string(),
  jobId: z.string().nullable(),
  validationErrorsCount: z.number().int().nullable(),
});
export type TrainAnswer = z.infer<typeof TrainAnswer>;

export const ModelInfo = z.object({
  trainedAt: z.string(),
  trainedBy: z.string().nullable(),
  fileName: z.string().nullable(),
  rowsUsed: z.number().int(),
  rowsHeldBack: z.number().int(),
  // 0..1 on the held-back fifth
  accuracy: z.number(),
  macroF1: z.number(),
  sections: z.array(z.string()),
  jobId: z.string().nullable(),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

export const ModelExists = z.object({ exists: z.boolean(), model: ModelInfo.nullable() });
export type ModelExists = z.infer<typeof ModelExists>;

// A section expense type as the mapping screens show it; thresholds in paise.
export const SectionExpenseTypeView = z.object({
  sectionexpensetypeid: z.string().nullable(),
  sectionNumber: z.string(),
  subSection: z.string().nullable(),
  expenseType: z.string().nullable(),
  expenseTypeDetail: z.string().nullable(),
  tdsExempted: z.boolean(),
  tdsRateCompany: z.number(),
  tdsRateIndividual: z.number(),
  tdsRateOthers: z.number(),
  tdsForNoOrInvalidPAN: z.number().nullable(),
  applicableFromDate: z.string(),
  applicableToDate: z.string().nullable(),
  thresholdInvoice: z.number().int().nullable(),
  thresholdMonthly: z.number().int().nullable(),
  thresholdAnnually: z.number().int().nullable(),
});
export type SectionExpenseTypeView = z.infer<typeof SectionExpenseTypeView>;

export const ClassificationResult = z.object({
  doc: z.object({ section: z.string() }),
  // percent 0..100, the model's probability for this section
  score: z.number(),
  sectionExpenseTypes: z.array(SectionExpenseTypeView),
});
export type ClassificationResult = z.infer<typeof ClassificationResult>;

export const PredictQuery = z.object({
  text: z.string().trim().min(1, 'Enter an expense description').max(2000),
  threshold: z.coerce.number().min(0).max(100).default(DEFAULT_THRESHOLD_PERCENT),
});

export const SectionSuggestion = z.object({ section: z.string(), score: z.number() });
export type SectionSuggestion = z.infer<typeof SectionSuggestion>;

export const classificationRoutes = {
  trainExpenseClassifier: defineRoute({
    method: 'PUT',
    path: '/expense-classification/expense-classification/_train',
    access: needs('AI_ENGINE'),
    summary:
      'Upload a training file of expense descriptions and sections (.txt or .csv); trains the entity model in a background job',
    consumes: 'multipart',
    body: TrainFields,
    response: TrainAnswer,
  }),
  expenseModelExists: defineRoute({
    method: 'GET',
    path: '/expense-classification/model/_exists',
    access: needs('AI_ENGINE'),
    summary: 'Whether the current entity has a trained model, and its figures',
    response: ModelExists,
  }),
  predictExpenseSection: defineRoute({
    method: 'GET',
    path: '/expense-classification/expense-classification/_predict',
    access: needs('AI_ENGINE'),
    summary: 'Sections of a description whose score is at least the threshold (percent), best first',
    query: PredictQuery,
    response: z.array(ClassificationResult),
  }),
  suggestExpenseSections: defineRoute({
    method: 'POST',
    path: '/expense-classification/expense-classification/_suggest',
    access: needs('AI_ENGINE'),
    summary:
      'The best section of each description (null below the threshold or without a model), for the user to confirm',
    body: z.object({
      descriptions: z.array(z.string().max(2000)).max(10_000),
      threshold: z.number().min(0).max(100).default(DEFAULT_THRESHOLD_PERCENT),
    }),
    response: z.object({ modelExists: z.boolean(), suggestions: z.array(SectionSuggestion.nullable()) }),
  }),
} as const;
