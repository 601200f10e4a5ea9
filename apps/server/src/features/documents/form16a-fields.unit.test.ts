import { describe, expect, it } from 'vitest';
import { readForm16aFields } from './form16a-fields.ts';

const HEAD =
  'FORM NO. 16A\nCertificate under section 203 of the Income-tax Act, 1961 for tax deducted at source\n';
const IDS = 'PAN of the deductor TAN of the deductor PAN of the deductee\nAAACA1234A MUMA12345B ABCPE1234F\n';
const TABLES =
  'Summary of payment\nSl. No. Amount paid/credited Nature of payment\n1 Rs. 1,23,456.00 194C 15/05/2024\nTotal (Rs.) Rs. 1,23,456.00\n' +
  'Summary of tax deducted at source in respect of deductee\nQuarter Receipt Numbers\nQ1 QQWERTYU Rs. 2,469.12 Rs. 2,469.12\nTotal (Rs.) Rs. 2,469.12 Rs. 2,469.12\n';

const cert = (middle: string) =>
  `${HEAD}Certificate No. ZXCVBNM Last updated on 15-Jul-2024\n${IDS}${middle}\n${TABLES}`;

describe('reading a Form 16A from its text', () => {
  it.each([
    [
      'the period in TRACES form',
      'Assessment Year Period\n2025-26 From 01-Apr-2024 To 30-Jun-2024',
      '2024-25',
      'Q1',
    ],
    [
      'a Q2 period with slashes',
      'Assessment Year 2025-26 Period From: 01/07/2024 To: 30/09/2024',
      '2024-25',
      'Q2',
    ],
    ['a Q3 period', 'Period From 01-Oct-2023 To 31-Dec-2023 Assessment Year 2024-25', '2023-24', 'Q3'],
    ['a Q4 period in the next calendar year', 'Period From 01-Jan-2025 To 31-Mar-2025', '2024-25', 'Q4'],
    ['only the assessment year, quarter from the summary', 'Assessment Year : 2022-2023', '2021-22', 'Q1'],
  ])('%s', (_name, middle, financialYear, quarter) => {
    const text = cert(middle).replace(quarter === 'Q1' ? /$^/ : /\nQ1 /, `\n${quarter} `);
    const reading = readForm16aFields(text);
    expect(reading).toEqual({
      ok: true,
      fields: {
        certificateNumber: 'ZXCVBNM',
        deductorPan: 'AAACA1234A',
        deductorTan: 'MUMA12345B',
        deducteePan: 'ABCPE1234F',
        financialYear,
        quarter,
        amountPaidPaise: 12345600,
        taxDeductedPaise: 246912,
      },
    });
  });

  it('reads identifiers printed as "heading: value" pairs and a deductor without a PAN', () => {
    const text = `${HEAD}PAN of the deductor: PANNOTAVBL TAN of the deductor: DELG01234E PAN of the deductee: AAAPL1234C\nPeriod From 01-Apr-2024 To 30-Jun-2024`;
    const reading = readForm16aFields(text);
    expect(reading.ok && reading.fields).toMatchObject({
      deductorPan: null,
      deductorTan: 'DELG01234E',
      deducteePan: 'AAAPL1234C',
      certificateNumber: null,
      amountPaidPaise: null,
      taxDeductedPaise: null,
    });
  });

  it.each([
    [
      'some other document',
      'Invoice No. 123\nTotal Rs. 100.00',
      'not a Form 16A: the title "FORM NO. 16A" is missing',
    ],
    [
      'no deductee PAN',
      `${HEAD}TAN of the deductor MUMA12345B Period From 01-Apr-2024 To 30-Jun-2024`,
      'the PAN of the deductee was not found',
    ],
    [
      'no TAN',
      `${HEAD}PAN of the deductee ABCPE1234F Period From 01-Apr-2024 To 30-Jun-2024`,
      'the TAN of the deductor was not found',
    ],
    ['no year', `${HEAD}${IDS}`, 'neither the period (From ... To ...) nor the assessment year was found'],
    [
      'a period over two quarters',
      `${HEAD}${IDS}Period From 01-Apr-2024 To 30-Sep-2024`,
      'the period "From 01-Apr-2024 To 30-Sep-2024" is not one quarter of one financial year',
    ],
    [
      'a period and an assessment year that disagree',
      `${HEAD}${IDS}Assessment Year 2024-25 Period From 01-Apr-2024 To 30-Jun-2024`,
      'the period "From 01-Apr-2024 To 30-Jun-2024" (FY 2024-25) and the assessment year 2024-25 (FY 2023-24) disagree',
    ],
    [
      'an assessment year without a quarter',
      `${HEAD}${IDS}Assessment Year 2025-26`,
      'the quarter (Q1 to Q4) was not found',
    ],
  ])('refuses %s with the reason', (_name, text, reason) => {
    expect(readForm16aFields(text)).toEqual({ ok: false, reason });
  });
});
