// Annexure 4 of the 26Q file format: the deductor's category (BH field 32),
// as Protean's format and the Odoo l10n_in module list them. The government
// categories are those of the centre and the states: a deductor of these may
// write PANNOTREQD as its PAN (BH field 15: "If the deductor is not required to
// have a PAN number, then mention PANNOTREQD"; Form 27A's notes: "It is
// mandatory for non-Government deductors to quote PAN. In case of Government
// deductors, PANNOTREQD should be mentioned").
export const DEDUCTOR_TYPES = {
  A: 'Central Government',
  S: 'State Government',
  D: 'Statutory body (Central Govt.)',
  E: 'Statutory body (State Govt.)',
  G: 'Autonomous body (Central Govt.)',
  H: 'Autonomous body (State Govt.)',
  L: 'Local Authority (Central Govt.)',
  N: 'Local Authority (State Govt.)',
  K: 'Company',
  M: 'Branch / Division of Company',
  P: 'Association of Persons (AOP)',
  T: 'Association of Persons (Trust)',
  J: 'Artificial Juridical Person',
  B: 'Body of Individuals',
  Q: 'Individual/HUF',
  F: 'Firm',
} as const;
export type DeductorType = keyof typeof DEDUCTOR_TYPES;

export const GOVERNMENT_DEDUCTOR_TYPES: readonly DeductorType[] = ['A', 'S', 'D', 'E', 'G', 'H', 'L', 'N'];
export const PAN_NOT_REQUIRED = 'PANNOTREQD';

export const isDeductorType = (code: string): code is DeductorType => Object.hasOwn(DEDUCTOR_TYPES, code);
export const isGovernmentDeductor = (code: string): boolean =>
  (GOVERNMENT_DEDUCTOR_TYPES as readonly string[]).includes(code);
