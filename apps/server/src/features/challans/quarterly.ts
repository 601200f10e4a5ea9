import { toPayableFy } from '@taxrecon/contracts';
import { lateFilingFee234E, returnDueDate } from '@taxrecon/engine';
import { type FinancialYear, formatRupees, paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import { latestRunSql } from '../payable/runs/job.ts';
import { monthsOfYear } from '../payable/runs/months.ts';
import { challanInterestDue } from './interest.ts';
import { CHALLAN_COLUMNS, type ChallanRow } from './store.ts';

type Quarter = 'Q1' | 'Q2' | 'Q3' | 'Q4';
const QUARTER_INDEX: Record<Quarter, number> = { Q1: 0, Q2: 3, Q3: 6, Q4: 9 };

export const monthsOfQuarter = (fy: string, quarter: Quarter): string[] =>
  monthsOfYear(fy as FinancialYear).slice(QUARTER_INDEX[quarter], QUARTER_INDEX[quarter] + 3);

export const quarterChallans = async (ctx: AppContext, entityId: string, fy: string, quarter: Quarter) => {
  const { rows } = await ctx.database.pool.query<ChallanRow>(
    `SELECT ${CHALLAN_COLUMNS} FROM payable_challans WHERE entity_id = $1 AND month = ANY($2)
     ORDER BY month, section_number, sub_section, deductee_type, date_of_deposit, created_at`,
    [entityId, monthsOfQuarter(fy, quarter)],
  );
  return rows;
};

export const quarterSummary = async (
  ctx: AppContext,
  entityId: string,
  fyText: string,
  quarter: Quarter,
  filedOn: string | undefined,
) => {
  const fy = toPayableFy(fyText);
  const rows = await quarterChallans(ctx, entityId, fy, quarter);
  const run = (await ctx.database.pool.query<{ job_id: string }>(latestRunSql, [entityId, fy])).rows[0]
    ?.job_id;
  const sums = await ctx.database.pool.query<{ deducted: string | null; due: string | null }>(
    'SELECT sum(deducted)::text AS deducted, sum(due)::text AS due FROM payable_months WHERE job_id = $1 AND month = ANY($2)',
    [run ?? null, monthsOfQuarter(fy, quarter)],
  );
  const deductedPaise = paiseOfNumeric(sums.rows[0]?.deducted ?? '0');
  // 234E(2): the fee "shall not exceed the amount of tax deductible" (the
  // quarter's TDS due), not what was deducted: under-deducting does not lower it
  const deductiblePaise = paiseOfNumeric(sums.rows[0]?.due ?? '0');
  let deposited = 0;
  let interestPaid = 0;
  let interestDue = 0;
  const out = rows.map((r) => {
    const due = challanInterestDue(r);
    deposited += paiseOfNumeric(r.tax_amount);
    interestPaid += paiseOfNumeric(r.interest);
    interestDue += due;
    return {
      id: r.id,
      monthYear: r.month,
      section: r.section_number,
      subsection: r.sub_section,
      deducteeType: r.deductee_type,
      taxDeducted: rupeesOfNumeric(r.tax_amount),
      interestPaid: rupeesOfNumeric(r.interest),
      fee: rupeesOfNumeric(r.fee),
      surcharge: rupeesOfNumeric(r.surcharge),
      educationCess: rupeesOfNumeric(r.education_cess),
      penalty: rupeesOfNumeric(r.penalty),
      others: rupeesOfNumeric(r.others),
      totalTDSDeposited: rupeesOfNumeric(r.amount_deposited),
      // a transfer voucher's Form 24G receipt and DDO serial numbers stand in
      // the BSR code and serial columns, as in the 26Q's challan record
      modeOfDesposited: r.deposit_mode === 'book_entry' ? 'Book entry' : 'Challan',
      depositMode: r.deposit_mode,
      bsrCode: r.bsr_code,
      challanDate: r.date_of_deposit,
      challanSerialNumber: r.challan_serial_number,
      minorHeadOfChallan: r.minor_head,
      interestDue: formatRupees(due),
    };
  });
  const dueDate = returnDueDate(fy, quarter);
  return {
    financialYear: fy,
    quarter,
    rows: out,
    totals: {
      deducted: formatRupees(deductedPaise),
      deposited: formatRupees(deposited),
      interestPaid: formatRupees(interestPaid),
      interestDue: formatRupees(interestDue),
      fee234E: filedOn ? formatRupees(lateFilingFee234E(deductiblePaise, dueDate, filedOn)) : null,
      returnDueDate: dueDate,
    },
  };
};
