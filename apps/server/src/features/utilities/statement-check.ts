import fs from 'node:fs';
import readline from 'node:readline';
import { type FileIssue, type Form26asHeader, parse26asText } from '@taxrecon/formats';
import { badRequest } from '../../platform/http/errors.ts';

// The converter and the diff answer at once when a file is not a 26AS text
// statement, rather than starting a job that fails later. Only the lines up to
// the first part heading are read: the statement header (PAN, year) is there.

const PART_HEADING = /^\^?PART[\s-]*[A-Z0-9]/i;
const MAX_HEADER_LINES = 200;

const headLines = async (tempPath: string): Promise<string> => {
  const input = fs.createReadStream(tempPath, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const kept: string[] = [];
  try {
    for await (const line of lines) {
      kept.push(line);
      if (PART_HEADING.test(line) || kept.length >= MAX_HEADER_LINES) break;
    }
  } finally {
    lines.close();
    input.destroy();
  }
  return kept.join('\n');
};

export const NOT_FORM_26AS = 'NOT_FORM_26AS';

// A problem of a statement as users read it: file, line, what was expected.
export const issueText = (fileName: string, p: FileIssue): string =>
  `${fileName}, line ${p.line}: ${p.message} Expected ${p.expected}, found "${p.value ?? ''}".`;

// The header of a Form 26AS text file, or a 400 naming the file and what was expected.
export const requireStatementHeader = async (tempPath: string, fileName: string): Promise<Form26asHeader> => {
  const result = parse26asText(await headLines(tempPath), fileName);
  const header = result.header;
  if (!header) {
    throw badRequest(
      `${fileName} is not a Form 26AS text statement: expected the TRACES text download, which starts with the "Annual Tax Statement" header naming the PAN, followed by its parts (PART-I, PART-II ...).`,
      NOT_FORM_26AS,
    );
  }
  // The parser files a header's PAN problem as a warning (a statement load
  // reads on); here a statement without its PAN is not one to convert or compare.
  const panProblem = [...result.errors, ...result.warnings].find(
    (e) => e.line === header.line && e.column?.includes('PAN'),
  );
  if (panProblem) {
    throw badRequest(issueText(fileName, panProblem), NOT_FORM_26AS);
  }
  return header;
};
