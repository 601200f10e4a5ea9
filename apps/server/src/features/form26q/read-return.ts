import { FORM26Q_MESSAGES, FORM26Q_TARGET_FIELDS, type Form26qTargetField } from '@taxrecon/contracts';
import type { Form26qReturnRow } from '@taxrecon/engine';
import { formatIssue, parseAmount, readTable, type TableRead } from '@taxrecon/formats';
import { ZERO_PAISE } from '@taxrecon/shared';
import { badRequest } from '../../platform/http/errors.ts';

// The filed 26Q's deductee rows: the spreadsheet is read with the header the
// user defined (or its first row), its columns mapped to the six target
// fields, each distinct Section value mapped to a canonical section.

export const readReturnTable = async (
  bytes: Uint8Array,
  fileName: string,
  headerDefinition: string | undefined,
): Promise<TableRead> => {
  const header = headerDefinition?.trim() ? headerDefinition : undefined;
  const table = await readTable(bytes, fileName, header === undefined ? {} : { header });
  const first = table.errors[0];
  if (first !== undefined) throw badRequest(formatIssue(first), 'INVALID_FILE');
  if (table.headers.length === 0)
    throw badRequest(`${fileName}: the file has no header row.`, 'INVALID_FILE');
  return table;
};

// Distinct values per column (the first 500 of each), for the section mapping screen.
export const distinctValues = (table: TableRead, limit = 500): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  table.headers.forEach((h, i) => {
    const seen = new Set<string>();
    for (const row of table.rows) {
      const v = (row.values[i] ?? '').trim();
      if (v !== '') seen.add(v);
      if (seen.size >= limit) break;
    }
    out[h] = [...seen].sort((a, b) => a.localeCompare(b));
  });
  return out;
};

const parseJsonObject = (text: string | undefined, what: string): Record<string, string> => {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${what} must be a JSON object such as {"PAN of deductee": "vendorPan"}.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest(`${what} must be a JSON object.`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed))
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
};

// header -> target field; every target must be mapped to a header of the file.
export const columnsOf = (table: TableRead, mappingDefinition: string | undefined) => {
  const mapping = parseJsonObject(mappingDefinition, 'mappingDefinition');
  const columns = new Map<Form26qTargetField, number>();
  for (const [header, target] of Object.entries(mapping)) {
    const index = table.headers.findIndex((h) => h.trim() === header.trim());
    if (index >= 0 && (FORM26Q_TARGET_FIELDS as readonly string[]).includes(target))
      columns.set(target as Form26qTargetField, index);
  }
  const unmapped = FORM26Q_TARGET_FIELDS.filter((f) => !columns.has(f));
  if (unmapped.length)
    throw badRequest(
      `${FORM26Q_MESSAGES.fieldsUnmapped} Not mapped to a column of the file: ${unmapped.join(', ')}.`,
      'FIELDS_UNMAPPED',
    );
  return { mapping, columns: columns as ReadonlyMap<Form26qTargetField, number> };
};

export const returnRowsOf = (
  table: TableRead,
  columns: ReadonlyMap<Form26qTargetField, number>,
  sectionMappingDefinition: string | undefined,
): { rows: Form26qReturnRow[]; sectionMapping: Record<string, string> } => {
  const sectionMapping = parseJsonObject(sectionMappingDefinition, 'sectionMappingDefinition');
  const col = (f: Form26qTargetField) => columns.get(f) ?? -1;
  const headerOf = (f: Form26qTargetField) => table.headers[col(f)] ?? f;
  const sectionValues = new Set(
    table.rows.map((r) => (r.values[col('Section')] ?? '').trim()).filter((v) => v !== ''),
  );
  if ([...sectionValues].some((v) => sectionMapping[v] === undefined))
    throw badRequest(FORM26Q_MESSAGES.valuesUnmapped, 'VALUES_UNMAPPED');

  const rows: Form26qReturnRow[] = [];
  for (const record of table.rows) {
    const cell = (f: Form26qTargetField) => (record.values[col(f)] ?? '').trim();
    const amount = (f: Form26qTargetField) => {
      const text = cell(f);
      if (text === '') return ZERO_PAISE;
      const parsed = parseAmount(text);
      if (!parsed.ok)
        throw badRequest(
          `${table.file}, line ${record.line}, column "${headerOf(f)}": expected an amount such as 1,00,000.50, found "${text}".`,
          'INVALID_AMOUNT',
        );
      return parsed.value;
    };
    const pan = cell('vendorPan');
    const section = cell('Section');
    const base = amount('sourceBaseAmount');
    const tds = amount('sourceTDSAmount');
    const rate = cell('tdsRate');
    if (rate !== '' && !parseAmount(rate.replace(/%$/, '')).ok)
      throw badRequest(
        `${table.file}, line ${record.line}, column "${headerOf('tdsRate')}": expected a rate such as 10 or 1.5, found "${rate}".`,
        'INVALID_RATE',
      );
    // a row without a PAN, section or amount is a total or a spacer, not a deductee
    if (pan === '' && section === '' && base === 0 && tds === 0) continue;
    if (section === '')
      throw badRequest(
        `${table.file}, line ${record.line}, column "${headerOf('Section')}": expected a section, found nothing.`,
        'MISSING_SECTION',
      );
    if (pan === '')
      throw badRequest(
        `${table.file}, line ${record.line}, column "${headerOf('vendorPan')}": expected a PAN (or PANNOTAVBL), found nothing.`,
        'MISSING_PAN',
      );
    rows.push({ pan, name: cell('vendorName'), section: sectionMapping[section] ?? section, base, tds });
  }
  return { rows, sectionMapping };
};
