import type {
  SectionExpenseTypeFilter,
  SectionExpenseTypeRow,
  SectionExpenseTypeUpdate,
  UploadAnswer,
} from '@taxrecon/contracts';
import { EXCESS_ONLY_SECTIONS } from '@taxrecon/engine';
import { type FileIssue, readSectionTypes, SECTION_TYPE_COLUMNS } from '@taxrecon/formats';
import { formatRupees, type Paise } from '@taxrecon/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { SectionExpenseTypesTable } from '../../../platform/db/schema-payable.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { writeTsv } from '../../master-data/shared.ts';
import { fileIssue, type ReferenceFile, refuseFile } from '../reference-upload.ts';
import { canonicalSplit, filterSectionTypes, natureOfPayment, shippedIndexOf } from './rows.ts';
import { effectiveRows, lockEntity, rowsByIds, seedShipped } from './store.ts';

export const SECTION_TYPE_UPDATED = 'The mapping was updated successfully';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const money = (p: Paise | number | null | undefined): string | null =>
  p === null || p === undefined ? null : formatRupees(p);

export const sectionTypeService = (ctx: AppContext) => {
  const search = async (caller: Caller, filter: SectionExpenseTypeFilter) =>
    filterSectionTypes(await effectiveRows(ctx.db, await currentEntity(ctx, caller)), filter);

  const all = async (caller: Caller) => effectiveRows(ctx.db, await currentEntity(ctx, caller));

  const sections = async (caller: Caller) => natureOfPayment(await all(caller));

  // One row or several (inline edit), all or none. A `shipped-<n>` id names the
  // copy of shipped row n: made now if the entity still uses the shipped data.
  const update = async (caller: Caller, changes: readonly SectionExpenseTypeUpdate[]) => {
    const entityId = await currentEntity(ctx, caller);
    for (const [i, c] of changes.entries()) {
      if (!canonicalSplit(c.sectionnumber, c.subsection))
        throw badRequest(
          `${changes.length > 1 ? `Row ${i + 1}: ` : ''}sectionnumber: ${c.sectionnumber} is not a TDS section (e.g. 194C, 194J with sub-section b)`,
          'INVALID_SECTION',
        );
    }
    const ids = await ctx.db.transaction().execute(async (trx) => {
      await lockEntity(trx, entityId);
      await seedShipped(trx, entityId, caller.userId);
      const done: string[] = [];
      for (const c of changes) {
        const shipped = shippedIndexOf(c.sectionexpensetypeid);
        const target =
          shipped !== null
            ? await trx
                .selectFrom('section_expense_types')
                .select('id')
                .where('entity_id', '=', entityId)
                .where('shipped_index', '=', shipped)
                .executeTakeFirst()
            : UUID.test(c.sectionexpensetypeid)
              ? await trx
                  .selectFrom('section_expense_types')
                  .select('id')
                  .where('entity_id', '=', entityId)
                  .where('id', '=', c.sectionexpensetypeid)
                  .executeTakeFirst()
              : undefined;
        if (!target) throw notFound(`Section expense type ${c.sectionexpensetypeid} not found`);
        const [section_number, sub_section] = canonicalSplit(c.sectionnumber, c.subsection)!;
        const section = sub_section ? `${section_number}(${sub_section})` : section_number;
        await trx
          .updateTable('section_expense_types')
          .set({
            section_number,
            sub_section,
            expense_type: c.expensetype,
            expense_type_detail: c.expensetypedetail,
            tds_exempted: c.tdsexempted,
            tds_rate_company: c.tdsratecompany,
            tds_rate_individual: c.tdsrateindividual,
            tds_rate_others: c.tdsrateothers,
            tds_for_no_or_invalid_pan: c.tdsfornoorinvalidpan,
            applicable_from: c.applicablefromdate,
            applicable_to: c.applicabletodate,
            threshold_invoice: c.thresholdinvoice,
            threshold_monthly: c.thresholdmonthly,
            threshold_annually: c.thresholdannually,
            // follows the section, as the upload sets it: a 194Q row edited to
            // 194C would otherwise tax only the excess (session 39)
            excess_only: EXCESS_ONLY_SECTIONS.has(section),
            updated_by: caller.userId,
            updated_at: new Date(),
          })
          .where('id', '=', target.id)
          .execute();
        done.push(target.id);
      }
      return done;
    });
    return { message: SECTION_TYPE_UPDATED, rows: await rowsByIds(ctx.db, entityId, ids) };
  };

  // The upload replaces the entity's set (shipped copies included): the file
  // is the whole table, as the download writes it.
  const upload = async (caller: Caller, file: ReferenceFile): Promise<UploadAnswer> => {
    const read = await readSectionTypes(file.bytes, file.fileName);
    const problems: FileIssue[] = [...read.errors];
    const rows: Insertable<SectionExpenseTypesTable>[] = [];
    for (const r of read.rows) {
      const bad = (column: string, expected: string, message: string, value?: string) =>
        problems.push(fileIssue(file.fileName, r.line, column, 'INVALID_VALUE', expected, message, value));
      const split = canonicalSplit(String(r.sectionNumber ?? ''), (r.subSection as string | null) ?? null);
      if (!split)
        bad(
          'sectionNumber',
          'a TDS section such as 194C or 194J(b)',
          'not a TDS section',
          String(r.sectionNumber),
        );
      const others = r.tdsRateOthers as number | null;
      if (others === null)
        bad('tdsRateOthers', 'a percentage between 0 and 100', 'the rate for other payees is missing');
      const from = r.applicableFromDate as string | null;
      const to = r.applicableToDate as string | null;
      if (from === null)
        bad('applicableFromDate', 'a date such as 2025-04-01', 'the date it applies from is missing');
      if (from && to && to < from)
        bad('applicableToDate', `a date on or after ${from}`, 'ends before it starts', to);
      for (const t of ['thresholdInvoice', 'thresholdMonthly', 'thresholdAnnually'] as const) {
        const v = r[t] as number | null;
        if (v !== null && v < 0)
          bad(t, 'an amount of 0 or more', 'a threshold cannot be negative', money(v) ?? '');
      }
      if (!split || others === null || from === null) continue;
      const section = split[1] ? `${split[0]}(${split[1]})` : split[0];
      rows.push({
        entity_id: file.entityId,
        section_number: split[0],
        sub_section: split[1],
        expense_type: (r.expenseType as string | null) ?? null,
        expense_type_detail: (r.expenseTypeDetail as string | null) ?? null,
        tds_exempted: r.tdsExempted === true,
        tds_rate_company: (r.tdsRateCompany as number | null) ?? others,
        tds_rate_individual: (r.tdsRateIndividual as number | null) ?? others,
        tds_rate_others: others,
        tds_for_no_or_invalid_pan: (r.tdsForNoOrInvalidPAN as number | null) ?? null,
        applicable_from: from,
        applicable_to: to,
        threshold_invoice: money(r.thresholdInvoice as number | null),
        threshold_monthly: money(r.thresholdMonthly as number | null),
        threshold_annually: money(r.thresholdAnnually as number | null),
        excess_only: EXCESS_ONLY_SECTIONS.has(section),
        source: `Uploaded from ${file.fileName} by ${caller.login}`,
        shipped: false,
        updated_by: caller.userId,
      });
    }
    if (problems.length > 0) refuseFile(file.fileName, problems);
    if (rows.length === 0) throw badRequest(`${file.fileName} has no section expense types.`, 'EMPTY_FILE');
    await ctx.db.transaction().execute(async (trx) => {
      await lockEntity(trx, file.entityId);
      await trx.deleteFrom('section_expense_types').where('entity_id', '=', file.entityId).execute();
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('section_expense_types')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    return {
      message: `${rows.length} section expense types loaded from ${file.fileName}; they replace the earlier set.`,
      jobId: null,
      validationErrorsCount: 0,
      error: null,
    };
  };

  // The upload's format: the spec's field names as the header.
  const exportFile = async (caller: Caller): Promise<string> => {
    const rows: SectionExpenseTypeRow[] = await all(caller);
    return writeTsv(
      SECTION_TYPE_COLUMNS.map((c) => c.key),
      rows.map((r) => [
        r.sectionexpensetypeid,
        r.sectionnumber,
        r.subsection,
        r.expensetype,
        r.expensetypedetail,
        r.tdsexempted,
        r.tdsratecompany,
        r.tdsrateindividual,
        r.tdsrateothers,
        r.tdsfornoorinvalidpan,
        r.applicablefromdate,
        r.applicabletodate,
        r.thresholdinvoice,
        r.thresholdmonthly,
        r.thresholdannually,
      ]),
    );
  };

  return { search, all, sections, update, upload, exportFile };
};
