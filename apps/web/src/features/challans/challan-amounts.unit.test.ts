import { type ChallanFormValues, challanProblems } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { withPlainAmounts } from './challan-amounts.ts';

const form = (amounts: Partial<ChallanFormValues>): ChallanFormValues => ({
  challanSerialNumber: '101',
  dateOfDeposit: '2024-05-07',
  bsrCode: '0510308',
  tanNumber: 'MUMA12345B',
  taxAmount: '',
  fee: '',
  surcharge: '',
  educationCess: '',
  interest: '',
  penalty: '',
  others: '',
  ...amounts,
});

describe('withPlainAmounts', () => {
  it.each([
    ['1,000', '1000.00'],
    ['1,05,942', '105942.00'],
    ['₹1,000.50', '1000.50'],
    ['₹ 25,000', '25000.00'],
    ['\u22121,000', '-1000.00'],
  ])('reads %s as %s, which the challan rules take', (typed, plain) => {
    const v = withPlainAmounts(form({ taxAmount: typed }));
    expect(v.taxAmount).toBe(plain);
    expect(challanProblems(form({ taxAmount: typed })).some(([f]) => f === 'taxAmount')).toBe(true);
    if (!plain.startsWith('-')) expect(challanProblems(v)).toEqual([]);
  });

  it.each(['1000', '1000.5', '12.345', '1,00.0.0', 'ten', '1,000.555', '12,34,56,78,90,12,345'])(
    'leaves %s as typed, for the rules to judge',
    (typed) => {
      expect(withPlainAmounts(form({ interest: typed })).interest).toBe(typed);
    },
  );

  it('reads every amount field, and leaves the other fields alone', () => {
    const v = withPlainAmounts(
      form({ taxAmount: '2,000', fee: '₹200', interest: '1,234.5', bsrCode: '05,10' }),
    );
    expect([v.taxAmount, v.fee, v.interest, v.bsrCode]).toEqual(['2000.00', '200.00', '1234.50', '05,10']);
  });
});
