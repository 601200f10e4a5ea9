import type { PAYABLE_REPORT_JOB_TYPES, PayableForm3cdRow } from '@taxrecon/contracts';
import type { Form3cdRow } from '@taxrecon/engine';
import {
  EXEMPTION_REASON_LABELS,
  type FinancialYear,
  financialYearLabel,
  isExemptionReason,
  paiseOfNumeric,
  rupeesNumber,
} from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { form3cdWithChallans } from '../results/challan-deposits.ts';
import { type EntryRow, entryBatches } from '../results/entries.ts';
import { latestRunId } from '../results/latest.ts';
import { monthlyRows } from '../results/response.ts';
import { monthLabel } from '../runs/months.ts';
import { type Cell, rupeesCell, type SheetColumn, type SheetSpec } from './workbook.ts';

// What each TDS payable report holds (spec part 3, "Reports"). Every report
// reads the year's latest result.

export type PayableReportType = (typeof PAYABLE_REPORT_JOB_TYPES)[keyof typeof PAYABLE_REPORT_JOB_TYPES];

export interface ReportScope {
  entityId: string;
  financialYear: FinancialYear;
  month: string | null;
  entityName: string;
}

export const ENTRY_COLUMNS: SheetColumn[] = [
  { header: 'File', key: 'file', width: 24 },
  { header: 'Line', key: 'line', width: 8 },
  { header: 'Document', key: 'ref', width: 18 },
  { header: 'Document date', key: 'documentDate', width: 13 },
  { header: 'Month', key: 'month', width: 9 },
  { header: 'Due in month', key: 'recognisedMonth', width: 12 },
  { header: 'Vendor code', key: 'vendorCode', width: 12 },
  { header: 'PAN', key: 'pan', width: 12 },
  { header: 'TAN', key: 'tan', width: 12 },
  { header: 'Section', key: 'section', width: 10 },
  { header: 'Section from', key: 'sectionSource', width: 16 },
  { header: 'Deductee type', key: 'deducteeType', width: 12 },
  { header: 'Base', key: 'base', width: 16, money: true },
  { header: 'Taxable', key: 'taxable', width: 16, money: true },
  { header: 'Rate %', key: 'rate', width: 8 },
  { header: 'Rate basis', key: 'rateBasis', width: 10 },
  { header: 'TDS due', key: 'due', width: 14, money: true },
  { header: 'TDS deducted', key: 'deducted', width: 14, money: true },
  { header: 'Interest', key: 'interest', width: 12, money: true },
  { header: 'Status', key: 'status', width: 13 },
  { header: 'Exempt because', key: 'exemptReason', width: 30 },
  { header: 'Error', key: 'errorCode', width: 16 },
  { header: 'Reason', key: 'reason', width: 100 },
];

// 'T: transporter's declaration under 194C(6)'; blank on an entry not
// exempted by a vendor's mapping with a recorded reason
export const exemptReasonText = (reason: string | null): string | null =>
  isExemptionReason(reason) ? `${reason}: ${EXEMPTION_REASON_LABELS[reason]}` : null;

export const entryCells = (r: EntryRow): Record<string, Cell> => ({
  file: r.file,
  line: r.line,
  ref: r.ref,
  documentDate: r.document_date,
  month: r.month,
  recognisedMonth: r.recognised_month,
  vendorCode: r.vendor_code,
  pan: r.pan,
  tan: r.tan,
  section: r.section,
  sectionSource: r.section_source,
  deducteeType: r.deductee_type,
  base: rupeesCell(r.base),
  taxable: rupeesCell(r.taxable),
  rate: r.rate === null ? null : Number(r.rate),
  rateBasis: r.rate_basis,
  due: rupeesCell(r.due),
  deducted: rupeesCell(r.deducted),
  interest: rupeesCell(r.interest),
  status: r.status,
  exemptReason: exemptReasonText(r.exempt_reason),
  errorCode: r.error_code,
  reason: r.reason,
});

export async function* cells<T>(batches: AsyncIterable<T[]>, f: (r: T) => Record<string, Cell>) {
  for await (const b of batches) yield b.map(f);
}

const title = (scope: ReportScope, report: string) => [
  scope.entityName,
  report,
  scope.month ? monthLabel(scope.month) : `Financial year ${financialYearLabel(scope.financialYear)}`,
];

const form3cdColumns: SheetColumn[] = [
  { header: 'Section', key: 'section', width: 12 },
  { header: 'Total amount of payments', key: 'payments', width: 22, money: true },
  { header: 'Amount on which tax was required to be deducted', key: 'taxable', width: 26, money: true },
  { header: 'Amount on which tax was deducted', key: 'deductedOn', width: 22, money: true },
  { header: 'Tax deducted', key: 'deducted', width: 18, money: true },
  { header: 'Tax deposited (challans)', key: 'deposited', width: 18, money: true },
  { header: 'Shortfall (required less deducted)', key: 'shortfall', width: 20, money: true },
];

