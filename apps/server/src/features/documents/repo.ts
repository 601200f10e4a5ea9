import {
  FORM16A_SEARCH_LIMIT,
  type Form16aQuery,
  type Form16aRecord,
  type Form16aSearchResponse,
} from '@taxrecon/contracts';
import { numericOfPaise, type Paise, rupeesOfNumeric } from '@taxrecon/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { contains } from '../../platform/db/like.ts';
import type { DB } from '../../platform/db/schema.ts';
import { recordStoredFile } from '../../platform/storage/stored-files.ts';
import type { Form16aFields } from './form16a-fields.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface VendorOfPan {
  id: string;
  vendorCode: string;
  vendorName: string;
  contactEmail: string | null;
}

// The vendor a PAN names in the entity's vendor master. Several vendors may
// share a PAN (branches); the default contact wins, then the lowest code.
export const vendorOfPan = async (db: Db, entityId: string, pan: string): Promise<VendorOfPan | null> => {
  const row = await db
    .selectFrom('vendors')
    .select(['id', 'vendor_code', 'vendor_name', 'contact_email'])
    .where('entity_id', '=', entityId)
    .where('pan_number', '=', pan.toUpperCase())
    .orderBy('default_contact', 'desc')
    .orderBy('vendor_code')
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        vendorCode: row.vendor_code,
        vendorName: row.vendor_name,
        contactEmail: row.contact_email?.trim() ? row.contact_email.trim() : null,
      }
    : null;
};

const recordQuery = (db: Db, entityId: string) =>
  db
    .selectFrom('form16a_documents as d')
    .leftJoin('vendors as v', 'v.id', 'd.vendor_id')
    .where('d.entity_id', '=', entityId);

type RecordQuery = ReturnType<typeof recordQuery>;

const filtered = (q: RecordQuery, query: Form16aQuery): RecordQuery => {
  let out = q;
  if (query.vendorPan) out = out.where('d.vendor_pan', '=', query.vendorPan.toUpperCase());
  if (query.vendorName) out = out.where('v.vendor_name', 'ilike', contains(query.vendorName));
  if (query.financialYear) out = out.where('d.financial_year', '=', query.financialYear);
  if (query.quarter) out = out.where('d.quarter', '=', query.quarter.toUpperCase() as 'Q1');
  return out;
};

const columns = [
  'd.id',
  'd.file_name',
  'd.vendor_pan',
  'd.vendor_code',
  'd.financial_year',
  'd.quarter',
  'd.email',
  'd.deductor_tan',
  'd.certificate_number',
  'd.amount_paid',
  'd.tax_deducted',
  'd.uploaded_at',
  'd.file_id',
  'd.vendor_id',
  'v.vendor_name',
  'v.contact_email',
] as const;

type Row = {
  file_name: string;
  vendor_pan: string;
  vendor_code: string | null;
  financial_year: string;
  quarter: string;
  email: string | null;
  deductor_tan: string | null;
  certificate_number: string | null;
  amount_paid: string | null;
  tax_deducted: string | null;
  uploaded_at: Date;
  vendor_name: string | null;
};

export const toRecord = (row: Row): Form16aRecord => ({
  // a vendor deleted since the upload leaves its PAN as the name
  vendorName: row.vendor_name ?? row.vendor_pan,
  vendorCode: row.vendor_code,
  vendorPan: row.vendor_pan,
  financialYear: row.financial_year,
  quarter: row.quarter,
  fileName: row.file_name,
  email: row.email,
  deductorTan: row.deductor_tan,
  certificateNumber: row.certificate_number,
  amountPaid: row.amount_paid === null ? null : rupeesOfNumeric(row.amount_paid),
  taxDeducted: row.tax_deducted === null ? null : rupeesOfNumeric(row.tax_deducted),
  uploadedAt: row.uploaded_at.toISOString(),
});

export const searchCertificates = async (
  db: Db,
  entityId: string,
  query: Form16aQuery,
): Promise<Form16aSearchResponse> => {
  const rows = await filtered(recordQuery(db, entityId), query)
    .select(columns)
    .orderBy('d.financial_year', 'desc')
    .orderBy('d.quarter', 'desc')
    .orderBy('v.vendor_name')
    .orderBy('d.file_name')
    .limit(FORM16A_SEARCH_LIMIT)
    .execute();
  const total = await filtered(recordQuery(db, entityId), query)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { records: rows.map(toRecord), totalRecords: Number(total.n) };
};

