// One shape for every problem found in a file the user brought, so the upload
// screens and the data-quality report can show them the same way. Parsers return
// these as values and never throw on bad data.
export interface FileIssue {
  file: string;
  // 1-based line (or spreadsheet row) where the problem is.
  line: number;
  // Header name of the column, when the problem is in one cell.
  column?: string;
  value?: string;
  expected: string;
  code: string;
  message: string;
}

export const issue = (
  file: string,
  line: number,
  code: string,
  expected: string,
  message: string,
  extra: { column?: string; value?: string } = {},
): FileIssue => {
  const result: FileIssue = { file, line: Math.max(1, line), code, expected, message };
  if (extra.column !== undefined) result.column = extra.column;
  if (extra.value !== undefined) result.value = extra.value;
  return result;
};

// "file.txt:12: message" for logs and the command line.
export const formatIssue = (i: FileIssue): string =>
  `${i.file}:${i.line}: ${i.code}: ${i.message}` +
  (i.column !== undefined ? ` [column ${i.column}]` : '') +
  (i.value !== undefined ? ` [value ${JSON.stringify(i.value)}]` : '');
