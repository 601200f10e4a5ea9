import { type challanAllocationRoutes, type challanRoutes, depositName } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { returnDeductor, saveReturnDeductor } from '../form26q/deductor.ts';
import { prepare26q } from '../form26q/fvu.ts';
import { cells, ENTRY_COLUMNS, entryCells } from '../payable/reports/report-kinds.ts';
import { rupeesCell, type SheetColumn, workbookBytes } from '../payable/reports/workbook.ts';
import { entryBatches, groupWhere } from '../payable/results/entries.ts';
import { financialYearOfMonth, monthLabel } from '../payable/runs/months.ts';

import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { emailLineEntries } from './adjustments.ts';
import { autoAllocate, moveAllocation, quarterAllocation } from './allocation.ts';
import { sameSerialSql } from './identity.ts';
import { quarterSummary } from './quarterly.ts';
import {
  CHALLAN_COLUMNS,
  type ChallanRow,
  challanImage,
  createChallan,
  deleteChallan,
  listChallans,
  lockChallan,
  updateChallan,
  uploadChallanImage,
} from './store.ts';
import { verifyMonth } from './verify.ts';

type R = typeof challanRoutes;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SUMMARY_COLUMNS: SheetColumn[] = [
  { header: 'Month', key: 'monthYear', width: 10 },
  { header: 'Section', key: 'section', width: 9 },
  { header: 'Sub-section', key: 'subsection', width: 10 },
  { header: 'Deductee type', key: 'deducteeType', width: 12 },
  { header: 'Tax deducted', key: 'taxDeducted', width: 16, money: true },
  { header: 'Interest paid', key: 'interestPaid', width: 14, money: true },
  { header: 'Fee', key: 'fee', width: 12, money: true },
  { header: 'Surcharge', key: 'surcharge', width: 12, money: true },
  { header: 'Education cess', key: 'educationCess', width: 12, money: true },
  { header: 'Penalty', key: 'penalty', width: 12, money: true },
  { header: 'Others', key: 'others', width: 12, money: true },
  { header: 'Total TDS deposited', key: 'totalTDSDeposited', width: 18, money: true },
  { header: 'Mode of deposit', key: 'modeOfDesposited', width: 12 },
  { header: 'BSR code', key: 'bsrCode', width: 10 },
  { header: 'Challan date', key: 'challanDate', width: 12 },
  { header: 'Challan serial', key: 'challanSerialNumber', width: 10 },
  { header: 'Minor head', key: 'minorHeadOfChallan', width: 8 },
  { header: '201(1A) interest due', key: 'interestDue', width: 16, money: true },
];
const MONEY_KEYS = SUMMARY_COLUMNS.filter((c) => c.money).map((c) => c.key);

const lineOf = (
  caller: Caller,
  params: { monthYear: string; section: string; deducteeType: string },
  subsection: string | undefined,
) => ({
  entityId: entityOf(caller),
  monthYear: params.monthYear,
  section: params.section,
  deducteeType: params.deducteeType,
  subsection: subsection ?? '',
});

