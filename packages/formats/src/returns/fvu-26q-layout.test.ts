import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { type Fvu26qReturn, write26qFvu } from './fvu-26q.ts';
import { read26qFvu } from './fvu-26q-read.ts';

// Each field of the challan (CD) and deductee (DD) records of the golden FY
// 2024-25 file, by its position in the 26Q layout (file format 7.x, FVU 9.x)
// and the source that puts it there (docs/decisions.md "26Q challan and
// deductee records in the 26Q layout ... (session 40)"): EY = EY's TDS returns
// generator (FilingChallanDetailBean / FilingDeducteeDetailBean, numbered
// fields of toString); 24Q notes = a 24Q generator quoting the spec on each
// challan field (the challan record is common to 24Q and 26Q).

const golden = async (name: string) => readFile(`${FIXTURES_DIR}${name}`, 'utf8');
const fieldsOf = (text: string, line: number) => text.split('\r\n')[line - 1]!.split('^');

// The first challan of fvu-26q-q1.txt: BSR 0510308, challan 02345 of 7 May
// 2024, tax 3,000 and interest 45, two deductees deducted 2,000 and 1,000.
const CD_FIELDS: [number, string, string][] = [
  [1, '3', 'Line Number (EY, 24Q notes)'],
  [2, 'CD', 'Record Type'],
  [3, '1', 'Batch Number'],
  [4, '1', 'Challan-Detail Record Number'],
  [5, '2', 'Count of Deductee / Party Records'],
  [6, 'N', 'NIL Challan Indicator'],
  [7, '', 'Challan Updation Indicator (corrections)'],
  [8, '', 'Filler'],
  [9, '', 'Filler'],
  [10, '', 'Filler'],
  [11, '', 'Last Bank Challan No (verification)'],
  [12, '02345', 'Bank Challan No'],
  [13, '', 'Last Transfer Voucher No (verification)'],
  [14, '', 'DDO serial number of Form No. 24G (book entry only)'],
  [15, '', 'Last Bank-Branch Code / Form 24G Receipt Number (verification)'],
  [16, '0510308', 'Bank-Branch Code / Form 24G Receipt Number'],
  [17, '', "Last Date of 'Bank Challan No / Transfer Voucher No' (verification)"],
  [18, '07052024', "Date of 'Bank Challan No / Transfer Voucher No'"],
  [19, '', 'Filler'],
  [20, '', 'Filler'],
  [21, '', 'Section: none from FY 2013-14 (24Q notes)'],
  [22, '3000.00', "'Oltas TDS / TCS - Income Tax'"],
  [23, '0.00', "'Oltas TDS / TCS - Surcharge'"],
  [24, '0.00', "'Oltas TDS / TCS - Cess'"],
  [25, '45.00', 'Oltas TDS / TCS - Interest Amount'],
  [26, '0.00', 'Oltas TDS / TCS - Others (amount)'],
  [27, '3045.00', 'Total of Deposit Amount as per Challan (22 + 23 + 24 + 25 + 39 + 26)'],
  [28, '', 'Last Total of Deposit Amount as per Challan (verification)'],
  [29, '3000.00', 'Total Tax Deposit Amount as per deductee annexure (sum of DD 19)'],
  [30, '3000.00', "'TDS / TCS - Income Tax' (sum of DD 14)"],
  [31, '0.00', "'TDS / TCS - Surcharge' (sum of DD 15)"],
  [32, '0.00', "'TDS / TCS - Cess' (sum of DD 16)"],
  [33, '3000.00', "Sum of 'Total Income Tax Deducted at Source' (sum of DD 17)"],
  [34, '45.00', 'TDS / TCS - Interest Amount (as field 25)'],
  [35, '0.00', 'TDS / TCS - Others (amount) (as field 26)'],
  [36, '', 'Cheque / DD No.: none from FY 2013-14 (24Q notes)'],
  [37, 'N', 'By Book entry / Cash: N for a bank challan'],
  [38, '', 'Remarks'],
  [39, '0.00', 'Fee (section 234E)'],
  [40, '200', 'Minor Head of Challan'],
  [41, '', 'Record Hash'],
];

