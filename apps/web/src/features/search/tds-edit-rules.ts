import { formatInr, type Paise, paise, paiseOrZero, parseRupees } from '@taxrecon/shared';

// The rates a customer usually deducts under each section (Income-tax Act,
// 1961, as in force for FY 2024-25 and later). A hint beside the rate field,
// never a rule: a lower-deduction certificate (section 197) or a missing PAN
// (section 206AA, 20%) legitimately changes the rate.
const USUAL_RATES: Record<string, string> = {
  '194A': '10%',
  '194C': '1% (individual or HUF) or 2%',
  '194H': '2% (5% before October 2024)',
  '194I': '2% (plant and machinery) or 10% (land, building)',
  '194J': '10% (2% for technical services, 194J(a))',
  '194O': '0.1%',
  '194Q': '0.1%',
};

export const usualRateHint = (section: string | null | undefined): string | undefined => {
  const key = (section ?? '').toUpperCase().replace(/\s+/g, '').slice(0, 4);
  const rate = USUAL_RATES[key];
  return rate ? `Usual rate under ${key}: ${rate}` : undefined;
};

const RATE = /^\d+(\.\d{1,4})?$/;
const RUPEES = /^\d+(\.\d{1,2})?$/;

// The same limits the server enforces (packages/contracts search.ts), said in
// the dialog before Save.
export const rateError = (rate: string): string | undefined => {
  const r = rate.trim();
  if (!r) return undefined;
  if (!RATE.test(r)) return 'A rate like 10 or 0.1';
  return Number(r) > 100 ? 'A percentage between 0 and 100' : undefined;
};

export const amountError = (amount: string): string | undefined => {
  const a = amount.trim();
  if (!a) return undefined;
  if (a.startsWith('-')) return 'The TDS amount must not be negative';
  return RUPEES.test(a) ? undefined : 'Rupees with at most two decimals';
};

// Sale x rate in paise, exactly: the rate has at most four decimals, so it is
// scaled to a whole number and the product taken in BigInt.
export const expectedTds = (sale: string, rate: string): Paise => {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  const scaled = BigInt(whole + fraction.padEnd(4, '0'));
  const product = BigInt(paiseOrZero(sale)) * scaled;
  const divisor = 1_000_000n; // 100 (percent) x 10^4 (rate scale)
  return paise(Number((product + divisor / 2n) / divisor));
};

// A warning, not a refusal: the amount may be right for reasons the book
// does not show (a deduction on part of the invoice, a rounding by the customer).
export const disagreementWarning = (
  sale: string | null | undefined,
  rate: string,
  amount: string,
): string | undefined => {
  if (!sale || rateError(rate) || amountError(amount) || !rate.trim() || !amount.trim()) return undefined;
  const expected = expectedTds(sale, rate);
  const entered = parseRupees(amount) ?? 0;
  if (Math.abs(entered - expected) <= 100) return undefined;
  return `${formatInr(paise(entered))} differs from ${rate.trim()}% of the sale ${formatInr(
    paiseOrZero(sale),
  )} (${formatInr(expected)}) by more than ₹1.`;
};
