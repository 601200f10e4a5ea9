import { INR_EXCEL_FORMAT, parseRupees, rupeesNumber } from '@taxrecon/shared';

// Excel's number format for rupees, from the one money module.
export const RUPEE_FORMAT = INR_EXCEL_FORMAT;

// A 26AS amount cell as printed (150000.00, 1,50,000.00, -800.00): its rupees as
// a number, exact to the paisa; anything else (dates, codes, text) is null.
const AMOUNT = /^-?\d[\d,]*\.\d{2}$/;
export const amountCell = (text: string): number | null => {
  if (!AMOUNT.test(text)) return null;
  const p = parseRupees(text);
  return p === null ? null : rupeesNumber(p);
};