// The row of SOFTLINE CONSULTING LLP (challan 2, row 1): 194J(b), paid
// 1,00,000 on 31 May 2024, 10,000 deducted at 10%.
const DD_FIELDS: [number, string, string][] = [
  [1, '7', 'Line Number (EY)'],
  [2, 'DD', 'Record Type'],
  [3, '1', 'Batch Number'],
  [4, '2', 'Challan-Detail Record Number'],
  [5, '1', 'Deductee / Party Detail Record No'],
  [6, 'O', 'Mode'],
  [7, '', 'Deductee Serial No'],
  [8, '02', 'Deductee code: 01 company, 02 others (Oracle, bessite; EY writes 1 / 2)'],
  [9, '', 'Last Deductee PAN (verification)'],
  [10, 'AAFCS5566D', 'PAN of the deductee'],
  [11, '', 'Last Deductee PAN Ref. No.'],
  [12, '', 'Deductee PAN Ref. No.'],
  [13, 'SOFTLINE CONSULTING LLP', 'Name of the Deductee'],
  [14, '10000.00', 'TDS - Income Tax for the period'],
  [15, '0.00', 'TDS - Surcharge for the period'],
  [16, '0.00', 'TDS - Cess'],
  [17, '10000.00', 'Total Income Tax Deducted at Source (14 + 15 + 16)'],
  [18, '', 'Last Total Income Tax Deducted at Source (verification)'],
  [19, '10000.00', 'Total Tax Deposited'],
  [20, '', 'Last Total Tax Deposited (verification)'],
  [21, '', 'Total Value of Purchase'],
  [22, '100000.00', 'Amount of Payment / Credit'],
  [23, '31052024', 'Date on which Amount paid / Credited'],
  [24, '31052024', 'Date on which tax Deducted'],
  [25, '', 'Date of Deposit (EY leaves it empty)'],
  [26, '10.0000', 'Rate at which Tax Deducted'],
  [27, '', 'Grossing up Indicator'],
  [28, '', 'Book Entry / Cash Indicator (EY leaves it empty)'],
  [29, '', 'Date of furnishing Tax Deduction Certificate'],
  [30, '', 'Remarks 1: reason for non-deduction / lower deduction (Annexure 6)'],
  [31, '', 'Remarks 2 (future use)'],
  [32, '', 'Remarks 3 (future use)'],
  [33, '4JB', 'Section Code under which payment made'],
  [34, '', 'Certificate number issued by the Assessing Officer u/s 197'],
  ...[35, 36, 37, 38, 39, 40, 41, 42].map((n): [number, string, string] => [n, '', 'Filler (26Q)']),
  [43, '', 'Excess amount of section 194N (EY)'],
  ...[44, 45, 46, 47].map((n): [number, string, string] => [n, '', 'Filler']),
  [48, '', 'Record Hash'],
];

describe('the 26Q layout of FY 2024-25, field by field', () => {
  it('has every challan and deductee field listed', () => {
    expect(CD_FIELDS.map(([n]) => n)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(DD_FIELDS.map(([n]) => n)).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));
  });

  it.each(CD_FIELDS)('CD %i is "%s": %s', async (n, value) => {
    const cd = fieldsOf(await golden('fvu-26q-q1.txt'), 3);
    expect(cd).toHaveLength(41);
    expect(cd[n - 1]).toBe(value);
  });

  it.each(DD_FIELDS)('DD %i is "%s": %s', async (n, value) => {
    const dd = fieldsOf(await golden('fvu-26q-q1.txt'), 7);
    expect(dd).toHaveLength(48);
    expect(dd[n - 1]).toBe(value);
  });
});

// The same quarter two years on: Tax Year 2026-27 is Form 140 (CD 30, DD 45
// fields), its challan the shape of the worked example the Form 140 note
// gives (reference/tds-payable-sources.md 4.3).
const in2026 = (r: Fvu26qReturn): Fvu26qReturn =>
  JSON.parse(JSON.stringify({ ...r, financialYear: '2026-27' }).replaceAll('2024-', '2026-'));

