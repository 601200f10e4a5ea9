import { readFile } from 'node:fs/promises';
import { paise } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { annexureSectionCode, type Fvu26qReturn, returnSectionCode, write26qFvu } from './fvu-26q.ts';
import { read26qFvu } from './fvu-26q-read.ts';

const address = {
  address1: 'PLOT 12, MIDC',
  address2: 'ANDHERI EAST',
  address3: 'MUMBAI',
  address4: '',
  address5: '',
  state: '19',
  pin: '400093',
  email: 'TAX@DEMO.IN',
  std: '022',
  phone: '28350000',
};

// A quarter with two challans: the first covers two deductees, the second one.
const sample: Fvu26qReturn = {
  createdOn: '2024-07-15',
  software: 'TAXRECON',
  tan: 'MUMD12345E',
  pan: 'AABCD1234E',
  financialYear: '2024-25',
  quarter: 'Q1',
  deductor: { ...address, name: 'DEMO INDUSTRIES PRIVATE LIMITED', branch: 'HEAD OFFICE', type: 'K' },
  responsible: {
    ...address,
    name: 'ASHA RAO',
    designation: 'CHIEF FINANCIAL OFFICER',
    mobile: '9820000000',
    pan: 'ABCPR1234K',
  },
  challans: [
    {
      bsrCode: '0510308',
      serial: '02345',
      depositedOn: '2024-05-07',
      tax: paise(3_000_00),
      surcharge: paise(0),
      cess: paise(0),
      interest: paise(45_00),
      fee: paise(0),
      penalty: paise(0),
      others: paise(0),
      minorHead: '200',
      deductees: [
        {
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
        },
        {
          pan: 'ABCPK7788L',
          name: 'KIRAN KUMAR',
          deducteeCode: '02',
          section: '94C',
          paidOn: '2024-04-22',
          amountPaid: paise(1_00_000_00),
          deducted: paise(1_000_00),
          deposited: paise(1_000_00),
          deductedOn: '2024-04-22',
          rate: 10000,
          remark: '',
        },
      ],
    },
    {
      bsrCode: '6390340',
      serial: '00017',
      depositedOn: '2024-06-07',
      tax: paise(10_000_00),
      surcharge: paise(0),
      cess: paise(0),
      interest: paise(0),
      fee: paise(0),
      penalty: paise(0),
      others: paise(0),
      minorHead: '200',
      deductees: [
        {
          pan: 'AAFCS5566D',
          name: 'SOFTLINE CONSULTING LLP',
          deducteeCode: '02',
          section: '4JB',
          paidOn: '2024-05-31',
          amountPaid: paise(1_00_000_00),
          deducted: paise(10_000_00),
          deposited: paise(10_000_00),
          deductedOn: '2024-05-31',
          rate: 100000,
          remark: '',
        },
      ],
    },
  ],
};

