import type { ControlTotals } from '@taxrecon/contracts';
import { type FileIssue, readCustomerMaster, readVendorMaster } from '@taxrecon/formats';
import { append } from '@taxrecon/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { type UpsertShape, upsertMasterRows } from './master-upsert.ts';
import { rejectedLines } from './parsed-batch.ts';

const BATCH = 500;

const customerRow = (r: Awaited<ReturnType<typeof readCustomerMaster>>['rows'][number]) => ({
  customer_code: r.customerCode,
  customer_name: r.customerName,
  name_from_sales_book: r.nameFromSalesBook,
  name_from_26as: r.nameFrom26AS,
  legal_name: r.legalName,
  trade_name: r.tradeName,
  entity_type: r.entityType,
  website: r.website,
  tan_number: r.tanNumber,
  cst_number: r.cstNumber,
  pan_number: r.panNumber,
  gst_registration_type: r.gstRegistrationType,
  gstin: r.gstIn,
  address_street: r.addressStreet,
  address_city: r.addressCity,
  address_state: r.addressState,
  pin_code: r.pinCode,
  country: r.country,
  parent_customer_id: r.parentCustomerId,
  contact_person_title: r.contactPersonTitle,
  contact_first_name: r.contactFirstName,
  contact_last_name: r.contactLastName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
  notes: r.notes,
});
type CustomerRow = ReturnType<typeof customerRow>;

const vendorRow = (r: Awaited<ReturnType<typeof readVendorMaster>>['rows'][number]) => ({
  vendor_code: r.vendorCode,
  vendor_name: r.vendorName,
  name_from_purchase_book: r.nameFromPurchaseBook,
  name_from_26as: r.nameFrom26AS,
  website: r.website,
  tan_number: r.tanNumber,
  cst_number: r.cstNumber,
  pan_number: r.panNumber,
  gst_registration_type: r.gstRegistrationType,
  gstin: r.gstIn,
  address_street: r.addressStreet,
  address_city: r.addressCity,
  address_state: r.addressState,
  pin_code: r.pinCode,
  country: r.country,
  parent_vendor_id: r.parentVendorId,
  contact_person_title: r.contactPersonTitle,
  contact_first_name: r.contactFirstName,
  contact_last_name: r.contactLastName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
  notes: r.notes,
  vendor_type: r.vendorType,
  compliance_206ab: r.compliance206AB,
  default_contact: r.defaultContact,
  active_status: r.activeStatus,
  resident: r.resident,
  aadhaar_pan_link: r.aadhaarPanLink,
});
type VendorRow = ReturnType<typeof vendorRow>;

// A row with a code updates the earlier row of that code in these columns
// only (names, tax identifiers, contact); its other columns keep what the
// record had, as they always did.
const CUSTOMERS: UpsertShape<CustomerRow> = {
  table: 'customers',
  booleans: new Set(),
  conflict: ['entity_id', 'customer_code'],
  updates: [
    'customer_name',
    'name_from_sales_book',
    'name_from_26as',
    'legal_name',
    'tan_number',
    'pan_number',
    'gstin',
    'address_city',
    'address_state',
    'contact_email',
    'contact_phone',
  ],
};
const VENDORS: UpsertShape<VendorRow> = {
  table: 'vendors',
  booleans: new Set(['compliance_206ab', 'default_contact', 'active_status', 'resident']),
  conflict: ['entity_id', 'vendor_code'],
  updates: [
    'vendor_name',
    'name_from_purchase_book',
    'name_from_26as',
    'tan_number',
    'pan_number',
    'gstin',
    'vendor_type',
    'compliance_206ab',
    'active_status',
    'aadhaar_pan_link',
    'contact_email',
  ],
};

const issueRows = (jobId: string, entityId: string, severity: 'error' | 'warning', issues: FileIssue[]) =>
  issues.map((i) => ({
    job_id: jobId,
    entity_id: entityId,
    severity,
    file_name: i.file,
    line: i.line,
    column_name: i.column ?? null,
    value: i.value ?? null,
    expected: i.expected,
    code: i.code,
    message: i.message,
  }));

