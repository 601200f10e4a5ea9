import {
  CHALLAN_IMAGE_MAX_BYTES,
  CHALLAN_MESSAGES,
  type Challan,
  type CreateChallanRequest,
  type DepositMode,
  depositName,
  type UpdateChallanRequest,
} from '@taxrecon/contracts';
import { dayText, formatInr, formatRupees, paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { financialYearOfMonth } from '../payable/runs/months.ts';

import { minorHeadOf, minorHeadSql, refuseBookEntryUnlessGovernment } from './book-entry.ts';
import { challanSection, lockEntityChallans, refuseDuplicateChallan } from './identity.ts';
import { challanInterestDue } from './interest.ts';
import {
  allocatedRowMonths,
  challanChanged,
  type Line,
  lineState,
  type MonthVerificationRow,
  monthCovered,
  monthVerificationRow,
} from './verify.ts';

type Create = z.output<typeof CreateChallanRequest>;
type Update = z.output<typeof UpdateChallanRequest>;

export interface ChallanRow {
  id: string;
  deposit_mode: DepositMode;
  month: string;
  section_number: string;
  sub_section: string;
  deductee_type: Challan['deducteeType'];
  challan_serial_number: string;
  date_of_deposit: string;
  bsr_code: string;
  tan: string;
  tax_amount: string;
  fee: string;
  surcharge: string;
  education_cess: string;
  interest: string;
  penalty: string;
  others: string;
  amount_deposited: string;
  minor_head: string;
  locked: boolean;
  has_image: boolean;
}

export const CHALLAN_COLUMNS = `id::text, deposit_mode, month, section_number, sub_section, deductee_type, challan_serial_number,
  to_char(date_of_deposit, 'YYYY-MM-DD') AS date_of_deposit, bsr_code, tan, tax_amount::text, fee::text,
  surcharge::text, education_cess::text, interest::text, penalty::text, others::text,
  (tax_amount + fee + surcharge + education_cess + interest + penalty + others)::text AS amount_deposited,
  minor_head, locked, image_url IS NOT NULL AS has_image`;

export const challanOf = (r: ChallanRow): Challan => ({
  id: r.id,
  depositMode: r.deposit_mode,
  challanSerialNumber: r.challan_serial_number,
  dateOfDeposit: r.date_of_deposit,
  bsrCode: r.bsr_code,
  tanNumber: r.tan,
  taxAmount: rupeesOfNumeric(r.tax_amount),
  fee: rupeesOfNumeric(r.fee),
  surcharge: rupeesOfNumeric(r.surcharge),
  educationCess: rupeesOfNumeric(r.education_cess),
  interest: rupeesOfNumeric(r.interest),
  penalty: rupeesOfNumeric(r.penalty),
  others: rupeesOfNumeric(r.others),
  amountDeposited: rupeesOfNumeric(r.amount_deposited),
  minorHead: r.minor_head,
  sectionCode: r.section_number,
  subsection: r.sub_section,
  deducteeType: r.deductee_type,
  monthYear: r.month,
  locked: r.locked,
  hasImage: r.has_image,
});

const amount = (text: string): string => text || '0';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export const monthVerificationOf = (row: MonthVerificationRow | undefined, covered: boolean) => ({
  verifiedAt: row?.verified ? iso(row.verified_at) : null,
  verifiedBy: row?.verified ? row.verified_by_login : null,
  cleared:
    row && !row.verified && row.cleared_at
      ? {
          because: row.cleared_because ?? 'changed',
          at: iso(row.cleared_at)!,
          by: row.cleared_by_login ?? '',
          verifiedAt: iso(row.cleared_verified_at),
        }
      : null,
  covered,
});

// How a change names its challan: by its CIN, as the bank's counterfoil does;
// a transfer voucher by its Form 24G receipt and DDO serial numbers.
export const challanName = (c: {
  deposit_mode: DepositMode;
  bsr_code: string;
  challan_serial_number: string;
  date_of_deposit: string;
}) => {
  const name = depositName({
    depositMode: c.deposit_mode,
    bsrCode: c.bsr_code,
    challanSerialNumber: c.challan_serial_number,
  });
  return `${name[0]!.toLowerCase()}${name.slice(1)} of ${dayText(c.date_of_deposit)}`;
};

export const listChallans = async (ctx: AppContext, line: Line) => {
  const { rows } = await ctx.database.pool.query<ChallanRow>(
    `SELECT ${CHALLAN_COLUMNS} FROM payable_challans
     WHERE entity_id = $1 AND month = $2 AND section_number = $3 AND deductee_type = $4 AND sub_section = $5
     ORDER BY date_of_deposit, created_at`,
    [line.entityId, line.monthYear, line.section, line.deducteeType, line.subsection],
  );
  const state = await lineState(ctx.database.pool, line);
  const month = await monthVerificationRow(ctx.database.pool, line.entityId, line.monthYear);
  return {
    challans: rows.map(challanOf),
    deducted: formatRupees(state.deducted),
    deposited: formatRupees(state.deposited),
    lineVerified: state.lineVerified,
    monthVerified: month?.verified ?? false,
    monthVerification: monthVerificationOf(
      month,
      await monthCovered(ctx.database.pool, line.entityId, line.monthYear),
    ),
    interestDue: formatRupees(rows.reduce((n, r) => n + challanInterestDue(r), 0)),
  };
};

export const createChallan = async (ctx: AppContext, caller: Caller, b: Create) => {
  const entityId = entityOf(caller);
  const { section, sub } = challanSection(b.section, b.subsection);
  await withTransaction(ctx.database.pool, async (db) => {
    await refuseBookEntryUnlessGovernment(db, entityId, b.depositMode);
    await lockEntityChallans(db, entityId);
    await refuseDuplicateChallan(db, entityId, b, null);
    await db.query(
      `INSERT INTO payable_challans (entity_id, financial_year, month, section_number, sub_section, deductee_type,
         challan_serial_number, date_of_deposit, bsr_code, tan, tax_amount, fee, surcharge, education_cess,
         interest, penalty, others, created_by_login, deposit_mode, minor_head)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
      [
        entityId,
        financialYearOfMonth(b.monthYear),
        b.monthYear,
        section,
        sub,
        b.deducteeType,
        b.challanSerialNumber,
        b.dateOfDeposit,
        b.bsrCode,
        b.tanNumber.toUpperCase(),
        b.taxAmount,
        amount(b.fee),
        amount(b.surcharge),
        amount(b.educationCess),
        amount(b.interest),
        amount(b.penalty),
        amount(b.others),
        caller.login,
        b.depositMode,
        minorHeadOf(b.depositMode),
      ],
    );
    await challanChanged(
      db,
      entityId,
      b.monthYear,
      [],
      caller.login,
      `${challanName({ deposit_mode: b.depositMode, bsr_code: b.bsrCode, challan_serial_number: b.challanSerialNumber, date_of_deposit: b.dateOfDeposit })} added`,
    );
  });
  return { message: CHALLAN_MESSAGES.created };
};

// The caller's own challan or 404: another entity's id is not found.
const own = async (ctx: AppContext, caller: Caller, id: string) => {
  const { rows } = await ctx.database.pool.query<ChallanRow>(
    `SELECT ${CHALLAN_COLUMNS} FROM payable_challans WHERE id = $1 AND entity_id = $2`,
    [id, entityOf(caller)],
  );
  if (!rows[0]) throw notFound('Challan not found');
  return rows[0];
};

// Edit keeps the deposit date (the dialog shows it read-only in edit mode).
// Without a depositMode the challan keeps its own: the identity fields have
// the same shapes in both modes, so the request's check holds either way.
export const updateChallan = async (ctx: AppContext, caller: Caller, b: Update) => {
  const row = await own(ctx, caller, b.id);
  const entityId = entityOf(caller);
  const depositMode = b.depositMode ?? row.deposit_mode;
  await withTransaction(ctx.database.pool, async (db) => {
    await refuseBookEntryUnlessGovernment(db, entityId, depositMode);
    await lockEntityChallans(db, entityId);
    // the deposit date is kept, so the CIN is the new BSR code and serial on the old date
    await refuseDuplicateChallan(
      db,
      entityId,
      {
        bsrCode: b.bsrCode,
        challanSerialNumber: b.challanSerialNumber,
        dateOfDeposit: row.date_of_deposit,
        depositMode,
      },
      b.id,
    );
    // the tax may not fall below what deductee rows are allocated to it
    const allocated = paiseOfNumeric(
      (
        await db.query<{ v: string | null }>(
          `SELECT sum(e.deducted)::text AS v FROM challan_allocations a JOIN payable_entries e ON e.id = a.entry_id
           WHERE a.challan_id = $1 AND a.entity_id = $2`,
          [b.id, entityId],
        )
      ).rows[0]?.v,
    );
    if (paiseOfNumeric(b.taxAmount) < allocated)
      throw badRequest(
        `Deductee rows with ${formatInr(allocated)} of tax are allocated to this challan: move or unallocate them before lowering its tax amount to ${formatInr(paiseOfNumeric(b.taxAmount))}.`,
        'CHALLAN_OVER_ALLOCATED',
      );
    await db.query(
      `UPDATE payable_challans SET challan_serial_number = $3, bsr_code = $4, tan = $5, tax_amount = $6, fee = $7,
         surcharge = $8, education_cess = $9, interest = $10, penalty = $11, others = $12, deposit_mode = $13,
         minor_head = ${minorHeadSql('$13')}, updated_at = now()
       WHERE id = $1 AND entity_id = $2`,
      [
        b.id,
        entityId,
        b.challanSerialNumber,
        b.bsrCode,
        b.tanNumber.toUpperCase(),
        b.taxAmount,
        amount(b.fee),
        amount(b.surcharge),
        amount(b.educationCess),
        amount(b.interest),
        amount(b.penalty),
        amount(b.others),
        depositMode,
      ],
    );
    await challanChanged(
      db,
      entityId,
      row.month,
      await allocatedRowMonths(db, entityId, b.id),
      caller.login,
      `${challanName(row)} edited`,
    );
  });
  return { message: CHALLAN_MESSAGES.updated };
};

export const deleteChallan = async (ctx: AppContext, caller: Caller, id: string) => {
  const row = await own(ctx, caller, id);
  if (row.locked) throw badRequest(CHALLAN_MESSAGES.lockedNoDelete, 'CHALLAN_LOCKED');
  const entityId = entityOf(caller);
  await withTransaction(ctx.database.pool, async (db) => {
    await lockEntityChallans(db, entityId);
    const rowMonths = await allocatedRowMonths(db, entityId, id);
    // its rows go back to unallocated (challan_allocations has no foreign key to
    // payable_challans: see migrations/021)
    await db.query('DELETE FROM challan_allocations WHERE challan_id = $1 AND entity_id = $2', [
      id,
      entityId,
    ]);
    await db.query('DELETE FROM payable_challans WHERE id = $1 AND entity_id = $2 AND NOT locked', [
      id,
      entityId,
    ]);
    await challanChanged(db, entityId, row.month, rowMonths, caller.login, `${challanName(row)} deleted`);
  });
  return { message: CHALLAN_MESSAGES.deleted };
};

export const lockChallan = async (ctx: AppContext, caller: Caller, id: string, locked: boolean) => {
  await own(ctx, caller, id);
  await ctx.database.pool.query(
    'UPDATE payable_challans SET locked = $3, updated_at = now() WHERE id = $1 AND entity_id = $2',
    [id, entityOf(caller), locked],
  );
  return { message: locked ? 'Challan Locked' : 'Challan Unlocked' };
};

// Bytes a base64 data URL carries (its payload after the comma).
export const dataUrlBytes = (dataUrl: string): number => {
  const b64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
};

export const uploadChallanImage = async (ctx: AppContext, caller: Caller, id: string, imageUrl: string) => {
  await own(ctx, caller, id);
  const bytes = dataUrlBytes(imageUrl);
  if (bytes > CHALLAN_IMAGE_MAX_BYTES)
    throw badRequest(
      `The challan image is ${bytes} bytes; at most ${CHALLAN_IMAGE_MAX_BYTES} bytes (20 MB) are accepted.`,
      'FILE_TOO_LARGE',
    );
  await ctx.database.pool.query(
    'UPDATE payable_challans SET image_url = $3 WHERE id = $1 AND entity_id = $2',
    [id, entityOf(caller), imageUrl],
  );
  return { message: CHALLAN_MESSAGES.imageUploaded };
};

export const challanImage = async (ctx: AppContext, caller: Caller, id: string) => {
  await own(ctx, caller, id);
  const { rows } = await ctx.database.pool.query<{ image_url: string | null }>(
    'SELECT image_url FROM payable_challans WHERE id = $1',
    [id],
  );
  return { imageUrl: rows[0]?.image_url ?? null };
};
