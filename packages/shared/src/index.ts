export * from './financial-year.ts';
export * from './money.ts';
