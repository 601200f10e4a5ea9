import type { ExpenseSectionMapping, PayableVendor, VendorSectionMapping } from '@taxrecon/engine';
import { readExpenseSections, readPayableVendors, readVendorSections } from '@taxrecon/formats';
import { numericOfPaise } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import { keepBytes } from '../../platform/storage/stored-files.ts';
import { expenseSectionMappings, payableVendors, vendorSectionMappings } from '../payable/engine-input.ts';
import { mapLedgerHeaders } from '../payable/ledger-read.ts';
import { monthsOfYear } from '../payable/runs/months.ts';
import { rememberMapping } from '../payable/runs/remembered-mapping.ts';
import { sectionParts } from '../payable/runs/section-parts.ts';
import { queuePayableRun } from '../payable/runs/submit.ts';
import { checkLedger } from '../payable-data/ledger-check.ts';
import { filePayments, readPayments } from '../payable-data/payments.ts';
import { type DemoExpenses, generateDemoExpenses } from './expenses.ts';
import { loadDemoRuleSets } from './rule-sets.ts';

// The demo company's year of expenses for TDS payable: the expense vendors in
// the vendor master with their section mappings (the LDC also as a
// certificate), the GL codes' expense section mappings, and twelve monthly
// ledgers in the expense folder with their header mapping remembered. The
// reference data goes straight into the tables (their upload screens are
// another area's); the ledgers are stored originals, read by the 34A job.

const bytesOf = (content: string) => Buffer.from(content, 'utf8');

export const loadDemoExpenses = async (
  ctx: AppContext,
  owner: JobOwner & { entityId: string },
  demo: DemoExpenses = generateDemoExpenses(),
): Promise<{ mapping: Record<string, string>; months: string[] }> => {
  const { entityId } = owner;
  const pool = ctx.database.pool;
  const file = (kind: DemoExpenses['files'][number]['kind']) => demo.files.filter((f) => f.kind === kind);

  const master = file('vendor-master')[0]!;
  const vendors = payableVendors((await readPayableVendors(bytesOf(master.content), master.fileName)).rows);
  await insertPayableVendors(pool, entityId, vendors);

  const vs = file('vendor-section-mapping')[0]!;
  await insertVendorSections(
    pool,
    entityId,
    vendorSectionMappings((await readVendorSections(bytesOf(vs.content), vs.fileName)).rows),
  );

  const es = file('expense-section-mapping')[0]!;
  await insertExpenseSections(
    pool,
    entityId,
    expenseSectionMappings((await readExpenseSections(bytesOf(es.content), es.fileName)).rows),
  );

  let mapping: Record<string, string> = {};
  const ledgers = file('expense-ledger');
  for (const f of ledgers) {
    await storeExpenseLedger(ctx, owner, demo.financialYear, f.month!, f.fileName, bytesOf(f.content));
    if (Object.keys(mapping).length === 0) {
      const headers = f.content.slice(0, f.content.indexOf('\r\n')).split('\t');
      for (const [field, index] of Object.entries(mapLedgerHeaders(headers)))
        if (index !== undefined) mapping[headers[index]!] = field;
    }
  }
  mapping = Object.fromEntries(Object.entries(mapping).sort());
  await rememberMapping(pool, entityId, mapping);
  return { mapping, months: monthsOfYear(demo.financialYear) };
};

// Vendor section mappings; a mapping with an LDC also becomes a certificate
// (ldc_certificates), as the LTDC upload would record it.
export const insertVendorSections = async (
  pool: Pick<AppContext['database']['pool'], 'query'>,
  entityId: string,
  mappings: readonly VendorSectionMapping[],
) => {
  for (const m of mappings) {
    const s = sectionParts(m.section);
    await pool.query(
      `INSERT INTO vendor_section_mappings (entity_id, vendor_id, section_number, sub_section, tds_exempted,
         tds_exempted_from, tds_exempted_to, ltdc_applied, ltdc_percentage, ltdc_amount, ltdc_from, ltdc_to,
         tds_exemption_reason)
       SELECT $1, id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 FROM vendors WHERE entity_id = $1 AND vendor_code = $2`,
      [
        entityId,
        m.vendorCode,
        s.number,
        s.sub || null,
        m.tdsExempted,
        m.tdsExemptedFrom,
        m.tdsExemptedTo,
        m.ltdcApplied,
        m.ltdcRate,
        m.ltdcAmount === null ? null : numericOfPaise(m.ltdcAmount),
        m.ltdcFrom,
        m.ltdcTo,
        m.exemptReason ?? null,
      ],
    );
    if (m.ltdcApplied && m.ltdcRate !== null && m.ltdcFrom && m.ltdcTo)
      await pool.query(
        `INSERT INTO ldc_certificates (entity_id, certificate_number, pan_number, vendor_code, section_number,
           sub_section, rate, amount_limit, valid_from, valid_to)
         SELECT $1, $2, pan_number, vendor_code, $4, $5, $6, $7, $8, $9 FROM vendors
         WHERE entity_id = $1 AND vendor_code = $3 AND pan_number IS NOT NULL
         ON CONFLICT (entity_id, certificate_number) DO NOTHING`,
        [
          entityId,
          `LDC-${m.vendorCode}-${m.ltdcFrom.slice(0, 4)}`,
          m.vendorCode,
          s.number,
          s.sub || null,
          m.ltdcRate,
          m.ltdcAmount === null ? null : numericOfPaise(m.ltdcAmount),
          m.ltdcFrom,
          m.ltdcTo,
        ],
      );
  }
};

