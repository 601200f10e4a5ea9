import { UPLOAD_CONFIRM_CODES } from '@taxrecon/contracts';

// Client-side checks run before a file leaves the browser (spec part 1 section 5,
// part 2 section 5). The server checks the same again.

export const INVALID_FILE_NAME =
  'Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.';

export const GENERIC_MAX_BYTES = 200_000_000;
export const SMALL_TXT_MAX_BYTES = 20_000_000;
// Spec part 1 section 9: the app moves to the jobs page 5 s after an upload.
export const REDIRECT_AFTER_MS = 5_000;

export interface FileRules {
  // lower-case extensions without the dot
  extensions: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

// Letters, digits, hyphen, underscore, space, dot and parentheses; at most one dot.
const FILE_NAME = /^[A-Za-z0-9_\- ().]+$/;

export const isValidFileName = (name: string): boolean =>
  FILE_NAME.test(name) && (name.match(/\./g) ?? []).length <= 1 && name.trim() !== '' && name !== '.';

const extensionOf = (name: string): string =>
  name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';

const megabytes = (bytes: number): string =>
  `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(bytes / 1_000_000)} MB`;

// The first problem with the chosen files, as the message the screen shows after its
// prefix, or null when they may be sent.
export const checkFiles = (
  files: readonly Pick<File, 'name' | 'size'>[],
  rules: FileRules,
): string | null => {
  if (files.length === 0) return 'Choose a file to upload.';
  if (files.length > rules.maxFiles) return `Upload at most ${rules.maxFiles} file(s) at a time.`;
  for (const file of files) {
    if (!isValidFileName(file.name)) return INVALID_FILE_NAME;
    if (!rules.extensions.includes(extensionOf(file.name))) {
      return `${file.name}: only ${acceptOf(rules).replaceAll(',', ', ')} files are accepted here.`;
    }
    if (file.size > rules.maxBytes)
      return `${file.name} is larger than the ${megabytes(rules.maxBytes)} limit.`;
    if (file.size === 0) return `${file.name} is empty.`;
  }
  return null;
};

// The `accept` attribute of the file picker: '.txt,.zip'
// What an empty file picker says, on every upload screen alike.
export const filePlaceholder = (maxFiles = 1): string =>
  maxFiles > 1 ? 'Choose one or more files' : 'Choose a file';

export const acceptOf = (rules: Pick<FileRules, 'extensions'>): string =>
  rules.extensions.map((e) => `.${e}`).join(',');

// A refusal that is a question: the same bytes, or a 26AS statement whose rows
// are already loaded. The panel offers "Load again", which sends force=true.
export const asksToLoadAgain = (code: string | undefined): boolean =>
  code !== undefined && UPLOAD_CONFIRM_CODES.includes(code);
