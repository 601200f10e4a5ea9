import { describe, expect, it } from 'vitest';
import { amountError, disagreementWarning, expectedTds, rateError, usualRateHint } from './tds-edit-rules.ts';

describe("a sales entry's TDS as typed in the edit dialog", () => {
  it('refuses a rate outside 0-100 and a negative amount', () => {
    expect(rateError('9400')).toMatch(/between 0 and 100/);
    expect(rateError('10')).toBeUndefined();
    expect(rateError('0')).toBeUndefined();
    expect(amountError('-5')).toMatch(/not be negative/);
    expect(amountError('14500.50')).toBeUndefined();
  });

  it('warns when the amount and rate x sale disagree by more than a rupee', () => {
    expect(expectedTds('94100.00', '10')).toBe(941000);
    expect(disagreementWarning('94100.00', '10', '200000')).toBe(
      '₹2,00,000.00 differs from 10% of the sale ₹94,100.00 (₹9,410.00) by more than ₹1.',
    );
    expect(disagreementWarning('94100.00', '10', '9410.90')).toBeUndefined();
    expect(disagreementWarning('94100.00', '0.1', '94.10')).toBeUndefined();
  });

  it("hints the section's usual rate", () => {
    expect(usualRateHint('194J')).toMatch(/^Usual rate under 194J: 10%/);
    expect(usualRateHint('194 C')).toMatch(/1%/);
    expect(usualRateHint(null)).toBeUndefined();
  });
});
