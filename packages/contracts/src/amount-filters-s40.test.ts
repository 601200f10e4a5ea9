import { describe, expect, it } from 'vitest';
import { VendorPaymentSearch } from './api/payable-data.ts';

// Session 40: the vendor payment search refused 1,05,942 (as the screen
// writes amounts) and said of 'abc' only "an amount in rupees such as 1000.50".
describe('amount filters of the vendor payment search', () => {
  it.each([
    ['1,05,942', '105942.00'],
    ['1,05,942.00', '105942.00'],
    ['₹1,05,942.00', '105942.00'],
    ['105942', '105942.00'],
    ['105942.5', '105942.50'],
  ])('reads %s as %s rupees, exactly', (typed, sent) => {
    expect(VendorPaymentSearch.parse({ baseAmount: typed, tdsAmount: typed })).toMatchObject({
      baseAmount: sent,
      tdsAmount: sent,
    });
  });

  it('leaves a blank amount out of the search', () => {
    expect(VendorPaymentSearch.parse({ baseAmount: '', tdsAmount: '  ' })).toEqual({
      baseAmount: undefined,
      tdsAmount: undefined,
    });
  });

  it('names the field and the expected form for an amount it cannot read', () => {
    const bad = VendorPaymentSearch.safeParse({ baseAmount: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'Base Amount: abc is not an amount in rupees, such as 1,05,942.50',
    );
    const tds = VendorPaymentSearch.safeParse({ tdsAmount: '1.005' });
    expect(tds.error?.issues[0]?.message).toBe(
      'TDS Amount: 1.005 is not an amount in rupees, such as 1,05,942.50 (at most two decimals)',
    );
  });
});
