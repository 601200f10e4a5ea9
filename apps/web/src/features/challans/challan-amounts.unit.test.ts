import { type ChallanFormValues, challanProblems, EMPTY_CHALLAN_FORM } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { withPlainAmounts } from './challan-amounts.ts';

const form = (amounts: Partial<ChallanFormValues>): ChallanFormValues => ({
  ...EMPTY_CHALLAN_FORM,
  challanSerialNumber: '101',
  dateOfDeposit: '2024-05-07',
  bsrCode: '0510308',
  tanNumber: 'MUMA12345B',
  ...amounts,
});

// The readings themselves: lib/plain-rupees.unit.test.ts.
describe('withPlainAmounts', () => {
  it('reads every amount field as the challan rules take it, and leaves the other fields alone', () => {
    const typed = form({
      taxAmount: '2,000',
      fee: '₹200',
      interest: '1,234.5',
      others: '1,000.555',
      bsrCode: '05,10',
    });
    expect(challanProblems(typed).map(([f]) => f)).toEqual([
      'bsrCode',
      'taxAmount',
      'fee',
      'interest',
      'others',
    ]);
    const v = withPlainAmounts(typed);
    expect([v.taxAmount, v.fee, v.interest, v.others, v.bsrCode]).toEqual([
      '2000.00',
      '200.00',
      '1234.50',
      '1,000.555',
      '05,10',
    ]);
    expect(challanProblems(v).map(([f]) => f)).toEqual(['bsrCode', 'others']);
  });
});
