import { z } from 'zod';
import { defineRoute, FULL_USER, SIGNED_IN } from '../route.ts';

// Spec part 3: the 26AS converter (every signed-in user, UTILITY-USER
// included) and the 26AS diff (full users; see docs/decisions.md).

export const CONVERTER_FORMATS = ['csv', 'excel'] as const;
export const ConverterFormat = z.enum(CONVERTER_FORMATS);
export type ConverterFormat = z.infer<typeof ConverterFormat>;

// Spec part 3 section 5: .txt only, at most 200,000,000 bytes a file.
export const UTILITY_MAX_BYTES = 200_000_000;
export const CONVERTER_MAX_FILES = 10;
export const DIFF_FILES = 2;
// The output zip's password: AES-256 is only as strong as it.
export const MIN_ZIP_PASSWORD_LENGTH = 8;
export const MAX_ZIP_PASSWORD_LENGTH = 128;

export const CONVERTER_SUBMITTED = 'Request Submitted';
export const DIFF_SUBMITTED = 'Your request will be processed shortly and the diffs would be emailed to you.';
export const EMAIL_MISSING = 'Email is missing';
// The spec's prefix of the converter and diff screens' file errors.
export const UTILITY_ERROR_PREFIX = 'Error In File!';

// Multipart form fields beside the files (checked by the handler, which reads
// the stream): format, email and, for the converter, the zip's password.
export const ConverterFields = z.object({
  format: ConverterFormat,
  email: z.string().optional(),
  password: z.string().optional(),
});
export const DiffFields = z.object({
  format: z.string().optional(),
  email: z.string().optional(),
});

export const UtilityAnswer = z.object({
  message: z.string(),
  jobId: z.string(),
});
export type UtilityAnswer = z.infer<typeof UtilityAnswer>;

export const utilityRoutes = {
  convert26as: defineRoute({
    method: 'PUT',
    path: '/apps/26as-converter',
    access: SIGNED_IN,
    summary: 'Convert 26AS text files to csv or Excel, e-mailed in an AES-256 zip under the given password',
    consumes: 'multipart',
    body: ConverterFields,
    response: UtilityAnswer,
  }),
  diff26as: defineRoute({
    method: 'PUT',
    path: '/apps/26as-diff',
    access: FULL_USER,
    summary: 'Compare two 26AS text files of one PAN; the differences are e-mailed as an Excel workbook',
    consumes: 'multipart',
    body: DiffFields,
    response: UtilityAnswer,
  }),
} as const;
