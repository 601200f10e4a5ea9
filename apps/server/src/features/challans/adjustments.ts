import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CHALLAN_MESSAGES } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { cells, ENTRY_COLUMNS, entryCells } from '../payable/reports/report-kinds.ts';
import { workbookBytes } from '../payable/reports/workbook.ts';
import { entryBatches, groupWhere } from '../payable/results/entries.ts';
import { financialYearOfMonth, monthLabel } from '../payable/runs/months.ts';
import type { Line } from './verify.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The mail job of each line's last send, by line: a line's entries are sent
// one at a time (spec section 8 'Send job'). The mail job does not keep what
// it sends in the jobs table (it is internal), so the line is remembered
// here; a second web process does not see this one's sends.
const lastSend = new Map<string, string>();
// the workbook is still being made, before there is a mail job
const BUILDING = 'building';
const lineKey = (l: Line) =>
  [l.entityId, l.monthYear, l.section, l.subsection ?? '', l.deducteeType].join('|');
const stillSending = async (ctx: AppContext, jobId: string | undefined) => {
  if (jobId === undefined) return false;
  if (jobId === BUILDING) return true;
  const job = await ctx.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
  return job?.status === 'NotStarted' || job?.status === 'InProgress';
};

// Adjustments step 1 (spec section 4 "Adjustment job"): the line's entries go
// by e-mail as a workbook, to be adjusted against the challans and uploaded
// back. One send of a line at a time (spec section 8 'Send job').
export const emailLineEntries = async (ctx: AppContext, caller: Caller, line: Line, email: string) => {
  const { sql, params } = groupWhere({
    entityId: line.entityId,
    financialYear: financialYearOfMonth(line.monthYear),
    month: line.monthYear,
    section: line.section,
    deducteeType: line.deducteeType as 'company',
    subsection: line.subsection,
    status: undefined,
  });
  const sub = line.subsection ? `(${line.subsection})` : '';
  const title = `${monthLabel(line.monthYear)}, section ${line.section}${sub}, ${line.deducteeType}`;
  const subject = `TaxRecon: TDS payable entries for ${title}`;
  const key = lineKey(line);
  if (await stillSending(ctx, lastSend.get(key)))
    throw new HttpError(409, 'SEND_IN_PROGRESS', CHALLAN_MESSAGES.sendInProgress);
  // held while the workbook is made, so that a second click meanwhile waits too
  lastSend.set(key, BUILDING);
  try {
    const bytes = await workbookBytes(ctx.files, [
      {
        name: 'Entries',
        title: [`TDS payable entries to adjust with challans: ${title}`],
        columns: ENTRY_COLUMNS,
        rows: cells(entryBatches(ctx.database.pool, sql, params), entryCells),
      },
    ]);
    // (the line's names come from the request: only safe characters go into a file name)
    const fileName = `entries-${line.monthYear}-${line.section}${sub}-${line.deducteeType}.xlsx`.replace(
      /[^0-9A-Za-z()._-]/g,
      '_',
    );
    const file = `challans/${line.entityId}/${randomUUID()}/${fileName}`;
    await ctx.files.put(file, Readable.from([bytes]));
    const jobId = await ctx.sendMail({
      to: email,
      tenantId: caller.tenantId,
      subject,
      text: `The entries of ${title} are attached. Adjust them against the challans of the line and upload the file back on the explore screen.\n`,
      attachments: [{ fileName, key: file, contentType: XLSX }],
    });
    lastSend.set(key, jobId);
  } catch (error) {
    lastSend.delete(key);
    throw error;
  }
  return { message: CHALLAN_MESSAGES.entriesEmailed };
};
