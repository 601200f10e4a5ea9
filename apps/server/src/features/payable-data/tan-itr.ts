import type { ReferenceUploadAnswer } from '@taxrecon/contracts';
import { type FileIssue, readTanItrReport, type TanItrRecordRow } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { ANSWERED_PROBLEMS, problemDetails, problemOf } from './folder.ts';
import { normaliseFinancialYear } from './folder-paths.ts';
import { PAYABLE_UPLOADS, withReceivedFile } from './receive.ts';
import { storeReference } from './reference-store.ts';

// The TAN-ITR report (the portal's compliance check for sections 206AB and
// 206CCA): per PAN, whether it is a "specified person" (no return filed, TDS
// of 50,000 or more). Loading it records the report and sets
// vendors.compliance_206ab of the entity's vendors with those PANs, in one
// transaction. A PAN listed for several years takes its latest line.

interface ReportLine {
  pan: string;
  name: string | null;
  specified: boolean;
  asOf: string | null;
  financialYear: string | null;
  line: number;
}

const lineOf = (file: string, r: TanItrRecordRow): ReportLine | FileIssue => {
  if (typeof r.specifiedPerson !== 'boolean')
    return {
      file,
      line: r.line,
      column: 'specifiedPerson',
      value: String(r.specifiedPerson ?? ''),
      expected: 'Yes or No',
      code: 'MISSING_VALUE',
      message: 'Whether the PAN is a specified person is not given; the row is left out.',
    };
  const fyText = r.financialYear === null ? null : String(r.financialYear).trim();
  const fy = fyText ? normaliseFinancialYear(fyText.replace(/^(\d{4})-\d{2}(\d{2})$/, '$1-$2')) : null;
  if (fyText && !fy)
    return {
      file,
      line: r.line,
      column: 'financialYear',
      value: fyText,
      expected: 'a financial year such as 2024-25',
      code: 'INVALID_FINANCIAL_YEAR',
      message: 'The financial year cannot be read; the row is left out.',
    };
  return {
    pan: String(r.panNumber).toUpperCase(),
    name: r.name === null ? null : String(r.name),
    specified: r.specifiedPerson,
    asOf: r.asOfDate === null ? null : String(r.asOfDate),
    financialYear: fy,
    line: r.line,
  };
};

export const uploadTanItr = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<ReferenceUploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = PAYABLE_UPLOADS.tanItr;
  return withReceivedFile(ctx, request, upload, async ({ file, bytes }) => {
    const read = await readTanItrReport(bytes, file.fileName);
    const problems = [...read.errors];
    const byKey = new Map<string, ReportLine>();
    for (const r of read.rows) {
      const line = lineOf(file.fileName, r);
      if ('code' in line) problems.push(line);
      else byKey.set(`${line.pan}|${line.financialYear ?? ''}`, line);
    }
    if (byKey.size === 0) {
      throw new HttpError(
        400,
        'TAN_ITR_UNUSABLE',
        `${upload.prefix} - ${file.fileName} has no line that can be loaded: ${problems[0]?.message ?? 'no rows'}`,
        problemDetails(problems),
      );
    }
    // the latest word on each PAN: the line with the latest as-of date (then year, then line)
    const latest = new Map<string, ReportLine>();
    const order = (l: ReportLine) =>
      `${l.asOf ?? ''}|${l.financialYear ?? ''}|${String(l.line).padStart(9, '0')}`;
    for (const l of byKey.values()) {
      const known = latest.get(l.pan);
      if (!known || order(l) > order(known)) latest.set(l.pan, l);
    }
    let marked = 0;
    let cleared = 0;
    await storeReference(ctx, caller, entityId, file, 'tan-itr', async (trx, fileId) => {
      const rows = [...byKey.values()].map((l) => ({
        entity_id: entityId,
        file_id: fileId,
        pan_number: l.pan,
        name: l.name,
        specified_person: l.specified,
        as_of: l.asOf,
        financial_year: l.financialYear,
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('tan_itr_reports')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) =>
            oc.columns(['entity_id', 'pan_number', 'financial_year']).doUpdateSet((eb) => ({
              file_id: eb.ref('excluded.file_id'),
              name: eb.ref('excluded.name'),
              specified_person: eb.ref('excluded.specified_person'),
              as_of: eb.ref('excluded.as_of'),
              created_at: new Date(),
            })),
          )
          .execute();
      }
      for (const specified of [true, false]) {
        const pans = [...latest.values()].filter((l) => l.specified === specified).map((l) => l.pan);
        if (pans.length === 0) continue;
        const result = await trx
          .updateTable('vendors')
          .set({ compliance_206ab: specified })
          .where('entity_id', '=', entityId)
          .where('pan_number', 'in', pans)
          .executeTakeFirst();
        if (specified) marked = Number(result.numUpdatedRows);
        else cleared = Number(result.numUpdatedRows);
      }
    });
    return {
      message: `${byKey.size} PAN line(s) loaded from ${file.fileName}; ${marked} vendor(s) marked as specified persons (206AB), ${cleared} vendor(s) marked not specified${problems.length ? `; ${problems.length} problem(s) in the file` : ''}.`,
      jobId: null,
      validationErrorsCount: problems.length,
      error: null,
      loaded: byKey.size,
      problems: problems.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      warnings: read.warnings.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      vendorsMarked: marked,
    };
  });
};
