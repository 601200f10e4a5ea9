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
