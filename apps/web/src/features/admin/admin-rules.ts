import { EMAIL_PATTERN, PAN_PATTERN } from '@taxrecon/contracts';

export const INVALID_PAN = 'Invalid PAN Number';
export const PAN_SAVED = 'PAN Number Saved/Updated';

// Spec part 1 section 5: 10 characters, the first five letters (the contract's
// pattern also fixes the digits and the check letter).
export const panProblem = (pan: string): string | null =>
  PAN_PATTERN.test(pan.trim().toUpperCase()) ? null : INVALID_PAN;

export interface UserFormValues {
  email: string;
  fname: string;
  lname: string;
  role: 'ADMIN' | 'NORMAL-USER';
  allowedEntities: string[];
}

export const userRules = {
  email: (v: string) => (EMAIL_PATTERN.test(v.trim()) ? null : 'Invalid Email Address'),
  fname: (v: string) => (v.trim() ? null : 'Invalid First Name'),
  lname: (v: string) => (v.trim() ? null : 'Invalid Last Name'),
  allowedEntities: (v: string[]) => (v.length > 0 ? null : 'Select one or more entities'),
};
