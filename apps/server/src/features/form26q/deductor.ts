import { bookEntryRefusal, type ReturnDeductor, type ReturnDeductorAnswer } from '@taxrecon/contracts';
import type { Fvu26qGovernment } from '@taxrecon/formats';
import { type DeductorType, STATE_NAME_DEDUCTOR_TYPES } from '@taxrecon/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';

// The deductor's details for the 26Q batch header (migrations/021), one row
// per entity. The deductor's PAN is the entity's own (legal_entities.pan)
// unless the details give one (migrations/035): PANNOTREQD for a government
// deductor. A government deductor's PAO / DDO / ministry fields and AIN
// (migrations/045) are '' for any other.

interface DeductorRow {
  tan: string;
  name: string;
  branch: string;
  address1: string;
  address2: string;
  city: string;
  state_code: string;
  pin: string;
  email: string;
  phone: string;
  deductor_type: string;
  pan: string;
  responsible_name: string;
  responsible_designation: string;
  responsible_pan: string;
  responsible_mobile: string;
  pao_code: string;
  ddo_code: string;
  ministry: string;
  ministry_other: string;
  pao_registration: string;
  ddo_registration: string;
  ain: string;
}

type Deductor = NonNullable<ReturnDeductorAnswer['deductor']>;

export const returnDeductor = async (
  ctx: AppContext,
  entityId: string,
): Promise<{ deductor: Deductor | null; pan: string | null }> => {
  const pool = ctx.database.pool;
  const pan = (
    await pool.query<{ pan: string | null }>('SELECT pan FROM legal_entities WHERE id = $1', [entityId])
  ).rows[0]?.pan;
  const r = (await pool.query<DeductorRow>('SELECT * FROM return_deductors WHERE entity_id = $1', [entityId]))
    .rows[0];
  return {
    pan: pan ? pan.toUpperCase() : null,
    deductor: r
      ? {
          tan: r.tan,
          name: r.name,
          branch: r.branch,
          address1: r.address1,
          address2: r.address2,
          city: r.city,
          stateCode: r.state_code,
          pin: r.pin,
          email: r.email,
          phone: r.phone,
          deductorType: r.deductor_type,
          pan: r.pan,
          responsibleName: r.responsible_name,
          responsibleDesignation: r.responsible_designation,
          responsiblePan: r.responsible_pan,
          responsibleMobile: r.responsible_mobile,
          paoCode: r.pao_code,
          ddoCode: r.ddo_code,
          ministry: r.ministry,
          ministryOther: r.ministry_other,
          paoRegistration: r.pao_registration,
          ddoRegistration: r.ddo_registration,
          ain: r.ain,
        }
      : null,
  };
};

// A deductor whose deposits by book entry are recorded stays a government
// one until they are bank challans again: a company's 26Q cannot carry a
// transfer voucher, and the return would only refuse them later (session 41).
const refuseTypeWithVouchers = async (ctx: AppContext, entityId: string, deductorType: string) => {
  if (bookEntryRefusal(deductorType) === null) return;
  const { rows } = await ctx.database.pool.query<{ n: number; first: string | null }>(
    `SELECT count(*)::int AS n,
            min(bsr_code || ' / DDO ' || challan_serial_number || ' of ' || to_char(date_of_deposit, 'DD Mon YYYY')) AS first
       FROM payable_challans WHERE entity_id = $1 AND deposit_mode = 'book_entry'`,
    [entityId],
  );
  const { n, first } = rows[0] ?? { n: 0, first: null };
  if (n > 0)
    throw badRequest(
      `Deductor type ${deductorType} is not a government deductor, and ${n === 1 ? 'a deposit by book entry is' : `${n} deposits by book entry are`} recorded (transfer voucher 24G ${first}${n > 1 ? ', ...' : ''}). Change ${n === 1 ? 'it' : 'them'} to bank challans first, or keep a government deductor type.`,
      'BOOK_ENTRY_RECORDED',
    );
};

export const saveReturnDeductor = async (
  ctx: AppContext,
  caller: Caller,
  d: z.output<typeof ReturnDeductor>,
) => {
  await refuseTypeWithVouchers(ctx, entityOf(caller), d.deductorType);
  await ctx.database.pool.query(
    `INSERT INTO return_deductors (entity_id, tan, name, branch, address1, address2, city, state_code, pin, email,
       phone, deductor_type, responsible_name, responsible_designation, responsible_pan, responsible_mobile,
       updated_by_login, pan, pao_code, ddo_code, ministry, ministry_other, pao_registration, ddo_registration, ain)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, $25)
     ON CONFLICT (entity_id) DO UPDATE SET tan = EXCLUDED.tan, name = EXCLUDED.name, branch = EXCLUDED.branch,
       address1 = EXCLUDED.address1, address2 = EXCLUDED.address2, city = EXCLUDED.city,
       state_code = EXCLUDED.state_code, pin = EXCLUDED.pin, email = EXCLUDED.email, phone = EXCLUDED.phone,
       deductor_type = EXCLUDED.deductor_type, pan = EXCLUDED.pan, responsible_name = EXCLUDED.responsible_name,
       responsible_designation = EXCLUDED.responsible_designation, responsible_pan = EXCLUDED.responsible_pan,
       responsible_mobile = EXCLUDED.responsible_mobile, updated_by_login = EXCLUDED.updated_by_login,
       pao_code = EXCLUDED.pao_code, ddo_code = EXCLUDED.ddo_code, ministry = EXCLUDED.ministry,
       ministry_other = EXCLUDED.ministry_other, pao_registration = EXCLUDED.pao_registration,
       ddo_registration = EXCLUDED.ddo_registration, ain = EXCLUDED.ain, updated_at = now()`,
    [
      entityOf(caller),
      d.tan,
      d.name,
      d.branch,
      d.address1,
      d.address2,
      d.city,
      d.stateCode,
      d.pin,
      d.email,
      d.phone,
      d.deductorType,
      d.responsibleName,
      d.responsibleDesignation,
      d.responsiblePan,
      d.responsibleMobile,
      caller.login,
      d.pan,
      d.paoCode,
      d.ddoCode,
      d.ministry,
      d.ministryOther,
      d.paoRegistration,
      d.ddoRegistration,
      d.ain,
    ],
  );
  return { message: 'Deductor details saved' };
};

// The batch header's government fields of a government deductor. Its state
// name (BH 54) is its own state's code, for the state government types, as
// the generators that fill it do (EY's TDS returns and Odoo's l10n_in take the
// deductor's address state); docs/decisions.md session 40.
export const governmentOf = (d: Deductor): Fvu26qGovernment => ({
  stateName: STATE_NAME_DEDUCTOR_TYPES.includes(d.deductorType as DeductorType) ? d.stateCode : '',
  paoCode: d.paoCode,
  ddoCode: d.ddoCode,
  ministry: d.ministry,
  ministryOther: d.ministryOther,
  paoRegistration: d.paoRegistration,
  ddoRegistration: d.ddoRegistration,
  ain: d.ain,
});
