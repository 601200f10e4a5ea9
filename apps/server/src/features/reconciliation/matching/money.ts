import { numericOfPaise, paiseOfNumeric } from './copy-text.ts';

// numeric text from the database ("1234.5", "12", null) as the API's money text
// ("1234.50"), exactly: through paise, never through a float.
export const money = (numeric: string | number | null | undefined): string =>
  numericOfPaise(paiseOfNumeric(numeric === null || numeric === undefined ? null : String(numeric)));

export const paise = (numeric: string | number | null | undefined): number =>
  paiseOfNumeric(numeric === null || numeric === undefined ? null : String(numeric));

export const moneyOfPaise = (p: number): string => numericOfPaise(p);
