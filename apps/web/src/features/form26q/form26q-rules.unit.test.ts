import { FORM26Q_MESSAGES } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { form26qProblem, guessMapping, guessSection, mappingDefinition } from './form26q-rules.ts';

const FULL = {
  vendorPan: 'PAN',
  vendorName: 'Name',
  Section: 'Section code',
  sourceBaseAmount: 'Amount paid',
  sourceTDSAmount: 'TDS deducted',
  tdsRate: 'Rate',
};

describe('26Q reconcile screen rules', () => {
  it.each([
    [{ financialYear: null, quarter: 'Q1' }, FORM26Q_MESSAGES.yearQuarter],
    [{ financialYear: '2024-25', quarter: null }, FORM26Q_MESSAGES.yearQuarter],
    [{ mapping: { ...FULL, tdsRate: undefined } }, FORM26Q_MESSAGES.fieldsUnmapped],
    [{ sectionMapping: { '94C': '194C' } }, FORM26Q_MESSAGES.valuesUnmapped],
    [{}, null],
  ])('%o -> %s', (change, message) => {
    const base = {
      financialYear: '2024-25',
      quarter: 'Q1',
      mapping: FULL,
      sectionValues: ['94C', '94J'],
      sectionMapping: { '94C': '194C', '94J': '194J(b)' },
    };
    expect(form26qProblem({ ...base, ...change })).toBe(message);
  });

  it('guesses the usual headers and sections', () => {
    expect(
      guessMapping([
        'PAN of deductee',
        'Name of Deductee',
        'Section Code',
        'Amount Paid',
        'TDS deducted',
        'Rate',
      ]),
    ).toEqual({
      vendorPan: 'PAN of deductee',
      vendorName: 'Name of Deductee',
      Section: 'Section Code',
      sourceBaseAmount: 'Amount Paid',
      sourceTDSAmount: 'TDS deducted',
      tdsRate: 'Rate',
    });
    expect(guessSection('94C', ['194C', '194J(b)'])).toBe('194C');
    expect(guessSection('Sec 194C', ['194C'])).toBe('194C');
    expect(guessSection('94J', ['194C'])).toBeUndefined();
    expect(JSON.parse(mappingDefinition({ vendorPan: 'PAN' }))).toEqual({ PAN: 'vendorPan' });
  });
});
