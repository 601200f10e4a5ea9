import { readFile } from 'node:fs/promises';
import { paise } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { type Fvu26qDeductee, type Fvu26qReturn, nilChallan, quarterEndOf, write26qFvu } from './fvu-26q.ts';
import { read26qFvu } from './fvu-26q-read.ts';

// Rows with nothing deducted go into the return under the quarter's nil
// challan (CD NIL challan indicator Y, nothing paid), each with Annexure 6's
// reason; a government deductor writes PANNOTREQD as its PAN.

const address = {
  address1: 'NIRMAN BHAVAN',
  address2: 'MAULANA AZAD ROAD',
  address3: 'NEW DELHI',
  address4: '',
  address5: '',
  state: '09',
  pin: '110011',
  email: 'DDO@EXAMPLE.GOV.IN',
  std: '011',
  phone: '23061234',
};

const paid: Fvu26qDeductee = {
  pan: 'AAACB2345C',
  name: 'BRIGHT LOGISTICS LTD',
  deducteeCode: '01',
  section: '94C',
  paidOn: '2024-04-10',
  amountPaid: paise(1_00_000_00),
  deducted: paise(2_000_00),
  deposited: paise(2_000_00),
  deductedOn: '2024-04-10',
  rate: 20000,
  remark: '',
};
// below the threshold (Y) and under a nil-rate certificate (A): nothing deducted
const belowThreshold: Fvu26qDeductee = {
  pan: 'ABCPK7788L',
  name: 'KIRAN KUMAR',
  deducteeCode: '02',
  section: '94C',
  paidOn: '2024-05-02',
  amountPaid: paise(25_000_00),
  deducted: paise(0),
  deposited: paise(0),
  deductedOn: '',
  rate: 0,
  remark: 'Y',
};
const nilCertificate: Fvu26qDeductee = {
  pan: 'AAFCS5566D',
  name: 'SOFTLINE CONSULTING LLP',
  deducteeCode: '02',
  section: '4JB',
  paidOn: '2024-06-14',
  amountPaid: paise(50_000_00),
  deducted: paise(0),
  deposited: paise(0),
  deductedOn: '',
  rate: 0,
  remark: 'A',
  certificate: 'LDC/2024/0099',
};

const government: Fvu26qReturn = {
  createdOn: '2024-07-15',
  software: 'TAXRECON',
  tan: 'DELM09876B',
  pan: 'PANNOTREQD',
  financialYear: '2024-25',
  quarter: 'Q1',
  deductor: {
    ...address,
    name: 'MINISTRY OF EXAMPLE AFFAIRS',
    branch: 'PAO DELHI',
    type: 'A',
    // a central government deductor: no state name (that is for S, E, H, N)
    government: {
      stateName: '',
      paoCode: '012345',
      ddoCode: '201234',
      ministry: '99',
      ministryOther: 'MINISTRY OF EXAMPLE AFFAIRS',
      paoRegistration: '1234567',
      ddoRegistration: 'DDO0012345',
      ain: '7654321',
    },
  },
  responsible: {
    ...address,
    name: 'R K SHARMA',
    designation: 'DDO',
    mobile: '9810000000',
    pan: 'ABCPS1234K',
  },
  challans: [
    {
      bsrCode: '0510308',
      serial: '02345',
      depositedOn: '2024-05-07',
      tax: paise(2_000_00),
      surcharge: paise(0),
      cess: paise(0),
      interest: paise(0),
      fee: paise(0),
      penalty: paise(0),
      others: paise(0),
      minorHead: '200',
      deductees: [paid],
    },
    nilChallan('2024-25', 'Q1', [belowThreshold, nilCertificate]),
  ],
};

const linesOf = (r: Fvu26qReturn) => write26qFvu(r).split('\r\n').slice(0, -1);
// The text with field n (1-based) of line k (1-based) set to value.
const setField = (text: string, k: number, n: number, value: string): string =>
  text
    .split('\r\n')
    .map((l, i) =>
      i === k - 1
        ? l
            .split('^')
            .map((f, j) => (j === n - 1 ? value : f))
            .join('^')
        : l,
    )
    .join('\r\n');

