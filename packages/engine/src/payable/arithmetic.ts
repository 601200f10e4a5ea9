import { type Paise, paise } from '@taxrecon/shared';

// Rates are percentages with up to four decimals (0.1, 0.075, 2); in
// arithmetic they are whole "rate units" of 1/10,000 of a percent, so
// base x rate is an exact integer and nothing is rounded through floats.
export type RateUnits = number & { readonly __rateUnits: true };

export const RATE_SCALE = 10_000;

export const rateUnits = (percent: number): RateUnits => Math.round(percent * RATE_SCALE) as RateUnits;

export const percentOf = (units: RateUnits): number => units / RATE_SCALE;

// paise x rate units / (100 x RATE_SCALE) = paise of tax; with a further /100
// for rupees the divisor of an exact numerator is 1e8.
const RUPEE_DIVISOR = 100 * RATE_SCALE * 100;

// A numerator of tax (paise x rate units), kept exact while the parts of one
// entry (LDC rate on one part, normal rate on the rest) are added up.
export type TaxNumerator = bigint;

export const taxNumerator = (amount: Paise, units: RateUnits): TaxNumerator => BigInt(amount) * BigInt(units);

// Tax is rounded to the nearest rupee per entry (section 288B), half away
// from zero so a reversal mirrors its original.
export const roundToRupee = (n: TaxNumerator): Paise => {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const d = BigInt(RUPEE_DIVISOR);
  let rupees = abs / d;
  if ((abs % d) * 2n >= d) rupees += 1n;
  const value = Number(rupees) * 100;
  return paise(negative && value !== 0 ? -value : value);
};

// Interest of a percent a month for `months` months on `amount`, to the rupee.
export const interestOn = (amount: Paise, percentPerMonth: number, months: number): Paise =>
  months <= 0 || amount <= 0
    ? paise(0)
    : roundToRupee(taxNumerator(amount, rateUnits(percentPerMonth * months)));

export const maxUnits = (a: RateUnits, b: RateUnits): RateUnits => (a >= b ? a : b);
