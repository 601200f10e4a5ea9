import { isValidPan } from '@taxrecon/shared';
import { z } from 'zod';
import { Email } from '../common.ts';
import { Role } from '../permissions.ts';

// An entity (the spec's sub-group) as the top bar lists it.
export const EntityListItem = z.object({
  id: z.string(),
  subGroupId: z.string(),
  subGroupDescription: z.string(),
  current: z.boolean(),
});
export type EntityListItem = z.infer<typeof EntityListItem>;

export const LegalEntity = z.object({
  id: z.string(),
  subGroupId: z.string(),
  name: z.string(),
  description: z.string(),
  panNumber: z.string().nullable(),
});
export type LegalEntity = z.infer<typeof LegalEntity>;

export const PanNumber = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().refine(isValidPan, 'Invalid PAN Number'));

export const CreateLegalEntityRequest = z.object({
  name: z.string().trim().min(1, 'Entity name is required').max(200),
  panNumber: PanNumber.optional().or(z.literal('').transform(() => undefined)),
});

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  role: Role,
  allowedEntities: z.array(z.string()),
  allowedEntitiesObj: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const CreateUserRequest = z.object({
  id: z.string().optional(),
  email: Email,
  fname: z.string().trim().min(1, 'Invalid First Name').max(100),
  lname: z.string().trim().min(1, 'Invalid Last Name').max(100),
  role: z.enum(['ADMIN', 'NORMAL-USER']).default('NORMAL-USER'),
  allowedEntities: z.array(z.string()).min(1, 'Select one or more entities'),
});

export const UpdateUserRequest = z.object({
  id: z.string(),
  fname: z.string().trim().min(1, 'Invalid First Name').max(100).optional(),
  lname: z.string().trim().min(1, 'Invalid Last Name').max(100).optional(),
  allowedEntities: z.array(z.string()).min(1, 'Select one or more entities'),
});
