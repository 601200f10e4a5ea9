import { type FileIssue, issue } from '../errors.ts';

// Bytes no text export holds and the database refuses or silently keeps: NUL
// (PostgreSQL text cannot hold it: one NUL failed a whole COPY), other C0
// control characters but tab and line breaks (a quoted CSV value may span
// lines), DEL, C1 controls (what a stray byte of a wrong
// encoding decodes to) and U+FFFD (what invalid UTF-8 decodes to).
const isBad = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0xfffd;

export const BAD_CHARACTER = 'BAD_CHARACTER';

// The same characters as one pattern, for a whole piece of a file looked at
// once (a native scan): a piece without any spares each of its cells the look
// (on a million-row register, a fifth of the mapping's time).
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters looked for
const ANY_BAD_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;
export const holdsNoBadCharacter = (text: string): boolean => !ANY_BAD_CHARACTER.test(text);

// Index of the first bad character in a line (after its line break is cut), or -1.
export const badCharacterAt = (line: string): number => {
  for (let i = 0; i < line.length; i++) if (isBad(line.charCodeAt(i))) return i;
  return -1;
};

const nameOf = (c: string): string => {
  const code = c.codePointAt(0) ?? 0;
  if (code === 0) return 'a NUL byte';
  if (code === 0xfffd) return 'bytes that are not valid text in the file’s encoding';
  return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
};

// The validation error of a line holding a bad character: the line is left
// out and the rest of the file loads.
export const badCharacterIssue = (file: string, line: number, text: string, at: number): FileIssue =>
  issue(
    file,
    line,
    BAD_CHARACTER,
    'printable text',
    `Line ${line}, column ${at + 1} holds ${nameOf(text.charAt(at))}; the line was left out. Save the file again from its source, as text.`,
    { column: String(at + 1), value: shown(text, at) },
  );

const shown = (text: string, at: number): string =>
  Array.from(text.slice(Math.max(0, at - 20), at + 20), (c) => (isBad(c.charCodeAt(0)) ? '?' : c)).join('');

// The same for a record of a table (a register, a master): the first value
// holding a bad character, named by its header when known, else by its position.
export const badCharacterInRecord = (
  file: string,
  line: number,
  values: readonly string[],
  headerOf: (index: number) => string = (index) => `field ${index + 1}`,
): FileIssue | null => {
  for (let index = 0; index < values.length; index++) {
    const value = values[index] ?? '';
    const at = badCharacterAt(value);
    if (at < 0) continue;
    const column = headerOf(index);
    return issue(
      file,
      line,
      BAD_CHARACTER,
      'printable text',
      `Line ${line}, ${column}, character ${at + 1} holds ${nameOf(value.charAt(at))}; the line was left out. Save the file again from its source, as text.`,
      { column, value: shown(value, at) },
    );
  }
  return null;
};
