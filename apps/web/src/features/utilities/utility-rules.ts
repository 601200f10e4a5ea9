import {
  CONVERTER_MAX_FILES,
  DIFF_FILES,
  EMAIL_MISSING,
  EMAIL_PATTERN,
  MIN_ZIP_PASSWORD_LENGTH,
  UTILITY_ERROR_PREFIX,
  UTILITY_MAX_BYTES,
} from '@taxrecon/contracts';
import { ApiError } from '../../api/client.ts';
import { checkFiles, type FileRules } from '../uploads/upload-rules.ts';

// Spec part 3 section 5, checked before anything leaves the browser (the server
// checks the same again): .txt only, at most 200,000,000 bytes a file, e-mail
// required, exactly two files for the diff.

export const CONVERTER_RULES: FileRules = {
  extensions: ['txt'],
  maxBytes: UTILITY_MAX_BYTES,
  maxFiles: CONVERTER_MAX_FILES,
};
export const DIFF_RULES: FileRules = {
  extensions: ['txt'],
  maxBytes: UTILITY_MAX_BYTES,
  maxFiles: DIFF_FILES,
};

const prefixed = (problem: string | null) => (problem ? `${UTILITY_ERROR_PREFIX} ${problem}` : null);

export const emailProblem = (email: string): string | null => {
  if (email.trim() === '') return EMAIL_MISSING;
  return EMAIL_PATTERN.test(email.trim()) ? null : 'Invalid Email Address';
};

export const zipPasswordProblem = (password: string, confirmation: string): string | null => {
  if (password === '') return 'Choose a password for the zip.';
  if (password.length < MIN_ZIP_PASSWORD_LENGTH)
    return `The zip password must be at least ${MIN_ZIP_PASSWORD_LENGTH} characters long.`;
  if (password !== confirmation) return 'The two passwords do not match.';
  return null;
};

export const converterProblem = (
  files: readonly Pick<File, 'name' | 'size'>[],
  email: string,
  password: string,
  confirmation: string,
): string | null =>
  prefixed(checkFiles(files, CONVERTER_RULES)) ??
  emailProblem(email) ??
  zipPasswordProblem(password, confirmation);

export const diffProblem = (files: readonly Pick<File, 'name' | 'size'>[], email: string): string | null =>
  emailProblem(email) ??
  prefixed(
    files.length === DIFF_FILES
      ? checkFiles(files, DIFF_RULES)
      : `Select exactly ${DIFF_FILES} .txt files to compare: ${files.length} selected.`,
  );

// The server's refusals of a file carry the screen's prefix, as the client's own do.
const FILE_CODES = new Set([
  'INVALID_FILE_NAME',
  'INVALID_FILE_TYPE',
  'FILE_TOO_LARGE',
  'NO_FILE',
  'NOT_FORM_26AS',
  'TOO_MANY_FILES',
  'TWO_FILES_NEEDED',
  'PAN_MISMATCH',
]);

// The converter's own words for a file that is not text (spec part 2 section 8 'Convert 26AS').
export const CONVERTER_NOT_TEXT = 'Data Upload Failed - only .txt file format is supported';

export const refusalText = (error: unknown, screen: 'converter' | 'diff' = 'diff'): string => {
  if (screen === 'converter' && error instanceof ApiError && error.code === 'INVALID_FILE_TYPE')
    return CONVERTER_NOT_TEXT;
  if (error instanceof ApiError && error.status > 0) {
    return FILE_CODES.has(error.code) ? `${UTILITY_ERROR_PREFIX} ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : 'The request could not be sent.';
};
