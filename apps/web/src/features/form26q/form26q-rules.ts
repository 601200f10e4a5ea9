import { FORM26Q_MESSAGES, FORM26Q_TARGET_FIELDS, type Form26qTargetField } from '@taxrecon/contracts';

// The 26Q reconcile screen's rules (spec part 3 sections 5 and 9), kept apart
// from the page so they can be tested without a browser.

export const FORM26Q_MAX_FILE_BYTES = 10 * 1024 * 1024;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// A first guess of which header holds each field, from the usual 26Q column names.
const HINTS: Record<Form26qTargetField, string[]> = {
  vendorPan: ['pan', 'panofdeductee', 'deducteepan', 'vendorpan'],
  vendorName: ['name', 'nameofdeductee', 'deducteename', 'vendorname'],
  Section: ['section', 'sectioncode', 'sectionunderwhichpaymentmade'],
  sourceBaseAmount: ['amountpaid', 'amountpaidcredited', 'baseamount', 'amount'],
  sourceTDSAmount: ['tds', 'tdsdeducted', 'taxdeducted', 'tdsamount', 'totaltaxdeducted'],
  tdsRate: ['rate', 'tdsrate', 'rateatwhichdeducted'],
};

export const guessMapping = (headers: readonly string[]): Partial<Record<Form26qTargetField, string>> => {
  const out: Partial<Record<Form26qTargetField, string>> = {};
  for (const field of FORM26Q_TARGET_FIELDS) {
    const hit = headers.find((h) => HINTS[field].includes(squash(h)));
    if (hit !== undefined) out[field] = hit;
  }
  return out;
};

// '94C', 'Sec 194C', '194 C' -> a canonical section of the list when one reads the same.
export const guessSection = (value: string, sections: readonly string[]): string | undefined => {
  const v = squash(value).replace(/^(sec|section|us)/, '');
  return sections.find((s) => {
    const c = squash(s);
    return c === v || c === `1${v}` || (v.length >= 3 && c.replace(/^1/, '') === v);
  });
};

export interface Form26qChoices {
  financialYear: string | null;
  quarter: string | null;
  mapping: Partial<Record<Form26qTargetField, string>>;
  sectionValues: readonly string[];
  sectionMapping: Record<string, string | undefined>;
}

// The first of the spec's messages that applies, or null when the form may be sent.
export const form26qProblem = (c: Form26qChoices): string | null => {
  if (!c.financialYear || !c.quarter) return FORM26Q_MESSAGES.yearQuarter;
  if (FORM26Q_TARGET_FIELDS.some((f) => !c.mapping[f])) return FORM26Q_MESSAGES.fieldsUnmapped;
  if (c.sectionValues.some((v) => !c.sectionMapping[v])) return FORM26Q_MESSAGES.valuesUnmapped;
  return null;
};

// The multipart mappingDefinition: header -> target field.
export const mappingDefinition = (mapping: Partial<Record<Form26qTargetField, string>>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(mapping).map(([field, header]) => [header, field])));
