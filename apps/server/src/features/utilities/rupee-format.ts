import { parseRupees, rupeesNumber } from '@taxrecon/shared';

// Excel's number format for rupees: the ₹ sign and lakh/crore grouping, so the
// cells stay numbers (totals still add up) and read as a person expects.
export const RUPEE_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

// A 26AS amount cell as printed (150000.00, 1,50,000.00, -800.00): its rupees as
// a number, exact to the paisa; anything else (dates, codes, text) is null.
const AMOUNT = /^-?\d[\d,]*\.\d{2}$/;
export const amountCell = (text: string): number | null => {
  if (!AMOUNT.test(text)) return null;
  const p = parseRupees(text);
  return p === null ? null : rupeesNumber(p);
};