// Every matching certificate with its stored file and the vendor's contact
// e-mail now (the bulk e-mail job groups them by vendor).
export const certificatesToMail = (db: Db, entityId: string, query: Form16aQuery) =>
  filtered(recordQuery(db, entityId), query)
    .innerJoin('stored_files as f', 'f.id', 'd.file_id')
    .select([...columns, 'f.storage_key'])
    .orderBy('d.vendor_pan')
    .orderBy('d.financial_year')
    .orderBy('d.quarter')
    .execute();

export const certificateByFileName = (db: Db, entityId: string, fileName: string) =>
  recordQuery(db, entityId)
    .innerJoin('stored_files as f', 'f.id', 'd.file_id')
    .select([...columns, 'f.storage_key'])
    .where('d.file_name', '=', fileName)
    .executeTakeFirst();

// PANs of the matching certificates' vendors that have no contact e-mail (or
// are gone from the vendor master), for the "fix them in the vendor master" warning.
export const panMissingEmail = async (db: Db, entityId: string, query: Form16aQuery): Promise<string[]> => {
  const rows = await filtered(recordQuery(db, entityId), query)
    .select('d.vendor_pan')
    .distinct()
    .where((eb) => eb.or([eb('v.id', 'is', null), eb(sql`coalesce(trim(v.contact_email), '')`, '=', '')]))
    .orderBy('d.vendor_pan')
    .execute();
  return rows.map((r) => r.vendor_pan);
};

// Another file of the entity already holding this certificate (same PAN,
// year, quarter and certificate number), or null.
export const sameCertificateElsewhere = async (
  db: Db,
  entityId: string,
  fields: Form16aFields,
  fileName: string,
): Promise<string | null> => {
  if (!fields.certificateNumber) return null;
  const row = await db
    .selectFrom('form16a_documents')
    .select('file_name')
    .where('entity_id', '=', entityId)
    .where('vendor_pan', '=', fields.deducteePan)
    .where('financial_year', '=', fields.financialYear)
    .where('quarter', '=', fields.quarter)
    .where('certificate_number', '=', fields.certificateNumber)
    .where('file_name', '<>', fileName)
    .executeTakeFirst();
  return row?.file_name ?? null;
};

// The certificate already stored under this file name, when it is another
// vendor's or another period's: a file of the same name replaces only the same
// certificate (a corrected upload), never a different one (TRACES downloads
// are often saved under one generic name).
export const fileNameHeldByAnother = async (
  db: Db,
  entityId: string,
  fields: Form16aFields,
  fileName: string,
): Promise<string | null> => {
  const row = await db
    .selectFrom('form16a_documents')
    .select(['vendor_pan', 'financial_year', 'quarter'])
    .where('entity_id', '=', entityId)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (
    !row ||
    (row.vendor_pan === fields.deducteePan &&
      row.financial_year === fields.financialYear &&
      row.quarter === fields.quarter)
  )
    return null;
  return `the Form 16A of ${row.vendor_pan} for FY ${row.financial_year} ${row.quarter}`;
};

export interface NewCertificate {
  entityId: string;
  tenantId: string;
  vendor: VendorOfPan;
  fields: Form16aFields;
  fileName: string;
  sha256: string;
  sizeBytes: number;
  storageKey: string;
  email: string | null;
  userId: string;
  jobId: string | null;
}

const numeric = (p: Paise | null): string | null => (p === null ? null : numericOfPaise(p));

// Stores one certificate: its original in stored_files and its row; a file of
// the same name replaces the earlier certificate (a corrected upload: callers
// refuse a name held by another certificate, fileNameHeldByAnother).
export const saveCertificate = async (tx: Transaction<DB>, c: NewCertificate): Promise<void> => {
  const fileId = await recordStoredFile(tx, c, {
    kind: 'form-16a',
    fileName: c.fileName,
    sha256: c.sha256,
    sizeBytes: c.sizeBytes,
    storageKey: c.storageKey,
    ...(c.jobId ? { jobId: c.jobId } : {}),
  });
  const values = {
    vendor_id: c.vendor.id,
    vendor_code: c.vendor.vendorCode,
    vendor_pan: c.fields.deducteePan,
    deductor_tan: c.fields.deductorTan,
    financial_year: c.fields.financialYear,
    quarter: c.fields.quarter,
    certificate_number: c.fields.certificateNumber,
    amount_paid: numeric(c.fields.amountPaidPaise),
    tax_deducted: numeric(c.fields.taxDeductedPaise),
    file_id: fileId,
    email: c.email,
    job_id: c.jobId,
    uploaded_by: c.userId,
    uploaded_at: new Date(),
  };
  await tx
    .insertInto('form16a_documents')
    .values({ entity_id: c.entityId, file_name: c.fileName, ...values })
    .onConflict((oc) => oc.columns(['entity_id', 'file_name']).doUpdateSet(values))
    .execute();
};