// Customer and vendor master files: a row with a code updates the master
// record of that code, a customer row without one is added. All rows of the
// upload land in one transaction with the validation report, or none do.
export const loadMasterFile = async (
  ctx: AppContext,
  kind: 'customer-master' | 'vendor-master',
  files: SourceFile[],
  context: {
    entityId: string;
    jobId: string;
    // runs inside the load's transaction, last: the job marks itself done there
    beforeCommit?: (trx: Transaction<DB>, loaded: MasterLoad) => Promise<void>;
  },
): Promise<MasterLoad> => {
  const errors: FileIssue[] = [];
  const warnings: FileIssue[] = [];
  const customers: (ReturnType<typeof customerRow> & { line: number })[] = [];
  const vendors: (ReturnType<typeof vendorRow> & { line: number })[] = [];
  for (const file of files) {
    if (kind === 'customer-master') {
      const read = await readCustomerMaster(file.bytes, file.fileName);
      append(errors, read.errors);
      append(warnings, read.warnings);
      append(
        customers,
        read.rows.map((r) => ({ ...customerRow(r), line: r.line })),
      );
    } else {
      const read = await readVendorMaster(file.bytes, file.fileName);
      append(errors, read.errors);
      append(warnings, read.warnings);
      append(
        vendors,
        read.rows.map((r) => ({ ...vendorRow(r), line: r.line })),
      );
    }
  }
  // A code repeated in the file: the last row wins, the earlier ones are reported.
  const lastByCode = <T extends { line: number }>(rows: T[], code: (r: T) => string | null, file: string) => {
    const seen = new Map<string, T>();
    const kept: T[] = [];
    for (const row of rows) {
      const key = code(row);
      if (key === null) kept.push(row);
      else {
        const earlier = seen.get(key);
        if (earlier) {
          warnings.push({
            file,
            line: earlier.line,
            column: 'code',
            value: key,
            expected: 'each code once per file',
            code: 'DUPLICATE_CODE',
            message: `${key} appears again on line ${row.line}; that later row is kept.`,
          });
        }
        seen.set(key, row);
      }
    }
    return [...kept, ...seen.values()];
  };
  const firstFile = files[0]?.fileName ?? '';
  // not spread into splice's arguments: a master of lakhs of rows would overflow the stack
  const customerRows = lastByCode(customers, (r) => r.customer_code, firstFile).map(({ line: _, ...r }) => r);
  const vendorRows = lastByCode(vendors, (r) => r.vendor_code, firstFile).map(({ line: _, ...r }) => r);
  const valid = customerRows.length + vendorRows.length;
  let loaded = 0;
  let result: MasterLoad | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    loaded += await upsertMasterRows(trx, context.entityId, CUSTOMERS, customerRows);
    loaded += await upsertMasterRows(trx, context.entityId, VENDORS, vendorRows);
    const issues = [
      ...issueRows(context.jobId, context.entityId, 'error', errors),
      ...issueRows(context.jobId, context.entityId, 'warning', warnings),
    ];
    for (let i = 0; i < issues.length; i += BATCH) {
      await trx
        .insertInto('validation_issues')
        .values(issues.slice(i, i + BATCH))
        .execute();
    }
    if (loaded !== valid)
      throw new Error(`loaded ${loaded} of ${valid} valid master rows; nothing was loaded`);
    const rejected = rejectedLines(errors);
    const totals: ControlTotals = {
      rowsRead: valid + rejected,
      rowsLoaded: loaded,
      rowsRejected: rejected,
      rowsSkipped: 0,
      amountRead: '0.00',
      amountLoaded: '0.00',
      taxRead: '0.00',
      taxLoaded: '0.00',
      balanced: loaded === valid,
    };
    result = { totals, errors, warnings };
    await context.beforeCommit?.(trx, result);
  });
  if (!result) throw new Error('master load ended without a result');
  return result;
};

export interface MasterLoad {
  totals: ControlTotals;
  errors: FileIssue[];
  warnings: FileIssue[];
}