export const form3cdOfRun = async (ctx: AppContext, jobId: string): Promise<PayableForm3cdRow[]> => {
  const { rows } = await ctx.database.pool.query<{ form3cd: Form3cdRow[] | null }>(
    'SELECT form3cd FROM payable_runs WHERE job_id = $1',
    [jobId],
  );
  return form3cdWithChallans(rows[0]?.form3cd ?? [], await monthlyRows(ctx, jobId));
};

export const reportSheets = async (
  ctx: AppContext,
  type: PayableReportType,
  scope: ReportScope,
): Promise<SheetSpec[]> => {
  const pool = ctx.database.pool;
  const jobId = await latestRunId(ctx, scope.entityId, scope.financialYear);
  const base = [scope.entityId, scope.financialYear];
  switch (type) {
    case 'TDSPayableMonthlyTransactionsReport':
      return [
        {
          name: 'Transactions',
          title: title(scope, 'TDS payable: transactions of the month'),
          columns: ENTRY_COLUMNS,
          rows: cells(
            entryBatches(
              pool,
              'entity_id = $1 AND financial_year = $2 AND (month = $3 OR recognised_month = $3)',
              [...base, scope.month],
            ),
            entryCells,
          ),
        },
      ];
    case 'TDSPayableMonthlyTransactionsErrorReport':
      // Lines without a readable date count in the month of their file.
      return [
        {
          name: 'Errors',
          title: title(scope, 'TDS payable: entries in error'),
          columns: ENTRY_COLUMNS,
          rows: cells(
            entryBatches(
              pool,
              `entity_id = $1 AND financial_year = $2 AND status = 'error' AND (month = $3 OR (month IS NULL AND file IN (
                 SELECT file_name FROM payable_files WHERE entity_id = $1 AND financial_year = $2 AND kind = 'expense'
                   AND month = $3)))`,
              [...base, scope.month],
            ),
            entryCells,
          ),
        },
      ];
    case 'TDSPayableVendorWiseSummaryReport': {
      const { rows } = await pool.query<Record<string, string | number | null>>(
        `SELECT vendor_code, pan, section, deductee_type, count(*)::int AS entries, sum(base)::text AS base,
           sum(due)::text AS due, sum(deducted)::text AS deducted,
           sum(greatest(due - deducted, 0)) FILTER (WHERE liable)::text AS shortfall, sum(interest)::text AS interest,
           count(*) FILTER (WHERE status = 'error')::int AS errors
         FROM payable_entries WHERE entity_id = $1 AND financial_year = $2
         GROUP BY vendor_code, pan, section, deductee_type ORDER BY vendor_code NULLS FIRST, section NULLS FIRST`,
        base,
      );
      return [
        {
          name: 'Vendor-wise',
          title: title(scope, 'TDS payable: vendor-wise summary'),
          columns: [
            { header: 'Vendor code', key: 'vendor_code', width: 12 },
            { header: 'PAN', key: 'pan', width: 12 },
            { header: 'Section', key: 'section', width: 10 },
            { header: 'Deductee type', key: 'deductee_type', width: 12 },
            { header: 'Entries', key: 'entries', width: 9, total: true },
            { header: 'Base', key: 'base', width: 16, money: true },
            { header: 'TDS due', key: 'due', width: 14, money: true },
            { header: 'TDS deducted', key: 'deducted', width: 14, money: true },
            { header: 'Shortfall', key: 'shortfall', width: 14, money: true },
            { header: 'Interest', key: 'interest', width: 12, money: true },
            { header: 'Errors', key: 'errors', width: 8, total: true },
          ],
          rows: [
            rows.map((r) => ({
              ...r,
              base: rupeesCell(r.base as string),
              due: rupeesCell(r.due as string),
              deducted: rupeesCell(r.deducted as string),
              shortfall: rupeesCell(r.shortfall as string | null),
              interest: rupeesCell(r.interest as string),
            })),
          ],
        },
      ];
    }
    case 'tds-payable-report': {
      // the monthly summary as the screen shows it, deposits from the challans (DOMAIN 7.8)
      const rows = await monthlyRows(ctx, jobId);
      return [
        {
          name: 'Monthly',
          title: title(scope, 'TDS payable: monthly summary'),
          columns: [
            { header: 'Month', key: 'month', width: 10 },
            { header: 'TAN', key: 'tan', width: 12 },
            { header: 'Section', key: 'section', width: 10 },
            { header: 'Deductee type', key: 'deductee_type', width: 12 },
            { header: 'Entries', key: 'entries', width: 9, total: true },
            { header: 'Base', key: 'base', width: 16, money: true },
            { header: 'TDS due', key: 'due', width: 14, money: true },
            { header: 'TDS deducted', key: 'deducted', width: 14, money: true },
            { header: 'Shortfall', key: 'shortfall', width: 14, money: true },
            { header: 'Interest 201(1A)', key: 'interest', width: 14, money: true },
            { header: 'Deposited (challans)', key: 'deposited', width: 16, money: true },
            { header: 'Challans', key: 'challans', width: 9, total: true },
            { header: 'Errors', key: 'errors', width: 8, total: true },
          ],
          rows: [
            rows.map((r) => ({
              month: r.monthYear,
              tan: r.tan,
              section: r.subsection ? `${r.section}(${r.subsection})` : r.section,
              deductee_type: r.deducteeType,
              entries: r.entries,
              base: rupeesCell(r.base),
              due: rupeesCell(r.tds),
              deducted: rupeesCell(r.deducted),
              shortfall: rupeesCell(r.shortfall),
              interest: rupeesCell(r.interest),
              deposited: rupeesCell(r.deposited),
              challans: r.challansCount,
              errors: r.errors,
            })),
          ],
        },
      ];
    }
    case 'tds-payable-report-details':
      return [
        {
          name: 'Entries',
          title: title(scope, 'TDS payable: every entry with its reason'),
          columns: ENTRY_COLUMNS,
          rows: cells(entryBatches(pool, 'entity_id = $1 AND financial_year = $2', base), entryCells),
        },
      ];
    case 'form3cd_annual_report': {
      const rows = await form3cdOfRun(ctx, jobId);
      return [
        {
          name: 'Form 3CD 34(a)',
          title: title(scope, 'Form 3CD clause 34(a): tax deductible and deducted'),
          columns: form3cdColumns,
          rows: [
            rows.map((r) => ({
              section: r.section,
              payments: rupeesCell(r.payments),
              taxable: rupeesCell(r.taxable),
              deductedOn: rupeesCell(r.deductedOn),
              deducted: rupeesCell(r.deducted),
              deposited: rupeesCell(r.deposited),
              shortfall: rupeesCell(r.shortfall),
            })),
          ],
        },
      ];
    }
    case 'form3cd_annual_detailed_report':
      // The entries behind each 3CD row: those in the 26Q return, not in error.
      return [
        {
          name: 'Form 3CD 34(a) detail',
          title: title(scope, 'Form 3CD clause 34(a): entries'),
          columns: [
            { header: 'Section', key: 'section', width: 10 },
            { header: 'Vendor code', key: 'vendorCode', width: 12 },
            { header: 'PAN', key: 'pan', width: 12 },
            { header: 'Document', key: 'ref', width: 18 },
            { header: 'Document date', key: 'documentDate', width: 13 },
            { header: 'Payment', key: 'payments', width: 16, money: true },
            { header: 'Required to be deducted on', key: 'taxable', width: 18, money: true },
            { header: 'Deducted on', key: 'deductedOn', width: 16, money: true },
            { header: 'Tax deducted', key: 'deducted', width: 14, money: true },
            { header: 'Tax deposited (allocated to a challan)', key: 'deposited', width: 14, money: true },
            { header: 'Shortfall', key: 'shortfall', width: 14, money: true },
            { header: 'Status', key: 'status', width: 13 },
            { header: 'Reason', key: 'reason', width: 100 },
          ],
          rows: cells(
            entryBatches(
              pool,
              "entity_id = $1 AND financial_year = $2 AND return_form = '26Q' AND status <> 'error'",
              base,
            ),
            (r) => {
              const deducted = rupeesCell(r.deducted);
              return {
                section: r.section,
                vendorCode: r.vendor_code,
                pan: r.pan,
                ref: r.ref,
                documentDate: r.document_date,
                payments: rupeesCell(r.base),
                taxable: r.liable ? rupeesCell(r.taxable) : 0,
                deductedOn: deducted !== 0 ? rupeesCell(r.base) : 0,
                deducted,
                // an entry's tax is deposited once a challan holds it (its
                // allocation); the summary's figure is the challans' own tax
                deposited: r.allocated ? deducted : 0,
                shortfall: r.liable
                  ? rupeesNumber(Math.max(0, paiseOfNumeric(r.due) - paiseOfNumeric(r.deducted)))
                  : 0,
                status: r.status,
                reason: r.reason,
              };
            },
          ),
        },
      ];
  }
};
