export * from './arrays.ts';
export * from './deductor-types.ts';
export * from './exemption-reasons.ts';
export * from './financial-year.ts';
export * from './identifiers.ts';
export * from './json-text.ts';
export * from './money.ts';
export * from './names.ts';
