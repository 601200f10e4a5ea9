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
