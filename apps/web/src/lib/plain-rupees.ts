import { formatRupees, parseTypedRupees } from '@taxrecon/shared';

// An amount typed as the screens and bank counterfoils write it ("1,05,942",
// "₹1,000.50", "−500") as the plain rupees the API takes ("105942.00"), for
// the forms whose rules (the API's own) read plain rupees only: they refused
// "1,000" as not an amount in rupees (session 41). Text that is not such an
// amount, or longer than any amount the API takes (more than 15 digits), is
// given back as typed so the rule names its field.
const MOST_DIGITS = 15;

export const plainRupees = (text: string): string => {
  if (!/[,₹\s\u2212]/.test(text) || text.replace(/\D/g, '').length > MOST_DIGITS) return text;
  const typed = parseTypedRupees(text);
  return typed === null ? text : formatRupees(typed);
};
