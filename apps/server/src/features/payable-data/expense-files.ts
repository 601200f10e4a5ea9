import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { PayableFile, PayableUploadAnswer } from '@taxrecon/contracts';
import { parseDate } from '@taxrecon/formats';
import { formatInr, paiseOfNumeric } from '@taxrecon/shared';
import { csvRows } from '@taxrecon/shared/csv';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { openRecords } from '../ingest/open-records.ts';
import { mapLedgerHeaders } from '../payable/ledger-read.ts';
import {
  ANSWERED_PROBLEMS,
  type FolderKey,
  fileById,
  fileIntoFolder,
  findFile,
  problemDetails,
  problemOf,
  refuseDuplicate,
} from './folder.ts';
import { monthInFinancialYear, monthlyFileName, plainNegativeAmount } from './folder-paths.ts';
import { checkLedger, type LedgerCheck } from './ledger-check.ts';
import { PAYABLE_UPLOADS, withReceivedFile } from './receive.ts';

const PREFIX = PAYABLE_UPLOADS.expenseMonth.prefix;

const totalsText = (check: LedgerCheck): string =>
  `${check.rowsGood} of ${check.rowsRead} lines read, base ${formatInr(paiseOfNumeric(check.baseTotal))}, TDS ${formatInr(paiseOfNumeric(check.tdsTotal))}`;

// Upload of a monthly expense ledger (month given) or of an output file (a
// year's ledger): checked with the 34A reader, kept as sent, filed with its
// control totals and bad lines. Nothing usable answers 400 with the lines.
export const uploadExpense = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  financialYear: string,
  month: string | null,
): Promise<PayableUploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = month ? PAYABLE_UPLOADS.expenseMonth : PAYABLE_UPLOADS.expenseOutput;
  return withReceivedFile(ctx, request, upload, async ({ file, bytes, force }) => {
    const check = await checkLedger(file.fileName, bytes, month ? { month } : { financialYear });
    if (check.unusable) {
      throw new HttpError(
        400,
        'LEDGER_UNUSABLE',
        `${PREFIX} - ${file.fileName} cannot be used: ${check.unusable}.`,
        problemDetails(check.problems),
      );
    }
    const key: FolderKey = {
      kind: month ? 'expense' : 'expense-output',
      financialYear,
      month,
      fileName: file.fileName,
    };
    if (!force) await refuseDuplicate(ctx, entityId, key, file);
    const storageKey = await ctx.files.adopt(file.tempPath, file.sha256);
    const id = await ctx.db.transaction().execute((trx) =>
      fileIntoFolder(trx, caller, entityId, {
        key,
        storageKey,
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        rowsRead: check.rowsRead,
        baseTotal: check.baseTotal,
        tdsTotal: check.tdsTotal,
        problems: [...check.problems, ...check.warnings],
      }),
    );
    const filed = await fileById(ctx, entityId, id);
    const bad = check.rowsRead - check.rowsGood;
    return {
      message: [
        `${file.fileName} uploaded (${totalsText(check)})`,
        bad > 0 ? `${bad} line(s) could not be read` : '',
        check.warnings.length > 0
          ? `warning: ${check.warnings.length} entr${check.warnings.length === 1 ? 'y is' : 'ies are'} dated outside ${month ?? `FY ${financialYear}`}`
          : '',
      ]
        .filter(Boolean)
        .join('; '),
      jobId: null,
      validationErrorsCount: check.problems.length,
      error: null,
      file: filed,
      problems: check.problems.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      warnings: check.warnings.slice(0, ANSWERED_PROBLEMS).map(problemOf),
    };
  });
};

// "Split into monthly files": the output file's lines go, by the month of
// their document date, into one csv per month (header row first), each filed
// as the monthly expense file of that month. Lines without a readable date
// or dated outside the year are left out and counted in the message.
export const splitOutputFile = async (
  ctx: AppContext,
  caller: Caller,
  financialYear: string,
  fileName: string,
): Promise<{ message: string; error: null; files: PayableFile[] }> => {
  const entityId = entityOf(caller);
  const output = await findFile(ctx.db, entityId, {
    kind: 'expense-output',
    financialYear,
    month: null,
    fileName,
  });
  const bytes = await ctx.files.read(output.storage_key);
  const source = await openRecords({ fileId: output.id, fileName, bytes }, undefined);
  const dateColumn = mapLedgerHeaders(source.headers).documentDate;
  const fail = (why: string) => badRequest(`Failed to split file: ${fileName} ${why}.`, 'SPLIT_FAILED');
  if (dateColumn === undefined) throw fail('has no document date column');
  const byMonth = new Map<string, string[][]>();
  let leftOut = 0;
  for await (const record of source.rows) {
    if (record.values.every((v) => v.trim() === '')) continue;
    const date = parseDate((record.values[dateColumn] ?? '').trim());
    const month = date.ok ? date.value.slice(0, 7) : null;
    if (!month || !monthInFinancialYear(month, financialYear)) {
      leftOut += 1;
      continue;
    }
    const lines = byMonth.get(month) ?? [];
    lines.push(record.values.map(plainNegativeAmount));
    byMonth.set(month, lines);
  }
  if (byMonth.size === 0) throw fail(`has no line dated in FY ${financialYear}`);

  const monthly: { month: string; name: string; text: Buffer; check: LedgerCheck; sha256: string }[] = [];
  for (const [month, lines] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
    const name = monthlyFileName(fileName, month);
    const text = Buffer.from(csvRows([source.headers, ...lines], { recordDelimiter: '\r\n' }), 'utf8');
    const check = await checkLedger(name, text, { month });
    monthly.push({ month, name, text, check, sha256: createHash('sha256').update(text).digest('hex') });
  }
  // The originals are content-addressed, so storing them first is harmless
  // if the filing below rolls back: no row names them then.
  const stored: string[] = [];
  for (const m of monthly) {
    const temp = ctx.files.tempPath();
    await fs.promises.writeFile(temp, m.text);
    stored.push(await ctx.files.adopt(temp, m.sha256));
  }
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const filed: string[] = [];
    for (const [i, m] of monthly.entries()) {
      filed.push(
        await fileIntoFolder(trx, caller, entityId, {
          key: { kind: 'expense', financialYear, month: m.month, fileName: m.name },
          storageKey: stored[i] ?? '',
          sha256: m.sha256,
          sizeBytes: m.text.length,
          rowsRead: m.check.rowsRead,
          baseTotal: m.check.baseTotal,
          tdsTotal: m.check.tdsTotal,
          problems: m.check.problems,
        }),
      );
    }
    return filed;
  });
  const files = await Promise.all(ids.map((id) => fileById(ctx, entityId, id)));
  return {
    message: `${fileName} split into ${files.length} monthly file(s): ${files.map((f) => f.fileName).join(', ')}${leftOut ? `; ${leftOut} line(s) without a document date in FY ${financialYear} left out` : ''}.`,
    error: null,
    files,
  };
};
