import { type DeductorType, GOVERNMENT_DEDUCTOR_TYPES } from './deductor-types.ts';

// What a government deductor states in the 26Q batch header besides the common
// fields, and for which deductor types (Annexure 4), as the file format's notes
// say them (quoted by the generators in docs/decisions.md session 40):
// - PAO code, DDO code: "Mandatory for central govt (A). Optional for ... S, D,
//   E, G, H, L, N. For other deductor type no value should be provided."
// - Ministry name: "Numeric code ... Annexure 3 ... Mandatory for ... A, D & G.
//   Optional for ... E, H, L & N. For other deductor type no value should be
//   provided." (so not for S); Ministry name "Other" when the code is 99.
// - PAO and DDO registration numbers: optional for the eight government types.
// - AIN of the PAO / TO / CDDO: "Applicable only in case the deductor category
//   is Central Govt. or State Govt." and "Mandatory ... FY 2013-14 onwards".
// The state name (BH 54) is no field here: it is the deductor's own state code,
// written for S, E, H and N.
export const GOVERNMENT_DEDUCTOR_FIELDS = [
  'paoCode',
  'ddoCode',
  'ministry',
  'ministryOther',
  'paoRegistration',
  'ddoRegistration',
  'ain',
] as const;
export type GovernmentDeductorField = (typeof GOVERNMENT_DEDUCTOR_FIELDS)[number];

const ALL = GOVERNMENT_DEDUCTOR_TYPES;
const MINISTRY: readonly DeductorType[] = ['A', 'D', 'G', 'E', 'H', 'L', 'N'];
const RULES: Record<
  GovernmentDeductorField,
  { for: readonly DeductorType[]; required: readonly DeductorType[] }
> = {
  paoCode: { for: ALL, required: ['A'] },
  ddoCode: { for: ALL, required: ['A'] },
  ministry: { for: MINISTRY, required: ['A', 'D', 'G'] },
  ministryOther: { for: MINISTRY, required: [] },
  paoRegistration: { for: ALL, required: [] },
  ddoRegistration: { for: ALL, required: [] },
  ain: { for: ['A', 'S'], required: ['A', 'S'] },
};
export const MINISTRY_OTHER = '99';
// the state government types whose batch header names the state (BH 54)
export const STATE_NAME_DEDUCTOR_TYPES: readonly DeductorType[] = ['S', 'E', 'H', 'N'];

const has = (types: readonly DeductorType[], type: string) => (types as readonly string[]).includes(type);
export const isGovernmentFieldFor = (field: GovernmentDeductorField, type: string): boolean =>
  has(RULES[field].for, type);

// Why a government field's value does not fit the deductor type, or null.
export const governmentFieldProblem = (
  field: GovernmentDeductorField,
  values: { deductorType: string } & Record<GovernmentDeductorField, string>,
): string | null => {
  const type = values.deductorType;
  const value = values[field];
  if (value !== '' && !has(RULES[field].for, type))
    return `Only for deductor type ${RULES[field].for.join(', ')}: deductor type ${type} gives no value`;
  if (value === '' && has(RULES[field].required, type)) return `Required for deductor type ${type}`;
  if (field === 'ministry' && value !== '' && !/^\d{2}$/.test(value))
    return 'Ministry code must be the two digits of the 26Q annexure (99 for other)';
  if (field === 'ministryOther') {
    if (values.ministry === MINISTRY_OTHER && value === '')
      return 'Name the ministry: its code is 99 (other)';
    if (values.ministry !== MINISTRY_OTHER && value !== '') return 'Only with ministry code 99 (other)';
  }
  return null;
};