describe('Form 140 from Tax Year 2026-27', () => {
  it('writes the Form 140 golden file and reads it back', async () => {
    const sample = read26qFvu(await golden('fvu-26q-q1.txt')).value!;
    const form140 = await golden('fvu-140-q1.txt');
    expect(write26qFvu(in2026(sample))).toBe(form140);
    expect(read26qFvu(form140)).toEqual({ value: in2026(sample), errors: [] });
    expect(fieldsOf(form140, 3).join('^')).toBe(
      '3^CD^1^1^2^N^^3000.00^45.00^0.00^0.00^3045.00^C^^0510308^^02345^^07052026^^3000.00^3000.00^200^0.00^0.00^0.00^^^^',
    );
  });

  it('is not read in the 26Q layout, nor a 26Q year in the Form 140 one', async () => {
    const form140 = await golden('fvu-140-q1.txt');
    // the same records under a FY 2025-26 header: 30 fields where 41 are due
    const as2025 = form140.replace('^202728^202627^', '^202627^202526^').replace('^140^', '^26Q^');
    expect(read26qFvu(as2025).errors.map((e) => [e.code, e.line, e.expected])).toContainEqual([
      'FIELD_COUNT',
      3,
      '41 fields',
    ]);
  });
});

// A government deductor's deposit by book entry: a transfer voucher, with the
// Form 24G receipt number (CD 16) and DDO serial number (CD 14) the Accounts
// Officer gave, By Book entry Y (37), no bank challan number (12) and no
// minor head (40) (24Q notes: "No value to be provided if tax deposited by
// book entry"; "If Transfer Voucher Number is provided this is mandatory and
// only allowed value is 'Y'"; "No value to be quoted for nil challan/
// transfer voucher").
describe('a transfer voucher (deposit by book entry) in the 26Q layout', () => {
  const voucherOf = async () => {
    const sample = read26qFvu(await golden('fvu-26q-q1-nil-challan.txt')).value!;
    const [paid, nil] = sample.challans;
    const voucher = {
      ...paid!,
      bsrCode: '7654321',
      serial: '',
      minorHead: '',
      transferVoucher: { ddoSerial: '00042' },
    };
    return { ...sample, challans: [voucher, nil!] };
  };

  it('writes the receipt number, DDO serial number, date and flag at their positions', async () => {
    const r = await voucherOf();
    const cd = fieldsOf(write26qFvu(r), 3);
    expect([12, 14, 16, 18, 27, 37, 40].map((n) => cd[n - 1])).toEqual([
      '',
      '00042',
      '7654321',
      '07052024',
      '2000.00',
      'Y',
      '',
    ]);
    expect(read26qFvu(write26qFvu(r))).toEqual({ value: r, errors: [] });
  });

  it.each([
    ['a bank challan number', 12, '02345', 'VALUE'],
    ['a minor head', 40, '200', 'VALUE'],
    ['a DDO serial number that is not five digits', 14, '42', 'DDO_SERIAL'],
    ['a receipt number that is not seven digits', 16, '76543', 'BSR'],
  ])('refuses a transfer voucher with %s', async (_, n, value, code) => {
    const text = write26qFvu(await voucherOf())
      .split('\r\n')
      .map((l, i) =>
        i === 2
          ? l
              .split('^')
              .map((f, j) => (j === n - 1 ? value : f))
              .join('^')
          : l,
      )
      .join('\r\n');
    const read = read26qFvu(text);
    expect(read.value).toBeNull();
    expect(read.errors.map((e) => [e.code, e.line])).toContainEqual([code, 3]);
  });

  it('is not written in Form 140, which has no known place for it', async () => {
    const r = await voucherOf();
    expect(() => write26qFvu({ ...r, financialYear: '2026-27' })).toThrow(/book entry/);
  });
});
