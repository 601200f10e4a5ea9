import { z } from 'zod';

export const ROLES = ['ADMIN', 'NORMAL-USER', 'UTILITY-USER'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

// The spec's permission names. The spec prints the Form 16A permission as a
// placeholder ("{hash}"); we name it FORM16A_MANAGEMENT.
export const PERMISSIONS = [
  'RECON_TDS_RECEIVABLE',
  'RECON_TDS_PAYABLE',
  'RECON_TDS_MANUAL',
  'DATA_ADMIN',
  'DATA_MANAGEMENT',
  'DATA_MANAGEMENT_26AS',
  'DATA_MANAGEMENT_SALES',
  'DATA_MANAGEMENT_EXPENSE',
  'MASTERDATA_MANAGEMENT',
  'MASTERDATA_CUSTOMERS',
  'MASTERDATA_VENDORS',
  'MASTERDATA_EXPENSESECTION_MAPPING',
  'AI_ENGINE',
  'FORM16A_MANAGEMENT',
  'DOCS_MANAGEMENT',
  'ADMIN_OPERATIONS',
  'MANAGE_ENTITIES',
  'SMART_RECON',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

// What a role is granted when a user is created. ADMIN and NORMAL-USER get the
// full route set (spec part 1 section 6); only ADMIN administers users and
// entities. UTILITY-USER (self-registered) gets no business permission at all.
const ADMIN_ONLY: readonly Permission[] = ['ADMIN_OPERATIONS', 'MANAGE_ENTITIES'];
export const defaultPermissions = (role: Role): Permission[] => {
  if (role === 'ADMIN') return [...PERMISSIONS];
  if (role === 'NORMAL-USER') return PERMISSIONS.filter((p) => !ADMIN_ONLY.includes(p));
  return [];
};

// Roles that get the full route set; every other role gets only the utility routes.
export const hasFullRouteSet = (role: string): boolean => role === 'ADMIN' || role === 'NORMAL-USER';
