import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '@taxrecon/contracts';

export interface RegisterValues {
  companyName: string;
  fname: string;
  phoneNumber: string;
  userName: string;
  password: string;
}

export const REGISTER_FIELDS: readonly (keyof RegisterValues)[] = [
  'companyName',
  'fname',
  'phoneNumber',
  'userName',
  'password',
];

export const MOBILE_PATTERN = /^[1-9][0-9]{9}$/;

// Spec part 1 section 5: every field required, a 10-digit mobile starting 1-9.
export const registerRules = {
  companyName: (v: string) => (v.trim() ? null : 'Company Name is required'),
  fname: (v: string) => (v.trim() ? null : 'Your Name is required'),
  phoneNumber: (v: string) =>
    !v.trim()
      ? 'Mobile Number is required'
      : MOBILE_PATTERN.test(v.trim())
        ? null
        : 'Mobile number must be 10 digits',
  userName: (v: string) =>
    !v.trim()
      ? 'Email Address/Username is required'
      : EMAIL_PATTERN.test(v.trim())
        ? null
        : 'Invalid Email Address',
  password: (v: string) =>
    !v
      ? 'Password is required'
      : v.length < MIN_PASSWORD_LENGTH
        ? 'Password should be atleast 8 characters'
        : null,
};

export const registrationBody = (values: RegisterValues, captcha: string) => {
  const userName = values.userName.trim().toLowerCase();
  return {
    id: userName,
    tenantid: 'public',
    groupid: '',
    subgroupid: '',
    role: 'UTILITY-USER' as const,
    password: values.password,
    fname: values.fname.trim(),
    lname: '',
    email: userName,
    usergroup: '',
    companyName: values.companyName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    captcha,
  };
};
