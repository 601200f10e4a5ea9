import { HttpError } from '../../platform/http/errors.ts';

// Rethrows a unique-constraint violation on `constraint` as a 409 a person can act on.
export const conflictOn =
  (constraint: string, message: string) =>
  (error: unknown): never => {
    const pgError = error as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint)
      throw new HttpError(409, 'DUPLICATE_CODE', message);
    throw error;
  };

export type Cell = string | number | boolean | null | undefined;

// Master files are tab-separated text with a header line of field names and
// Windows line ends (as the formats package writes them for Excel users).
// A value never carries a tab or line break into the file: they become spaces.
export const writeTsv = (header: readonly string[], rows: Iterable<readonly Cell[]>): string => {
  const cell = (v: Cell): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'True' : 'False';
    return String(v).replace(/[\t\r\n]+/g, ' ');
  };
  const lines = [header.map(cell).join('\t')];
  for (const row of rows) lines.push(row.map(cell).join('\t'));
  return `${lines.join('\r\n')}\r\n`;
};
