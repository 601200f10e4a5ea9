import { describe, expect, it } from 'vitest';
import { matchedAmountGap } from './summary-gap.ts';

const row = (metric: string, book: string, taxBook: string) => ({
  metric,
  transactionAmountSalesPurchaseBook: book,
  transactionAmountTaxBook: taxBook,
});

describe('the amount gap of pairs matched at transaction level', () => {
  it('is the difference of the two amounts, either way, to the paisa', () => {
    expect(matchedAmountGap([row('Matched at transaction level', '1918217850.00', '1915757850.01')])).toBe(
      245999999,
    );
    expect(matchedAmountGap([row('Matched at transaction level', '100.00', '100.10')])).toBe(10);
  });

  it('is nothing when the amounts agree or the row is absent', () => {
    expect(matchedAmountGap([row('Matched at transaction level', '500.00', '500.00')])).toBe(0);
    expect(matchedAmountGap([row('Total', '1.00', '2.00')])).toBe(0);
  });
});