export const challanHandlers = (ctx: AppContext): Handlers<R> => ({
  emailLineEntries: async ({ caller, params, query }) =>
    emailLineEntries(ctx, caller, lineOf(caller, params, query.subsection), query.email),
  listChallans: async ({ caller, params, query }) =>
    listChallans(ctx, lineOf(caller, params, query.subsection)),
  createChallan: async ({ caller, body }) => createChallan(ctx, caller, body),
  updateChallan: async ({ caller, body }) => updateChallan(ctx, caller, body),
  deleteChallan: async ({ caller, params }) => deleteChallan(ctx, caller, params.id),
  lockChallan: async ({ caller, params, body }) => lockChallan(ctx, caller, params.id, body.locked),
  uploadChallanImage: async ({ caller, params, body }) =>
    uploadChallanImage(ctx, caller, params.id, body.imageUrl),
  challanImage: async ({ caller, params }) => challanImage(ctx, caller, params.id),
  verifyMonth: async ({ caller, params }) =>
    verifyMonth(ctx.database.pool, entityOf(caller), params.monthYear, caller.login),
  quarterChallanSummary: async ({ caller, params, query }) =>
    quarterSummary(ctx, entityOf(caller), params.fy, params.quarter, query.filedOn),
  quarterChallanSummaryXlsx: async ({ caller, params, reply }) => {
    const s = await quarterSummary(ctx, entityOf(caller), params.fy, params.quarter, undefined);
    const rows = s.rows.map((r) => {
      const row: Record<string, string | number> = { ...r };
      for (const k of MONEY_KEYS) row[k] = rupeesCell(String(row[k]));
      return row;
    });
    const bytes = await workbookBytes(ctx.files, [
      {
        name: 'Challans',
        title: [`Quarterly challan summary ${s.financialYear} ${s.quarter}`],
        columns: SUMMARY_COLUMNS,
        rows: [rows],
      },
    ]);
    return sendFile(reply, bytes, `challan-summary-${s.financialYear}-${s.quarter}.xlsx`, XLSX);
  },
  // The deductee rows a challan covers: the entries of its line. A transfer
  // voucher is named by ?mode=book_entry and its own numbers (identity.ts).
  challanDetailsXlsx: async ({ caller, params, query, reply }) => {
    const entityId = entityOf(caller);
    const { rows } = await ctx.database.pool.query<ChallanRow>(
      `SELECT ${CHALLAN_COLUMNS} FROM payable_challans
       WHERE entity_id = $1 AND bsr_code = $2 AND ${sameSerialSql('$3')} AND date_of_deposit = $4::date
         AND deposit_mode = $5
       ORDER BY created_at LIMIT 1`,
      [entityId, params.bsr, params.serial, params.date, query.mode],
    );
    const c = rows[0];
    if (!c) throw notFound('Challan not found');
    const { sql, params: values } = groupWhere({
      entityId,
      financialYear: financialYearOfMonth(c.month),
      month: c.month,
      section: c.section_number,
      deducteeType: c.deductee_type,
      subsection: c.sub_section,
      status: undefined,
    });
    const bytes = await workbookBytes(ctx.files, [
      {
        name: 'Entries',
        title: [
          `${depositName({ depositMode: c.deposit_mode, bsrCode: c.bsr_code, challanSerialNumber: c.challan_serial_number })} of ${c.date_of_deposit}: ${monthLabel(c.month)}, section ${c.section_number}${c.sub_section ? `(${c.sub_section})` : ''}, ${c.deductee_type}`,
        ],
        columns: ENTRY_COLUMNS,
        rows: cells(entryBatches(ctx.database.pool, sql, values), entryCells),
      },
    ]);
    return sendFile(
      reply,
      bytes,
      `${c.deposit_mode === 'book_entry' ? 'voucher' : 'challan'}-${c.bsr_code}-${c.challan_serial_number}-${c.date_of_deposit}.xlsx`,
      XLSX,
    );
  },
});

// Allocation of deductee rows to challans and the 26Q text file built on it.
export const challanAllocationHandlers = (ctx: AppContext): Handlers<typeof challanAllocationRoutes> => ({
  quarterAllocation: async ({ caller, params }) => quarterAllocation(ctx, caller, params.fy, params.quarter),
  autoAllocate: async ({ caller, params }) => autoAllocate(ctx, caller, params.fy, params.quarter),
  moveAllocation: async ({ caller, body }) => moveAllocation(ctx, caller, body),
  returnDeductor: async ({ caller }) => returnDeductor(ctx, entityOf(caller)),
  saveReturnDeductor: async ({ caller, body }) => saveReturnDeductor(ctx, caller, body),
  form26qFvuText: async ({ caller, params, reply }) => {
    const { text, fileName } = await prepare26q(ctx, caller, params.fy, params.quarter);
    return sendFile(reply, text, fileName, 'text/plain; charset=us-ascii');
  },
});
