import type { SectionExpenseTypeRow, SectionExpenseTypeUpdate } from '@taxrecon/contracts';
import { SectionExpenseTypeUpdate as UpdateSchema } from '@taxrecon/contracts';
import { formatInr, paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { plainRupees } from '../../lib/plain-rupees.ts';

// A section expense type being edited (dialog or inline): the row's values as
// the inputs hold them; checked with the server's own schema before sending.
export type SectionTypeDraft = Omit<SectionExpenseTypeRow, 'source' | 'shipped'>;

export const draftOf = (row: SectionExpenseTypeRow): SectionTypeDraft => {
  const { source: _source, shipped: _shipped, ...draft } = row;
  return draft;
};

// The thresholds as the API takes them: "30,000" or "₹1,00,000" typed as the
// table shows them is read, not refused (lib/plain-rupees.ts).
const THRESHOLDS = ['thresholdinvoice', 'thresholdmonthly', 'thresholdannually'] as const;
const withPlainThresholds = (draft: SectionTypeDraft): SectionTypeDraft => {
  const out = { ...draft };
  for (const k of THRESHOLDS) {
    const v = draft[k];
    if (typeof v === 'string') out[k] = plainRupees(v);
  }
  return out;
};

// Field -> message for what the server would refuse (rates 0-100, thresholds
// 0 or more, To not before From).
export const draftErrors = (draft: SectionTypeDraft): Record<string, string> => {
  const parsed = UpdateSchema.safeParse(withPlainThresholds(draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
};

export const updateOf = (draft: SectionTypeDraft): SectionExpenseTypeUpdate =>
  UpdateSchema.parse(withPlainThresholds(draft));

export const changedDrafts = (
  drafts: Readonly<Record<string, SectionTypeDraft>>,
  rows: readonly SectionExpenseTypeRow[],
): SectionTypeDraft[] =>
  Object.values(drafts).filter((d) => {
    const row = rows.find((r) => r.sectionexpensetypeid === d.sectionexpensetypeid);
    return !row || JSON.stringify(draftOf(row)) !== JSON.stringify(d);
  });

// Thresholds as a person reads them: ₹ with lakh grouping, '-' for none.
export const thresholdText = (rupees: string | null): string =>
  rupees === null ? '-' : formatInr(paiseOrZero(rupees));
// the same as a number of rupees, to sort by and export (a cell Excel can sum)
export const thresholdValue = (rupees: string | null): number | null =>
  rupees === null ? null : rupeesNumber(paiseOrZero(rupees));

export const rateText = (rate: number | null): string => (rate === null ? '-' : `${rate}%`);

export const sectionText = (r: Pick<SectionExpenseTypeRow, 'sectionnumber' | 'subsection'>): string =>
  r.subsection ? `${r.sectionnumber}(${r.subsection})` : r.sectionnumber;
