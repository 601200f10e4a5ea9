import { type LdcCertificateList, REFERENCE_LIST_LIMIT, type TanItrList } from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';

// The LDC certificates and TAN-ITR rows an entity has loaded, for the lists on
// their upload screens. Both tables hold tens to thousands of rows an entity;
// the screen pages, sorts and exports them itself.

export const listLdcCertificates = async (ctx: AppContext, caller: Caller): Promise<LdcCertificateList> => {
  const entityId = entityOf(caller);
  const base = ctx.db.selectFrom('ldc_certificates as l').where('l.entity_id', '=', entityId);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('stored_files as f', 'f.id', 'l.file_id')
    .select([
      'l.id',
      'l.certificate_number',
      'l.pan_number',
      'l.vendor_code',
      'l.section_number',
      'l.sub_section',
      sql<string>`l.rate::text`.as('rate'),
      sql<string | null>`l.amount_limit::text`.as('amount_limit'),
      sql<string>`l.valid_from::text`.as('valid_from'),
      sql<string>`l.valid_to::text`.as('valid_to'),
      sql<string>`CASE WHEN l.valid_to < current_date THEN 'expired'
        WHEN l.valid_from > current_date THEN 'not yet valid' ELSE 'valid' END`.as('validity'),
      // the vendor master's name for the certificate's PAN (one, when several share it)
      sql<string | null>`(SELECT min(v.vendor_name) FROM vendors v
        WHERE v.entity_id = l.entity_id AND v.pan_number = l.pan_number)`.as('vendor_name'),
      'f.file_name',
      'l.created_at',
    ])
    .orderBy('l.valid_to', 'desc')
    .orderBy('l.certificate_number')
    .limit(REFERENCE_LIST_LIMIT)
    .execute();
  return {
    totalRecords: Number(total.n),
    records: rows.map((r) => ({
      id: r.id,
      certificateNumber: r.certificate_number,
      panNumber: r.pan_number,
      vendorCode: r.vendor_code,
      vendorName: r.vendor_name,
      sectionNumber: r.section_number,
      subSection: r.sub_section,
      rate: r.rate,
      amountLimit: r.amount_limit,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      validity: r.validity as 'valid' | 'expired' | 'not yet valid',
      fileName: r.file_name,
      loadedAt: r.created_at.toISOString(),
    })),
  };
};

export const listTanItr = async (ctx: AppContext, caller: Caller): Promise<TanItrList> => {
  const entityId = entityOf(caller);
  const base = ctx.db.selectFrom('tan_itr_reports as t').where('t.entity_id', '=', entityId);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('stored_files as f', 'f.id', 't.file_id')
    .select([
      't.id',
      't.pan_number',
      't.name',
      't.specified_person',
      sql<string | null>`t.as_of::text`.as('as_of'),
      't.financial_year',
      sql<string>`(SELECT count(*) FROM vendors v
        WHERE v.entity_id = t.entity_id AND v.pan_number = t.pan_number)`.as('vendors'),
      'f.file_name',
      't.created_at',
    ])
    .orderBy('t.specified_person', 'desc')
    .orderBy('t.pan_number')
    .limit(REFERENCE_LIST_LIMIT)
    .execute();
  return {
    totalRecords: Number(total.n),
    records: rows.map((r) => ({
      id: r.id,
      panNumber: r.pan_number,
      name: r.name,
      specifiedPerson: r.specified_person,
      asOfDate: r.as_of,
      financialYear: r.financial_year,
      vendors: Number(r.vendors),
      fileName: r.file_name,
      loadedAt: r.created_at.toISOString(),
    })),
  };
};
