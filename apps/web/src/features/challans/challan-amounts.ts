import { CHALLAN_AMOUNT_FIELDS, type ChallanFormValues } from '@taxrecon/contracts';
import { formatRupees, parseTypedRupees } from '@taxrecon/shared';

// The challan dialog's amounts as the counterfoil and the screens write them
// ("1,05,942", "₹1,000.50") read as the plain rupees the API takes ("105942.00").
// The dialog refused "1,000" as "not an amount in rupees" (session 41). Text
// that is not such an amount, or longer than the API allows (13 digits of
// rupees), is left as typed so the usual rule names its field.
const MOST_DIGITS = 15;

export const withPlainAmounts = (v: ChallanFormValues): ChallanFormValues => {
  const out = { ...v };
  for (const f of CHALLAN_AMOUNT_FIELDS) {
    const text = v[f];
    if (!/[,₹\s\u2212]/.test(text) || text.replace(/\D/g, '').length > MOST_DIGITS) continue;
    const typed = parseTypedRupees(text);
    if (typed !== null) out[f] = formatRupees(typed);
  }
  return out;
};
