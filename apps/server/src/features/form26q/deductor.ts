import type { ReturnDeductor, ReturnDeductorAnswer } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';

// The deductor's details for the 26Q batch header (migrations/021), one row
// per entity. The deductor's PAN is the entity's own (legal_entities.pan)
// unless the details give one (migrations/035): PANNOTREQD for a government
// deductor.

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
        }
      : null,
  };
};

export const saveReturnDeductor = async (
  ctx: AppContext,
  caller: Caller,
  d: z.output<typeof ReturnDeductor>,
) => {
  await ctx.database.pool.query(
    `INSERT INTO return_deductors (entity_id, tan, name, branch, address1, address2, city, state_code, pin, email,
       phone, deductor_type, responsible_name, responsible_designation, responsible_pan, responsible_mobile,
       updated_by_login, pan)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (entity_id) DO UPDATE SET tan = EXCLUDED.tan, name = EXCLUDED.name, branch = EXCLUDED.branch,
       address1 = EXCLUDED.address1, address2 = EXCLUDED.address2, city = EXCLUDED.city,
       state_code = EXCLUDED.state_code, pin = EXCLUDED.pin, email = EXCLUDED.email, phone = EXCLUDED.phone,
       deductor_type = EXCLUDED.deductor_type, pan = EXCLUDED.pan, responsible_name = EXCLUDED.responsible_name,
       responsible_designation = EXCLUDED.responsible_designation, responsible_pan = EXCLUDED.responsible_pan,
       responsible_mobile = EXCLUDED.responsible_mobile, updated_by_login = EXCLUDED.updated_by_login,
       updated_at = now()`,
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
    ],
  );
  return { message: 'Deductor details saved' };
};
