import { readFile } from 'node:fs/promises';
import { paise } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { type Fvu26qReturn, write26qFvu } from './fvu-26q.ts';
import { read26qFvu } from './fvu-26q-read.ts';

// A central government office (deductor type A, PAN not required) that paid
// May's TDS by book entry, a transfer voucher its Pay and Accounts Officer
// reported on Form 24G, and June's by bank challan (docs/decisions.md session
// 41). Golden file fvu-26q-q1-book-entry.txt; positions and sources of each
// CD field in fvu-26q-layout.test.ts and session 40.

const address = {
  address1: 'ROOM 210, NIRMAN BHAWAN',
  address2: 'MAULANA AZAD ROAD',
  address3: 'NEW DELHI',
  address4: '',
  address5: '',
  state: '25',
  pin: '110011',
  email: 'PAO@EXAMPLE.GOV.IN',
  std: '011',
  phone: '23061234',
};

const row = (pan: string, name: string, paidOn: string, tax: number) => ({
  pan,
  name,
  deducteeCode: '02' as const,
  section: '94C',
  paidOn,
  amountPaid: paise(tax * 100),
  deducted: paise(tax),
  deposited: paise(tax),
  deductedOn: paidOn,
  rate: 10000,
  remark: '',
});

const amounts = (tax: number) => ({
  tax: paise(tax),
  surcharge: paise(0),
  cess: paise(0),
  interest: paise(0),
  fee: paise(0),
  penalty: paise(0),
  others: paise(0),
});

const bookEntrySample: Fvu26qReturn = {
  createdOn: '2024-07-15',
  software: 'TAXRECON',
  tan: 'DELP01234C',
  pan: 'PANNOTREQD',
  financialYear: '2024-25',
  quarter: 'Q1',
  deductor: {
    ...address,
    name: 'PAY AND ACCOUNTS OFFICE MINISTRY OF EXAMPLE',
    branch: 'PAO NEW DELHI',
    type: 'A',
    government: {
      stateName: '',
      paoCode: '012345',
      ddoCode: '201234',
      ministry: '12',
      ministryOther: '',
      paoRegistration: '',
      ddoRegistration: '',
      ain: '123456',
    },
  },
  responsible: {
    ...address,
    name: 'R K SHARMA',
    designation: 'PAY AND ACCOUNTS OFFICER',
    mobile: '9810000000',
    pan: 'ABCPS1234K',
  },
  challans: [
    {
      // the Form 24G receipt number stands where a BSR code would (CD 16)
      bsrCode: '7654321',
      serial: '',
      transferVoucher: { ddoSerial: '00042' },
      depositedOn: '2024-05-31',
      ...amounts(paise(2_500_00)),
      minorHead: '',
      deductees: [row('AAACB2345C', 'BRIGHT LOGISTICS LTD', '2024-05-31', 2_500_00)],
    },
    {
      bsrCode: '0510308',
      serial: '02345',
      depositedOn: '2024-07-05',
      ...amounts(paise(1_000_00)),
      minorHead: '200',
      deductees: [row('ABCPK7788L', 'KIRAN KUMAR', '2024-06-20', 1_000_00)],
    },
  ],
};

const golden = () => readFile(`${FIXTURES_DIR}fvu-26q-q1-book-entry.txt`, 'utf8');

describe('26Q of a government deductor that paid by book entry (transfer voucher)', () => {
  it('writes exactly the golden file', async () => {
    expect(write26qFvu(bookEntrySample)).toBe(await golden());
  });

  it('reads the golden file back into the return it states, voucher and challan', async () => {
    expect(read26qFvu(await golden())).toEqual({ value: bookEntrySample, errors: [] });
  });

  // CD 12 bank challan no, 14 DDO serial no of Form 24G, 16 BSR / Form 24G
  // receipt no, 18 date of challan / transfer voucher, 37 by book entry,
  // 40 minor head ("No value to be quoted for nil challan/ transfer voucher")
  it.each([
    ['the voucher', 3, ['', '00042', '7654321', '31052024', 'Y', '']],
    ['the bank challan', 5, ['02345', '', '0510308', '05072024', 'N', '200']],
  ])('puts %s at CD 12, 14, 16, 18, 37 and 40', async (_, line, expected) => {
    const cd = (await golden()).split('\r\n')[line - 1]!.split('^');
    expect(cd[1]).toBe('CD');
    expect([12, 14, 16, 18, 37, 40].map((n) => cd[n - 1])).toEqual(expected);
  });
});
