import { csvRows } from '@taxrecon/shared/csv';
import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import type { AppContext } from '../../platform/context.ts';

// validation-errors.zip: errors.csv (rows left out) and warnings.csv (rows kept
// with a value dropped), each line saying file, line, column, value and what was expected.
export const buildValidationReport = async (ctx: AppContext, jobId: string): Promise<Uint8Array> => {
  const issues = await ctx.db
    .selectFrom('validation_issues')
    .select(['severity', 'file_name', 'line', 'column_name', 'value', 'expected', 'code', 'message'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  const header = ['file', 'line', 'column', 'value', 'expected', 'code', 'message'];
  const csv = (severity: 'error' | 'warning') =>
    csvRows([
      header,
      ...issues
        .filter((i) => i.severity === severity)
        .map((i) => [i.file_name, i.line, i.column_name, i.value, i.expected, i.code, i.message]),
    ]);
  const zip = new ZipWriter(new Uint8ArrayWriter());
  await zip.add('errors.csv', new TextReader(csv('error')));
  await zip.add('warnings.csv', new TextReader(csv('warning')));
  return zip.close();
};
