import type { UploadAnswer } from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import { type FileIssue, readVendorSections } from '@taxrecon/formats';
import { exemptionReasonProblem, isExemptionReason, numericOfPaise } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { fileIssue, type ReferenceFile, refuseFile } from '../../section-rules/reference-upload.ts';

// The vendor section mapping file (the download's columns, the payable
// reference file's reader): each line adds a mapping, or changes one, by its
// id when it has one, else the vendor's only mapping of the same section.
// The editor's rules hold for every line (a mapping is exempt or under a
// certificate, not both; periods in order; a certificate needs its rate;
// a reason for exemption only on an exempt mapping of a section it may stand
// under). A file with any bad line changes nothing: 400 naming the file, the
// line and the column of each problem.

type Read = Awaited<ReturnType<typeof readVendorSections>>;
type Line = Read['rows'][number];

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const dateOf = textOf;

export const uploadVendorSectionMappings = async (
  ctx: AppContext,
  file: ReferenceFile,
): Promise<UploadAnswer> => {
  const { entityId, fileName } = file;
  const read = await readVendorSections(file.bytes, fileName);
  const problems: FileIssue[] = [...read.errors];
  const vendors = new Map(
    (
      await ctx.db
        .selectFrom('vendors')
        .select(['id', 'vendor_code'])
        .where('entity_id', '=', entityId)
        .execute()
    ).map((v) => [v.vendor_code, v.id]),
  );
  const existing = await ctx.db
    .selectFrom('vendor_section_mappings')
    .select(['id', 'vendor_id', 'section_number', 'sub_section'])
    .where('entity_id', '=', entityId)
    .execute();
  const ids = new Set(existing.map((m) => m.id));
  const keyOf = (vendorId: string, section: string) => `${vendorId}\u0000${section}`;
  const byKey = new Map<string, string[]>();
  for (const m of existing) {
    const k = keyOf(m.vendor_id, normaliseSection(m.section_number, m.sub_section) ?? m.section_number);
    byKey.set(k, [...(byKey.get(k) ?? []), m.id]);
  }

  const bad = (r: Line, column: string, expected: string, message: string, value?: unknown) =>
    problems.push(
      fileIssue(
        fileName,
        r.line,
        column,
        'INVALID_VALUE',
        expected,
        message,
        value === undefined || value === null ? undefined : String(value),
      ),
    );

  const lines = new Map<string, { id: string | null; values: ReturnType<typeof columnsOf> }>();
  const columnsOf = (r: Line, vendorId: string) => {
    const exempted = r.tdsExempted === true;
    const ltdc = r.ltdcApplied === true;
    const reason = textOf(r.tdsExemptionReason);
    return {
      vendor_id: vendorId,
      section_number: String(r.sectionNumber).trim(),
      sub_section: textOf(r.subSection),
      tds_exempted: exempted,
      tds_exempted_from: exempted ? dateOf(r.tdsExemptedFromDate) : null,
      tds_exempted_to: exempted ? dateOf(r.tdsExemptedToDate) : null,
      tds_exemption_reason: exempted && isExemptionReason(reason) ? reason : null,
      ltdc_applied: ltdc,
      ltdc_percentage: ltdc && typeof r.ltdcPercentage === 'number' ? String(r.ltdcPercentage) : null,
      ltdc_amount: ltdc && typeof r.ltdcAmount === 'number' ? numericOfPaise(r.ltdcAmount) : null,
      ltdc_from: ltdc ? dateOf(r.ltdcFromDate) : null,
      ltdc_to: ltdc ? dateOf(r.ltdcToDate) : null,
    };
  };

  for (const r of read.rows) {
    const before = problems.length;
    const code = textOf(r.vendorCode) ?? '';
    const vendorId = vendors.get(code);
    if (!vendorId)
      bad(
        r,
        'vendorCode',
        'a vendor code of the vendor master',
        `no vendor ${code} in the vendor master`,
        code,
      );
    const section = normaliseSection(textOf(r.sectionNumber), textOf(r.subSection));
    if (!section)
      bad(r, 'sectionNumber', 'a TDS section such as 194C or 194J(b)', 'not a TDS section', r.sectionNumber);
    const id = textOf(r.id);
    if (id && !ids.has(id))
      bad(r, 'id', "a mapping's id from the download, or empty for a new mapping", 'no such mapping', id);
    if (!vendorId || !section || problems.length > before) continue;
    const v = columnsOf(r, vendorId);
    if (v.tds_exempted && v.ltdc_applied)
      bad(
        r,
        'ltdcApplied',
        'False on a TDS exempted mapping',
        'a mapping is either TDS exempted or under a lower deduction certificate, not both',
        'True',
      );
    if (v.tds_exempted_from && v.tds_exempted_to && v.tds_exempted_to < v.tds_exempted_from)
      bad(
        r,
        'tdsExemptedToDate',
        `a date on or after ${v.tds_exempted_from}`,
        'ends before it starts',
        v.tds_exempted_to,
      );
    if (v.ltdc_from && v.ltdc_to && v.ltdc_to < v.ltdc_from)
      bad(r, 'ltdcToDate', `a date on or after ${v.ltdc_from}`, 'ends before it starts', v.ltdc_to);
    if (v.ltdc_applied && v.ltdc_percentage === null)
      bad(r, 'ltdcPercentage', "the certificate's rate (0 to 100)", 'an LDC applied needs its percentage');
    if (typeof r.ltdcPercentage === 'number' && (r.ltdcPercentage < 0 || r.ltdcPercentage > 100))
      bad(r, 'ltdcPercentage', '0 to 100', 'not a percentage', r.ltdcPercentage);
    // the reader judged the section as written; a payment code is judged here
    // as the section it stands for
    const reasonProblem = exemptionReasonProblem(textOf(r.tdsExemptionReason), v.tds_exempted, section);
    if (reasonProblem)
      bad(
        r,
        'tdsExemptionReason',
        'B, T or Z on an exempt mapping of its section',
        reasonProblem,
        r.tdsExemptionReason,
      );
    if (problems.length > before) continue;
    const same = byKey.get(keyOf(vendorId, section)) ?? [];
    const target = id ?? (same.length === 1 ? same[0]! : null);
    lines.set(target ?? `new\u0000${keyOf(vendorId, section)}`, { id: target, values: v });
  }
  if (problems.length > 0) refuseFile(fileName, problems);
  if (lines.size === 0) throw badRequest(`${fileName} has no vendor section mappings.`, 'EMPTY_FILE');

  let added = 0;
  let changed = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const { id, values: columns } of lines.values()) {
      if (id) {
        await trx
          .updateTable('vendor_section_mappings')
          .set({ ...columns, updated_at: new Date() })
          .where('id', '=', id)
          .where('entity_id', '=', entityId)
          .execute();
        changed++;
      } else {
        await trx
          .insertInto('vendor_section_mappings')
          .values({ entity_id: entityId, ...columns })
          .execute();
        added++;
      }
    }
  });
  const repeated = read.rows.length - lines.size;
  return {
    message: `${added} vendor section mapping(s) added and ${changed} changed from ${fileName}${repeated ? `; ${repeated} repeated line(s) for the same mapping: the last one counts` : ''}.`,
    jobId: null,
    validationErrorsCount: 0,
    error: null,
  };
};