export const insertExpenseSections = async (
  pool: Pick<AppContext['database']['pool'], 'query'>,
  entityId: string,
  mappings: readonly ExpenseSectionMapping[],
) => {
  for (const m of mappings) {
    const s = sectionParts(m.section);
    await pool.query(
      `INSERT INTO expense_section_mappings (entity_id, expense_key, expense_description, section_number, sub_section,
         expense_type, tds_exempted, applicable_from, applicable_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [
        entityId,
        m.expenseKey,
        m.description,
        s.number,
        s.sub || null,
        m.expenseType,
        m.tdsExempted,
        m.from,
        m.to,
      ],
    );
  }
};

// The vendor master rows the engine reads, in one statement (the bench loads 20,000).
export const insertPayableVendors = async (
  pool: Pick<AppContext['database']['pool'], 'query'>,
  entityId: string,
  vendors: readonly PayableVendor[],
) => {
  await pool.query(
    `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number, vendor_type, resident, compliance_206ab,
       aadhaar_pan_link)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::text[])
     ON CONFLICT (entity_id, vendor_code) DO NOTHING`,
    [
      entityId,
      vendors.map((v) => v.vendorCode),
      vendors.map((v) => v.vendorName ?? v.vendorCode),
      vendors.map((v) => v.pan),
      vendors.map((v) =>
        ['Personal', 'Company', 'Government', 'Bank', 'Trust'].includes(v.vendorType ?? '')
          ? v.vendorType
          : null,
      ),
      vendors.map((v) => v.resident),
      vendors.map((v) => v.compliance206AB),
      vendors.map((v) =>
        ['Operative', 'Inoperative', 'NA'].includes(v.aadhaarPanLink ?? '') ? v.aadhaarPanLink : null,
      ),
    ],
  );
};

// An expense ledger of a month stored as an original and put in the entity's
// expense folder with the control totals an upload records (the folder's
// Rows, Base Amount and TDS columns were blank for the demo's files).
export const storeExpenseLedger = async (
  ctx: AppContext,
  owner: JobOwner & { entityId: string },
  financialYear: string,
  month: string,
  fileName: string,
  bytes: Buffer,
) => {
  const check = await checkLedger(fileName, bytes, { month });
  const storedId = await keepBytes(ctx.db, ctx.files, owner, { kind: 'expense-ledger', fileName, bytes });
  await ctx.db
    .insertInto('payable_files')
    .values({
      entity_id: owner.entityId,
      kind: 'expense',
      financial_year: financialYear,
      month,
      file_name: fileName,
      file_id: storedId,
      uploaded_by: owner.userId,
      rows_read: check.rowsRead,
      base_total: check.baseTotal,
      tds_total: check.tdsTotal,
      problem_count: check.problems.length + check.warnings.length,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
};

// The vendor payment ledgers, one a month, read and filed as their load job
// files them (Upload Payment's folder and Search Vendor Payment Entries were
// empty for a new user). Loaded here, not by jobs, as the expense ledgers are.
const loadDemoPayments = async (
  ctx: AppContext,
  owner: JobOwner & { entityId: string },
  demo: DemoExpenses,
) => {
  for (const f of demo.files.filter((x) => x.kind === 'vendor-payment')) {
    const bytes = bytesOf(f.content);
    const read = await readPayments(f.fileName, bytes, f.month!);
    await ctx.db.transaction().execute(async (trx) => {
      const storedId = await keepBytes(trx, ctx.files, owner, {
        kind: 'vendor-payment',
        fileName: f.fileName,
        bytes,
      });
      await filePayments(
        trx,
        owner.entityId,
        { kind: 'vendor-payment', financialYear: demo.financialYear, month: f.month, fileName: f.fileName },
        read,
        { fileId: storedId, jobId: null, uploadedBy: owner.userId },
      );
    });
  }
};

// Loads the expenses and queues one 34A run for March: it computes April to
// March (each month after the one before it, DOMAIN 7.9) and leaves every
// month of the year computed, so a new user sees a full year of results.
export const loadDemoPayable = async (
  ctx: AppContext,
  task: TaskDefinition,
  owner: JobOwner & { entityId: string },
): Promise<{ jobId: string; financialYear: string } | null> => {
  const demo = generateDemoExpenses();
  const { mapping, months } = await loadDemoExpenses(ctx, owner, demo);
  await loadDemoPayments(ctx, owner, demo);
  await loadDemoRuleSets(ctx, owner);
  const jobId = await queuePayableRun(
    ctx,
    task,
    {
      entityId: owner.entityId,
      financialYear: demo.financialYear,
      month: months[months.length - 1]!,
      mapping,
      customRules: [],
      vendors: [],
      login: owner.login,
      userId: owner.userId,
    },
    owner,
  );
  return jobId ? { jobId, financialYear: demo.financialYear } : null;
};