describe('26Q FVU text file', () => {
  it('writes exactly the golden file', async () => {
    const golden = await readFile(`${FIXTURES_DIR}fvu-26q-q1.txt`, 'utf8');
    expect(write26qFvu(sample)).toBe(golden);
  });

  it('reads the golden file back into the return it states', async () => {
    const golden = await readFile(`${FIXTURES_DIR}fvu-26q-q1.txt`, 'utf8');
    expect(read26qFvu(golden)).toEqual({ value: sample, errors: [] });
  });

  it('writes the 26Q layout for FY 2024-25: 18, 72, 41 and 48 fields, CR LF, derived counts and totals', () => {
    const lines = write26qFvu(sample).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => [l.split('^')[1], l.split('^').length])).toEqual([
      ['FH', 18],
      ['BH', 72],
      ['CD', 41],
      ['DD', 48],
      ['DD', 48],
      ['CD', 41],
      ['DD', 48],
    ]);
    const bh = lines[1]!.split('^');
    // 2 challans; AY 2025-26 of FY 2024-25; deposits 3,045 + 10,000
    expect([bh[3], bh[4], bh[15], bh[16], bh[17], bh[46]]).toEqual([
      '2',
      '26Q',
      '202526',
      '202425',
      'Q1',
      '13045.00',
    ]);
    // EY's numbering: 12 bank challan no, 16 BSR, 18 date, 22-26 Oltas tax,
    // surcharge, cess, interest, others, 27 total, 29-35 as per deductees,
    // 37 book entry N, 39 fee, 40 minor head (each position: fvu-26q-layout.test.ts)
    expect(lines[2]).toBe(
      '3^CD^1^1^2^N^^^^^^02345^^^^0510308^^07052024^^^^3000.00^0.00^0.00^45.00^0.00^3045.00^^3000.00^3000.00^0.00^0.00^3000.00^45.00^0.00^^N^^0.00^200^',
    );
    const dd = lines[6]!.split('^');
    expect([4, 5, 10, 33, 22, 17, 19, 26].map((n) => dd[n - 1])).toEqual([
      '2',
      '1',
      'AAFCS5566D',
      '4JB',
      '100000.00',
      '10000.00',
      '10000.00',
      '10.0000',
    ]);
  });

  it.each([
    ['194C', '94C'],
    ['194J(b)', '4JB'],
    ['194J(a)', '4JA'],
    ['194I(a)', '4IA'],
    ['194Q', '94Q'],
    ['194H', '94H'],
    ['194A', '94A'],
    ['194', '194'],
    ['193', '193'],
    ['194IA', '9IA'],
    ['194IB', '9IB'],
    ['194IC', '4IC'],
    ['194BA', '9BA'],
    ['194BB', '4BB'],
    ['194LBA', '4BA'],
    ['194LA', '94L'],
    ['194DA', '4DA'],
    ['192A', '2AA'],
  ])('section %s is written %s', (section, code) => {
    expect(annexureSectionCode(section)).toBe(code);
  });

  it.each([
    ['a field removed', (t: string) => t.replace('^0510308^', '^'), 'FIELD_COUNT', 3],
    ['a wrong deductee count', (t: string) => t.replace('3^CD^1^1^2^', '3^CD^1^1^3^'), 'VALUE', 3],
    ['a wrong batch total', (t: string) => t.replace('13045.00', '13000.00'), 'VALUE', 2],
    ['a bad date', (t: string) => t.replace('07052024', '0705202'), 'DATE', 3],
    ['a bad amount', (t: string) => t.replace('^100000.00^', '^1,00,000^'), 'AMOUNT', 4],
    ['an unknown record', (t: string) => t.replace('^DD^', '^XX^'), 'RECORD_TYPE', 4],
  ])('refuses a file with %s, naming its line', (_, change, code, line) => {
    const r = read26qFvu(change(write26qFvu(sample)));
    expect(r.value).toBeNull();
    expect(r.errors.map((e) => [e.code, e.line])).toContainEqual([code, line]);
  });

  it('writes remark A with the certificate number, and only ASCII (accents dropped)', () => {
    const [first] = sample.challans;
    const r: Fvu26qReturn = {
      ...sample,
      challans: [
        {
          ...first!,
          deductees: [
            { ...first!.deductees[0]!, name: 'José Núñez & Co', remark: 'A', certificate: 'LDC/2024/0042' },
            first!.deductees[1]!,
          ],
        },
      ],
    };
    const text = write26qFvu(r);
    expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
    const dd = text.split('\r\n')[3]!.split('^');
    // 26Q DD: 13 name, 30 remark, 34 the section 197 certificate
    expect([dd[13 - 1], dd[30 - 1], dd[34 - 1]]).toEqual(['JOSE NUNEZ & CO', 'A', 'LDC/2024/0042']);
    const read = read26qFvu(text);
    expect(read.errors).toEqual([]);
    expect(read.value!.challans[0]!.deductees[0]).toMatchObject({
      remark: 'A',
      certificate: 'LDC/2024/0042',
    });
  });

  it('is Form 140 from Tax Year 2026-27, its rows under the payment code; 26Q and annexure codes before', () => {
    const form = (fy: string) =>
      write26qFvu({ ...sample, financialYear: fy })
        .split('\r\n')[1]!
        .split('^')[4];
    expect([form('2025-26'), form('2026-27')]).toEqual(['26Q', '140']);
    const next = write26qFvu({ ...sample, financialYear: '2026-27' });
    expect(read26qFvu(next).errors).toEqual([]);
    // Form 140's challan and deductee records: 30 and 45 fields
    expect(
      next
        .split('\r\n')
        .slice(2, -1)
        .map((l) => l.split('^').length),
    ).toEqual([30, 45, 45, 30, 45]);
    // a 2026-27 file that says 26Q is not what the reader takes
    const wrong = next.replace('^140^', '^26Q^');
    expect(read26qFvu(wrong).errors.map((e) => e.message)).toContain('Expected "140", found "26Q"');
    expect(returnSectionCode('2026-27', '194C', '1024')).toBe('1024');
    expect(returnSectionCode('2026-27', '194J(b)', null)).toBe('4JB');
    expect(returnSectionCode('2025-26', '194C', '1024')).toBe('94C');
  });

  // The 26Q layout has no penalty field (it is written within Others), so a
  // 26Q year round trips with the penalty in others; a transfer voucher has
  // no bank challan number or minor head. Form 140 keeps the penalty apart
  // and knows no transfer voucher.
  it.each([
    ['2024-25', '26Q'],
    ['2026-27', '140'],
  ])('round trips any return of FY %s (%s): read(write(x)) equals x', (financialYear) => {
    const form26q = financialYear === '2024-25';
    const upper = fc.stringMatching(/^[A-Z0-9 .,&-]{0,20}$/);
    const amount = fc.integer({ min: 0, max: 10_00_00_000_00 }).map(paise);
    const date = fc
      .date({
        min: new Date('2024-04-01T00:00:00Z'),
        max: new Date('2025-03-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const deductee = fc.record({
      pan: fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/),
      name: upper,
      deducteeCode: fc.constantFrom('01' as const, '02' as const),
      section: fc.constantFrom('94C', '4JB', '94H', '94Q'),
      paidOn: date,
      amountPaid: amount,
      deducted: amount,
      deposited: amount,
      deductedOn: date,
      rate: fc.integer({ min: 0, max: 400000 }),
      remark: fc.constantFrom('', 'A', 'C', 'Y'),
    });
    const challan = fc
      .record({
        bsrCode: fc.stringMatching(/^\d{7}$/),
        serial: fc.stringMatching(/^\d{5}$/),
        depositedOn: date,
        tax: amount,
        surcharge: amount,
        cess: amount,
        interest: amount,
        fee: amount,
        penalty: form26q ? fc.constant(paise(0)) : amount,
        others: amount,
        minorHead: fc.constantFrom('200', '400'),
        deductees: fc.array(deductee, { maxLength: 4 }),
        ddoSerial: form26q ? fc.option(fc.stringMatching(/^\d{5}$/)) : fc.constant(null),
      })
      .map(({ ddoSerial, ...c }) =>
        ddoSerial === null ? c : { ...c, serial: '', minorHead: '', transferVoucher: { ddoSerial } },
      );
    fc.assert(
      fc.property(fc.array(challan, { maxLength: 4 }), upper, (challans, name) => {
        const r: Fvu26qReturn = {
          ...sample,
          financialYear,
          deductor: { ...sample.deductor, name },
          challans,
        };
        expect(read26qFvu(write26qFvu(r))).toEqual({ value: r, errors: [] });
      }),
      { numRuns: 100 },
    );
  });
});
