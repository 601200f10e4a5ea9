import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CHALLAN_MESSAGES } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { cells, ENTRY_COLUMNS, entryCells } from '../payable/reports/report-kinds.ts';
import { workbookBytes } from '../payable/reports/workbook.ts';
import { entryBatches, groupWhere } from '../payable/results/entries.ts';
import { financialYearOfMonth, monthLabel } from '../payable/runs/months.ts';
import type { Line } from './verify.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Adjustments step 1 (spec section 4 "Adjustment job"): the line's entries go
// by e-mail as a workbook, to be adjusted against the challans and uploaded back.
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
  const bytes = await workbookBytes(ctx.files, [
    {
      name: 'Entries',
      title: [`TDS payable entries to adjust with challans: ${title}`],
      columns: ENTRY_COLUMNS,
      rows: cells(entryBatches(ctx.database.pool, sql, params), entryCells),
    },
  ]);
  const fileName = `entries-${line.monthYear}-${line.section}${sub}-${line.deducteeType}.xlsx`;
  const key = `challans/${line.entityId}/${randomUUID()}/${fileName}`;
  await ctx.files.put(key, Readable.from([bytes]));
  await ctx.sendMail({
    to: email,
    tenantId: caller.tenantId,
    subject: `TaxRecon: TDS payable entries for ${title}`,
    text: `The entries of ${title} are attached. Adjust them against the challans of the line and upload the file back on the explore screen.\n`,
    attachments: [{ fileName, key, contentType: XLSX }],
  });
  return { message: CHALLAN_MESSAGES.entriesEmailed };
};
