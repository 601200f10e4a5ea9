import {
  EXPENSE_MAPPING_SEARCH_LIMIT,
  type ExpenseSectionMappingFilter,
  type ExpenseSectionMappingRow,
  type UploadAnswer,
} from '@taxrecon/contracts';
import { EXPENSE_SECTION_COLUMNS, type FileIssue, readExpenseSections } from '@taxrecon/formats';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { writeTsv } from '../../master-data/shared.ts';
import { fileIssue, type ReferenceFile, refuseFile } from '../reference-upload.ts';
import { canonicalSplit } from '../section-types/rows.ts';

// Expense section mappings: an expense key (GL code, primary or secondary
// expense key) to its section for a period. The 34A job reads the table.

const isoDate = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

interface Stored {
  id: string;
  expense_key: string;
  expense_description: string | null;
  section_number: string;
  sub_section: string | null;
  expense_type: string | null;
  expense_type_detail: string | null;
  tds_exempted: boolean;
  applicable_from: Date | null;
  applicable_to: Date | null;
}

const rowOf = (r: Stored): ExpenseSectionMappingRow => ({
  id: r.id,
  expensekey: r.expense_key,
  expensedescription: r.expense_description,
  sectionnumber: r.section_number,
  subsection: r.sub_section,
  expensetype: r.expense_type,
  expensetypedetail: r.expense_type_detail,
  tdsexempted: r.tds_exempted,
  applicablefromdate: isoDate(r.applicable_from),
  applicabletodate: isoDate(r.applicable_to),
});

export const expenseMappingService = (ctx: AppContext) => {
  const query = (entityId: string, f: ExpenseSectionMappingFilter | null) => {
    let q = ctx.db
      .selectFrom('expense_section_mappings')
      .select([
        'id',
        'expense_key',
        'expense_description',
        'section_number',
        'sub_section',
        'expense_type',
        'expense_type_detail',
        'tds_exempted',
        'applicable_from',
        'applicable_to',
      ])
      .where('entity_id', '=', entityId);
    if (f?.expenseKey) q = q.where('expense_key', 'ilike', contains(f.expenseKey));
    if (f?.expenseDescription) q = q.where('expense_description', 'ilike', contains(f.expenseDescription));
    // "194J(b)" as one text, so "194j", "194J(b)" and "(b)" all find it
    if (f?.sectionNumber)
      q = q.where(
        sql<string>`section_number || coalesce('(' || sub_section || ')', '')`,
        'ilike',
        contains(f.sectionNumber),
      );
    if (f?.expenseType) q = q.where('expense_type', 'ilike', contains(f.expenseType));
    if (f?.expenseTypeDetail) q = q.where('expense_type_detail', 'ilike', contains(f.expenseTypeDetail));
    // in force at some time between the two dates
    if (f?.applicableFromDate)
      q = q.where((eb) =>
        eb.or([
          eb('applicable_to', 'is', null),
          eb('applicable_to', '>=', sql<Date>`${f.applicableFromDate}::date`),
        ]),
      );
    if (f?.applicableToDate)
      q = q.where((eb) =>
        eb.or([
          eb('applicable_from', 'is', null),
          eb('applicable_from', '<=', sql<Date>`${f.applicableToDate}::date`),
        ]),
      );
    return q.orderBy('expense_key').orderBy('applicable_from');
  };

  const search = async (caller: Caller, filter: ExpenseSectionMappingFilter) => {
    const entityId = await currentEntity(ctx, caller);
    const rows = await query(entityId, filter).limit(EXPENSE_MAPPING_SEARCH_LIMIT).execute();
    return rows.map(rowOf);
  };

  const exportFile = async (caller: Caller): Promise<string> => {
    const entityId = await currentEntity(ctx, caller);
    const rows = (await query(entityId, null).execute()).map(rowOf);
    return writeTsv(
      EXPENSE_SECTION_COLUMNS.map((c) => c.key),
      rows.map((r) => [
        r.expensekey,
        r.expensedescription,
        r.sectionnumber,
        r.subsection,
        r.expensetype,
        r.expensetypedetail,
        r.tdsexempted,
        r.applicablefromdate,
        r.applicabletodate,
      ]),
    );
  };

  // Upsert by expense key and applicable-from date: a line for a key and date
  // already mapped changes that mapping; other mappings stay. Within one file
  // the later line for the same key and date wins.
  const upload = async (file: ReferenceFile): Promise<UploadAnswer> => {
    const read = await readExpenseSections(file.bytes, file.fileName);
    const problems: FileIssue[] = [...read.errors];
    const byKey = new Map<string, ReturnType<typeof valuesOf>>();
    const valuesOf = (r: (typeof read.rows)[number], split: [string, string | null]) => ({
      entity_id: file.entityId,
      expense_key: String(r.expenseKey).trim(),
      expense_description: (r.expenseDescription as string | null) ?? null,
      section_number: split[0],
      sub_section: split[1],
      expense_type: (r.expenseType as string | null) ?? null,
      expense_type_detail: (r.expenseTypeDetail as string | null) ?? null,
      tds_exempted: r.tdsExempted === true,
      applicable_from: (r.applicableFromDate as string | null) ?? null,
      applicable_to: (r.applicableToDate as string | null) ?? null,
      updated_at: new Date(),
    });
    for (const r of read.rows) {
      const split = canonicalSplit(String(r.sectionNumber ?? ''), (r.subSection as string | null) ?? null);
      if (!split) {
        problems.push(
          fileIssue(
            file.fileName,
            r.line,
            'sectionNumber',
            'INVALID_VALUE',
            'a TDS section such as 194C or 194J(b)',
            'not a TDS section',
            String(r.sectionNumber),
          ),
        );
        continue;
      }
      const v = valuesOf(r, split);
      if (v.applicable_from && v.applicable_to && v.applicable_to < v.applicable_from) {
        problems.push(
          fileIssue(
            file.fileName,
            r.line,
            'applicableToDate',
            'INVALID_VALUE',
            `a date on or after ${v.applicable_from}`,
            'ends before it starts',
            v.applicable_to,
          ),
        );
        continue;
      }
      byKey.set(`${v.expense_key}\u0000${v.applicable_from ?? ''}`, v);
    }
    if (problems.length > 0) refuseFile(file.fileName, problems);
    const rows = [...byKey.values()];
    if (rows.length === 0)
      throw badRequest(`${file.fileName} has no expense section mappings.`, 'EMPTY_FILE');
    await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('expense_section_mappings')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) =>
            oc.columns(['entity_id', 'expense_key', 'applicable_from']).doUpdateSet((eb) => ({
              expense_description: eb.ref('excluded.expense_description'),
              section_number: eb.ref('excluded.section_number'),
              sub_section: eb.ref('excluded.sub_section'),
              expense_type: eb.ref('excluded.expense_type'),
              expense_type_detail: eb.ref('excluded.expense_type_detail'),
              tds_exempted: eb.ref('excluded.tds_exempted'),
              applicable_to: eb.ref('excluded.applicable_to'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
    });
    const repeated = read.rows.length - rows.length;
    return {
      message: `${rows.length} expense section mappings loaded from ${file.fileName} (added or changed by expense key and applicable-from date)${repeated ? `; ${repeated} repeated line(s) for the same key and date: the last one counts` : ''}.`,
      jobId: null,
      validationErrorsCount: 0,
      error: null,
    };
  };

  return { search, exportFile, upload };
};
