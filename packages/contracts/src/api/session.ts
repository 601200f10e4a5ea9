import { z } from 'zod';
import { Email, LoginId, Password } from '../common.ts';
import { Permission, Role } from '../permissions.ts';

export const LoginRequest = z.object({ userId: LoginId, password: z.string().min(1).max(200) });
export const LoginResponse = z.object({
  userId: z.string(),
  token: z.string(),
  role: Role,
  permissions: z.array(Permission),
  changePassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const UpdateLastLoginRequest = z.object({ userId: LoginId, lastloggedindatetime: z.string() });

export const ChangePasswordRequest = z.object({
  userId: LoginId,
  password: Password,
  oldPassword: z.string().min(4, 'Old password is mandatory').max(200),
});

export const Me = z.object({
  userId: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  role: Role,
  permissions: z.array(Permission),
  tenantName: z.string(),
  currentEntity: z
    .object({ id: z.string(), subGroupId: z.string(), subGroupDescription: z.string() })
    .nullable(),
  changePassword: z.boolean(),
});
export type Me = z.infer<typeof Me>;

export const VersionResponse = z.object({ version: z.string() });
export const AllTotalsResponse = z.object({ totals: z.number(), customers: z.number().int() });
export const LicenseResponse = z.object({
  user: z.string(),
  entityName: z.string(),
  licenseType: z.string(),
  validUntil: z.string(),
});
export type LicenseResponse = z.infer<typeof LicenseResponse>;

// --- registration and password reset ---

export const CaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

// The spec's registration request; password travels once, over this call, and
// is stored hashed with the pending registration (never in the e-mailed link).
export const RegistrationRequest = z.object({
  id: LoginId,
  tenantid: z.string().optional(),
  groupid: z.string().optional(),
  subgroupid: z.string().optional(),
  role: z.literal('UTILITY-USER').optional(),
  password: Password,
  fname: z.string().trim().min(1, 'Your Name is required').max(100),
  lname: z.string().max(100).optional(),
  email: Email,
  usergroup: z.string().optional(),
  companyName: z.string().trim().min(1, 'Company Name is required').max(200),
  phoneNumber: z.string().regex(/^[1-9][0-9]{9}$/, 'Mobile number must be 10 digits'),
  captcha: z.string().min(1, 'Please solve the captcha'),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

// Completing a registration needs the link's secret; the account details were
// kept server-side when the link was made.
export const RegisterRequest = z.object({ userId: LoginId, hash: z.string().min(10).max(200) });

export const ForgetChangePasswordRequest = z.object({
  userId: LoginId,
  password: Password,
  hash: z.string().min(10).max(200),
});
