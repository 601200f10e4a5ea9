import type { z } from 'zod';

// The contract's own schema checks the form, so the screen and the server give the
// same message for the same mistake: the first message per field.
export const fieldErrors = (schema: z.ZodType, values: unknown, prefix = ''): Record<string, string> => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = `${prefix}${issue.path.map(String).join('.')}`;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
};

// The server's message stays 'Invalid PAN Number' (the spec's wording, which
// the API answers with); on the form it also says what a PAN looks like.
export const PAN_SHAPE = 'PAN is 10 characters: 5 letters, 4 digits, 1 letter, e.g. AAACA1234Q.';
export const explainPan = (errors: Record<string, string>): Record<string, string> =>
  errors.panNumber === 'Invalid PAN Number'
    ? { ...errors, panNumber: `Invalid PAN Number. ${PAN_SHAPE}` }
    : errors;

// The field a refused submit takes the person to: the first in error in the
// order the form shows its fields, else any field in error.
export const firstInvalidField = (order: readonly string[], errors: Record<string, unknown>): string | null =>
  order.find((key) => errors[key]) ?? Object.keys(errors).find((key) => errors[key]) ?? null;
