import {
  VENDOR_SECTION_MAPPING_COLUMNS_TEXT,
  type VendorSectionMapping,
  type VendorSectionMappingInput,
} from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import {
  exemptionReasonProblem,
  isExemptionReason,
  numericOfPaise,
  type Paise,
  rupeesOfNumeric,
} from '@taxrecon/shared';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../../platform/http/errors.ts';
import { vendorKind } from '../party/kind.ts';
import { findParty } from '../party/repo.ts';
import { partyNotFound } from '../party/service.ts';
import { writeTsv } from '../shared.ts';

// Vendor section mappings: which TDS section applies to a vendor, and whether
// it is exempt or holds a lower deduction certificate (section 197) for a
// rate, an amount and a period. The editor's rules (flags clear their fields,
// periods in order, 0..100 %, amount >= 0) are applied by the request schema
// and kept by CHECK constraints in the database.

const MAPPING_NOT_FOUND = 'Vendor-Section Mapping not found';

// Dates are read as text: pg would turn a date column into a local-time Date.
const asText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

const mappings = (db: Kysely<DB>, entityId: string) =>
  db
    .selectFrom('vendor_section_mappings as m')
    .innerJoin('vendors as v', 'v.id', 'm.vendor_id')
    .select([
      'm.id',
      'm.vendor_id',
      'v.vendor_code',
      'm.section_number',
      'm.sub_section',
      'm.tds_exempted',
      asText('m.tds_exempted_from').as('tds_exempted_from'),
      asText('m.tds_exempted_to').as('tds_exempted_to'),
      'm.tds_exemption_reason',
      'm.ltdc_applied',
      'm.ltdc_percentage',
      'm.ltdc_amount',
      asText('m.ltdc_from').as('ltdc_from'),
      asText('m.ltdc_to').as('ltdc_to'),
    ])
    .where('m.entity_id', '=', entityId)
    .where('v.entity_id', '=', entityId);

type MappingRow = Awaited<ReturnType<ReturnType<typeof mappings>['executeTakeFirstOrThrow']>>;

// The amount arrives as paise (read exactly from what was typed), is
// numeric(18,2) in the database and goes out as rupee text ('1500000.50').
const rupeesOut = (stored: string | null): string | null =>
  stored === null ? null : rupeesOfNumeric(stored);
const rupeesIn = (p: Paise | null): string | null => (p === null ? null : numericOfPaise(p));

const toMapping = (r: MappingRow): VendorSectionMapping => ({
  id: r.id,
  vendorId: r.vendor_id,
  vendorCode: r.vendor_code,
  sectionNumber: r.section_number,
  subSection: r.sub_section,
  tdsExempted: r.tds_exempted,
  tdsExemptedFromDate: r.tds_exempted_from,
  tdsExemptedToDate: r.tds_exempted_to,
  tdsExemptionReason: isExemptionReason(r.tds_exemption_reason) ? r.tds_exemption_reason : null,
  ltdcApplied: r.ltdc_applied,
  ltdcPercentage: r.ltdc_percentage === null ? null : Number(r.ltdc_percentage),
  ltdcAmount: rupeesOut(r.ltdc_amount),
  ltdcFromDate: r.ltdc_from,
  ltdcToDate: r.ltdc_to,
});

const toColumns = (m: VendorSectionMappingInput) => ({
  vendor_id: m.vendorId,
  section_number: m.sectionNumber,
  sub_section: m.subSection,
  tds_exempted: m.tdsExempted,
  tds_exempted_from: m.tdsExemptedFromDate,
  tds_exempted_to: m.tdsExemptedToDate,
  tds_exemption_reason: m.tdsExemptionReason,
  ltdc_applied: m.ltdcApplied,
  ltdc_percentage: m.ltdcPercentage === null ? null : String(m.ltdcPercentage),
  ltdc_amount: rupeesIn(m.ltdcAmount),
  ltdc_from: m.ltdcFromDate,
  ltdc_to: m.ltdcToDate,
});

