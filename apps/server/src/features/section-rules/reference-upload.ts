import fs from 'node:fs';
import type { FileIssue } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, currentEntity } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';

// The two reference uploads (section expense types, expense section mappings):
// one small file (spec part 3 section 9: 20,000,000 bytes), applied at once in
// one transaction. A file with any bad line changes nothing; the answer lists
// the lines.
export const REFERENCE_UPLOAD = { extensions: ['txt', 'csv', 'xlsx'], maxBytes: 20_000_000, maxFiles: 1 };

export interface ReferenceFile {
  entityId: string;
  fileName: string;
  bytes: Uint8Array;
}

export const receiveReferenceFile = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<ReferenceFile> => {
  const entityId = await currentEntity(ctx, caller);
  const upload = await receiveUpload(request, ctx.files, REFERENCE_UPLOAD);
  try {
    const file = upload.files[0]!;
    return { entityId, fileName: file.fileName, bytes: await fs.promises.readFile(file.tempPath) };
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};

// (the message's closing full stop goes, or the line would read ".; expected")
export const problemText = (i: FileIssue): string =>
  `Line ${i.line}${i.column ? `, column ${i.column}` : ''}: ${i.message.replace(/\.$/, '')}${
    i.value !== undefined && !i.message.includes(i.value) ? ` (found "${i.value}")` : ''
  }; expected ${i.expected}`;

const SHOWN = 10;

// 400 with every bad line in `details` and the first few in the message, which
// the upload panel shows as it is.
export const refuseFile = (fileName: string, problems: readonly FileIssue[]): never => {
  const lines = new Set(problems.map((p) => p.line)).size;
  const shown = problems.slice(0, SHOWN).map(problemText);
  throw new HttpError(
    400,
    'INVALID_ROWS',
    `${fileName}: ${lines} line(s) cannot be used, so nothing was loaded. ${shown.join(' | ')}${
      problems.length > SHOWN ? ` | and ${problems.length - SHOWN} more` : ''
    }`,
    problems.map((p) => ({
      path: `line ${p.line}${p.column ? `, ${p.column}` : ''}`,
      message: problemText(p),
    })),
  );
};

export const fileIssue = (
  file: string,
  line: number,
  column: string,
  code: string,
  expected: string,
  message: string,
  value?: string,
): FileIssue => ({
  file,
  line,
  column,
  code,
  expected,
  message,
  ...(value !== undefined ? { value } : {}),
});
