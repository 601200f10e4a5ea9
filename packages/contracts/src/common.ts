import { z } from 'zod';

// Answers of the spec's user and password calls carry error (boolean) and a message.
export const Outcome = z.object({
  error: z.boolean(),
  message: z.string(),
  status: z.number().int().optional(),
});
export type Outcome = z.infer<typeof Outcome>;

export const Message = z.object({ message: z.string() });
export type Message = z.infer<typeof Message>;

export const DataBoolean = z.object({ data: z.boolean() });
export const DataString = z.object({ data: z.string() });

// Every error answer of the API: a stable code and a message a person can act on.
export const ApiError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const Empty = z.object({}).strict();

// Login names are e-mail addresses; stored and compared lower-case.
export const LoginId = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .transform((s) => s.toLowerCase());

// The spec's "simple x@y.z pattern" for e-mail addresses.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = z.string().trim().regex(EMAIL_PATTERN, 'Invalid Email Address');

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const MIN_PASSWORD_LENGTH = 8;
export const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'Password should be atleast 8 characters')
  .max(200);

// Request values every feature takes the same way (session 35's API fuzzing
// found each feature checking them its own way, or not at all).
// A financial year a request names: '2024-25' or the payable calls' '24-25',
// the second year the one after the first, between 2000-01 and 2098-99 (the
// years a register, a statement or a challan can hold).
const FY_TEXT = /^(\d{2}|\d{4})-(\d{2})$/;
export const isRequestFinancialYear = (s: string): boolean => {
  const m = FY_TEXT.exec(s);
  if (!m?.[1] || !m[2]) return false;
  const start = m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  return start >= 2000 && start <= 2098 && (start + 1) % 100 === Number(m[2]);
};
export const RequestFinancialYear = z
  .string()
  .trim()
  .refine(
    isRequestFinancialYear,
    'a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
  );

// A calendar date as yyyy-mm-dd (Date.parse alone rolls 2024-02-30 over into March).
export const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
export const CalendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-mm-dd')
  .refine(isCalendarDate, 'Not a calendar date (yyyy-mm-dd)');

// A month as yyyy-mm, of the years a financial year above can hold.
export const isRequestMonth = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})$/.exec(s);
  return !!m && Number(m[1]) >= 2000 && Number(m[1]) <= 2099 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
};
export const RequestMonth = z.string().trim().refine(isRequestMonth, 'a month as yyyy-mm, from 2000-01');