export const sectionMappingService = (ctx: AppContext) => ({
  list: async (caller: Caller, vendorId: string) => {
    const entityId = await currentEntity(ctx, caller);
    if (!(await findParty(ctx.db, vendorKind, entityId, vendorId))) throw notFound(partyNotFound(vendorKind));
    const rows = await mappings(ctx.db, entityId)
      .where('m.vendor_id', '=', vendorId)
      .orderBy('m.section_number')
      .orderBy('m.sub_section')
      .orderBy('m.created_at')
      .execute();
    return rows.map(toMapping);
  },

  // Adds a mapping, or updates it when the request carries its id. The
  // section must name a TDS section (any text was stored before: 'XYZ'); it
  // is kept as typed, as the 34A run reads it through the same normalising.
  save: async (caller: Caller, input: VendorSectionMappingInput) => {
    const section = normaliseSection(input.sectionNumber, input.subSection);
    if (!section)
      throw badRequest(
        `sectionNumber: ${input.sectionNumber}${input.subSection ? ` with sub-section ${input.subSection}` : ''} is not a TDS section (e.g. 194C, 194J with sub-section b)`,
        'INVALID_SECTION',
      );
    // the request schema judged the section as typed; a payment code of the
    // 2025 Act is judged here as the section it stands for
    const reasonProblem = exemptionReasonProblem(input.tdsExemptionReason, input.tdsExempted, section);
    if (reasonProblem)
      throw new HttpError(400, 'INVALID_EXEMPTION_REASON', `tdsExemptionReason: ${reasonProblem}`, [
        { path: 'tdsExemptionReason', message: reasonProblem },
      ]);
    const entityId = await currentEntity(ctx, caller);
    if (!(await findParty(ctx.db, vendorKind, entityId, input.vendorId)))
      throw notFound(partyNotFound(vendorKind));
    let id = input.id;
    if (id) {
      const updated = await ctx.db
        .updateTable('vendor_section_mappings')
        .set({ ...toColumns(input), updated_at: new Date() })
        .where('id', '=', id)
        .where('entity_id', '=', entityId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw notFound(MAPPING_NOT_FOUND);
    } else {
      id = (
        await ctx.db
          .insertInto('vendor_section_mappings')
          .values({ entity_id: entityId, ...toColumns(input) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const row = await mappings(ctx.db, entityId).where('m.id', '=', id).executeTakeFirstOrThrow();
    return { message: 'Vendor-Section Mapping Updated', mapping: toMapping(row) };
  },

  remove: async (caller: Caller, id: string) => {
    const entityId = await currentEntity(ctx, caller);
    const deleted = await ctx.db
      .deleteFrom('vendor_section_mappings')
      .where('id', '=', id)
      .where('entity_id', '=', entityId)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw notFound(MAPPING_NOT_FOUND);
    return { message: 'Vendor-Section Mapping Deleted' };
  },

  exportFile: async (caller: Caller): Promise<string> => {
    const rows = await mappings(ctx.db, await currentEntity(ctx, caller))
      .orderBy('v.vendor_code')
      .orderBy('m.section_number')
      .orderBy('m.sub_section')
      .orderBy('m.id')
      .execute();
    // The file shows amounts as stored, with two decimals.
    const lines = rows.map((r) => ({ ...toMapping(r), ltdcAmount: r.ltdc_amount }));
    return writeTsv(
      SECTION_MAPPING_FIELDS,
      lines.map((m) => SECTION_MAPPING_FIELDS.map((f) => m[f])),
    );
  },
});

// the download's columns are the upload's (a downloaded file uploads back)
export const SECTION_MAPPING_FIELDS = VENDOR_SECTION_MAPPING_COLUMNS_TEXT;

// The template: the header line alone.
export const sectionMappingTemplate = (): string => writeTsv(SECTION_MAPPING_FIELDS, []);
