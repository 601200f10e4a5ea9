import { challanProblems, EMPTY_CHALLAN_FORM } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import {
  challanDetailsPath,
  depositCell,
  depositFieldLabel,
  depositModesFor,
  minorHeadShown,
} from './deposit-form.ts';

describe('the challan dialog of a government deductor (book entry)', () => {
  it.each([
    ['A', null, ['challan', 'book_entry']],
    ['S', null, ['challan', 'book_entry']],
    ['N', 'challan', ['challan', 'book_entry']],
    ['K', null, ['challan']],
    [null, null, ['challan']],
    // a voucher entered before the deductor type changed can still be turned into a challan
    ['K', 'book_entry', ['challan', 'book_entry']],
  ] as const)('deductor type %s, editing %s: offers %j', (type, editing, modes) => {
    expect(depositModesFor(type, editing)).toEqual(modes);
  });

  it("names the voucher's fields as a government accountant knows them", () => {
    expect(
      (['bsrCode', 'challanSerialNumber', 'dateOfDeposit', 'taxAmount'] as const).map((k) =>
        depositFieldLabel(k, 'book_entry', 'Tax amount'),
      ),
    ).toEqual([
      'Form 24G receipt number',
      'DDO serial number (Form 24G)',
      'Transfer voucher date',
      'Tax amount',
    ]);
    expect(depositFieldLabel('bsrCode', 'challan', '')).toBe('BSR code');
    expect(minorHeadShown('book_entry', '')).toBe('None (book entry)');
    expect(minorHeadShown('challan', undefined)).toBe('300');
  });

  it('checks the voucher by its own rules, under the fields the dialog shows', () => {
    const v = {
      ...EMPTY_CHALLAN_FORM,
      depositMode: 'book_entry' as const,
      dateOfDeposit: '2024-05-31',
      bsrCode: '12345',
      tanNumber: 'DELS12345C',
      taxAmount: '100',
    };
    expect(challanProblems(v)).toEqual([
      ['challanSerialNumber', 'DDO serial number (Form 24G) is required'],
      [
        'bsrCode',
        'Form 24G receipt number must be exactly 7 digits, the receipt number the Accounts Officer gave for Form 24G',
      ],
    ]);
  });

  it('shows a voucher recognisably in the table and downloads it by its mode', () => {
    const voucher = { depositMode: 'book_entry' as const, bsrCode: '1234567', challanSerialNumber: '123' };
    expect(depositCell(voucher)).toBe('Book entry · 24G 1234567 / DDO 123');
    expect(depositCell({ ...voucher, depositMode: 'challan' })).toBe('Bank challan');
    expect(challanDetailsPath({ ...voucher, challanDate: '2024-05-31' })).toBe(
      '/tds-payable/download-challan-details/1234567/123/2024-05-31?mode=book_entry',
    );
  });
});