describe('26Q rows with nothing deducted, and a government deductor', () => {
  it('writes exactly the golden file and reads it back', async () => {
    const golden = await readFile(`${FIXTURES_DIR}fvu-26q-q1-nil-challan.txt`, 'utf8');
    expect(write26qFvu(government)).toBe(golden);
    expect(read26qFvu(golden)).toEqual({ value: government, errors: [] });
  });

  it('counts the nil challan in the batch but adds nothing to its deposits', () => {
    const lines = linesOf(government);
    expect(lines.map((l) => l.split('^')[1])).toEqual(['FH', 'BH', 'CD', 'DD', 'CD', 'DD', 'DD']);
    const bh = lines[1]!.split('^');
    // challans, PAN, deductor type, deposits (the real challan's only)
    expect([bh[4 - 1], bh[15 - 1], bh[32 - 1], bh[47 - 1]]).toEqual(['2', 'PANNOTREQD', 'A', '2000.00']);
    // the 26Q layout (FY 2024-25): record 2, 2 rows, NIL indicator Y, no bank
    // challan no (12), BSR (16), book entry flag (37) or minor head (40),
    // dated the quarter's last day (18), nothing paid
    expect(lines[4]).toBe(
      '5^CD^1^2^2^Y^^^^^^^^^^^^30062024^^^^0.00^0.00^0.00^0.00^0.00^0.00^^0.00^0.00^0.00^0.00^0.00^0.00^0.00^^^^0.00^^',
    );
    const y = lines[5]!.split('^');
    // challan 2, its row 1; nothing deducted (17) or deposited (19), no date
    // of deduction (24), rate 0 (26), remark Y (30), no certificate (34)
    expect([4, 5, 10, 22, 17, 19, 24, 26, 30, 34].map((n) => y[n - 1])).toEqual([
      '2',
      '1',
      'ABCPK7788L',
      '25000.00',
      '0.00',
      '0.00',
      '',
      '0.0000',
      'Y',
      '',
    ]);
    const a = lines[6]!.split('^');
    expect([4, 5, 30, 34].map((n) => a[n - 1])).toEqual(['2', '2', 'A', 'LDC/2024/0099']);
  });

  it("writes a government deductor's fields at the 26Q batch header's positions", () => {
    const bh = linesOf(government)[1]!.split('^');
    // 54 state name, 55 PAO code, 56 DDO code, 57 ministry, 58 ministry
    // other, 59 responsible person's PAN, 60 PAO and 61 DDO registration
    // numbers, 68 AIN (docs/decisions.md session 40)
    expect([54, 55, 56, 57, 58, 59, 60, 61, 68].map((n) => bh[n - 1])).toEqual([
      '',
      '012345',
      '201234',
      '99',
      'MINISTRY OF EXAMPLE AFFAIRS',
      'ABCPS1234K',
      '1234567',
      'DDO0012345',
      '7654321',
    ]);
    expect(bh).toHaveLength(72);
  });

  it("writes a state government's state name, and none of the fields in a Form 140 year", () => {
    const state = {
      ...government,
      deductor: {
        ...government.deductor,
        type: 'S',
        government: { ...government.deductor.government!, stateName: '09', ministry: '', ministryOther: '' },
      },
    };
    expect(linesOf(state)[1]!.split('^')[54 - 1]).toBe('09');
    const form140 = linesOf({ ...state, financialYear: '2026-27' })[1]!.split('^');
    expect([54, 55, 56, 57, 58, 60, 61, 68].map((n) => form140[n - 1]).join('')).toBe('');
    expect(form140[59 - 1]).toBe('ABCPS1234K');
  });

  it('is a return of nil challans alone when nothing was deducted in the quarter', () => {
    const r: Fvu26qReturn = { ...government, challans: [nilChallan('2024-25', 'Q1', [belowThreshold])] };
    const bh = linesOf(r)[1]!.split('^');
    expect([bh[3], bh[46]]).toEqual(['1', '0.00']);
    expect(read26qFvu(write26qFvu(r))).toEqual({ value: r, errors: [] });
  });

  it.each([
    ['Q1', '2024-06-30'],
    ['Q2', '2024-09-30'],
    ['Q3', '2024-12-31'],
    ['Q4', '2025-03-31'],
  ] as const)('dates the nil challan of %s on %s', (quarter, day) => {
    expect(quarterEndOf('2024-25', quarter)).toBe(day);
  });

  it.each([
    ['PANNOTREQD for a company', (t: string) => t.replace('^N^A^R K SHARMA', '^N^K^R K SHARMA'), 'PAN', 2],
    ['a deductor PAN that is not one', (t: string) => t.replace('PANNOTREQD', 'PANNOTAVBL'), 'PAN', 2],
    [
      "a government deductor's fields for a company",
      (t: string) => t.replace('^N^A^R K SHARMA', '^N^K^R K SHARMA').replace('PANNOTREQD', 'AAACM1234Q'),
      'GOVERNMENT',
      2,
    ],
    [
      'a nil challan that pays tax',
      // tax (22) and total (27) of the nil challan, and the batch total (BH 47)
      (t: string) => setField(setField(setField(t, 5, 22, '5.00'), 5, 27, '5.00'), 2, 47, '2005.00'),
      'NIL_CHALLAN',
      5,
    ],
    ['a nil challan with a BSR code', (t: string) => setField(t, 5, 16, '0510308'), 'VALUE', 5],
    ['a real challan without a BSR code', (t: string) => t.replace('^0510308^', '^^'), 'BSR', 3],
    [
      'a nil challan row without a reason',
      (t: string) => t.replace('^0.0000^^^^Y^', '^0.0000^^^^^'),
      'REMARK',
      6,
    ],
    ['a nil challan row without a PAN', (t: string) => t.replace('ABCPK7788L', 'PANNOTAVBL'), 'PAN', 6],
    ['a row with tax deducted but no date of deduction', (t: string) => setField(t, 4, 24, ''), 'DATE', 4],
  ])('refuses %s, naming its line', (_, change, code, line) => {
    const text = write26qFvu(government);
    const changed = change(text);
    expect(changed).not.toBe(text);
    const r = read26qFvu(changed);
    expect(r.value).toBeNull();
    expect(r.errors.map((e) => [e.code, e.line])).toContainEqual([code, line]);
  });
});
