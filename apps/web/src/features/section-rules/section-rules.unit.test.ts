import type { SectionExpenseTypeRow } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { autoMapping } from './raw-mapping.ts';
import { changedDrafts, draftErrors, draftOf, thresholdText, updateOf } from './section-type-draft.ts';

const row: SectionExpenseTypeRow = {
  sectionexpensetypeid: 'shipped-0',
  sectionnumber: '194C',
  subsection: null,
  expensetype: 'Contract',
  expensetypedetail: null,
  tdsexempted: false,
  tdsratecompany: 2,
  tdsrateindividual: 1,
  tdsrateothers: 2,
  tdsfornoorinvalidpan: 20,
  applicablefromdate: '2025-04-01',
  applicabletodate: null,
  thresholdinvoice: '30000.00',
  thresholdmonthly: null,
  thresholdannually: '10000000.00',
  source: 'x',
  shipped: true,
};

describe('section type drafts', () => {
  it.each([
    [{ tdsratecompany: 101 }, 'tdsratecompany'],
    [{ thresholdinvoice: '-1' }, 'thresholdinvoice'],
    [{ applicabletodate: '2025-01-01' }, 'applicabletodate'],
  ])('flags %j', (change, field) => {
    expect(Object.keys(draftErrors({ ...draftOf(row), ...change }))).toContain(field);
  });

  it('reads thresholds typed as the table shows them (30,000, ₹1,00,000), and still flags what is not an amount', () => {
    const typed = { ...draftOf(row), thresholdinvoice: '30,000', thresholdannually: '₹1,00,000.50' };
    expect(draftErrors(typed)).toEqual({});
    const update = updateOf(typed);
    expect([update.thresholdinvoice, update.thresholdannually]).toEqual(['30000.00', '100000.50']);
    expect(Object.keys(draftErrors({ ...draftOf(row), thresholdinvoice: '30,000.555' }))).toContain(
      'thresholdinvoice',
    );
  });

  it('accepts the row as it is and finds only changed drafts', () => {
    expect(draftErrors(draftOf(row))).toEqual({});
    const same = draftOf(row);
    const other = { ...draftOf(row), sectionexpensetypeid: 'shipped-1', tdsrateothers: 3 };
    expect(
      changedDrafts({ a: same, b: other }, [row, { ...row, sectionexpensetypeid: 'shipped-1' }]),
    ).toEqual([other]);
  });

  it('shows thresholds with lakh grouping', () => {
    expect(thresholdText('10000000.00')).toBe('₹1,00,00,000.00');
    expect(thresholdText(null)).toBe('-');
  });
});

describe('raw ledger mapping guess', () => {
  it('maps headers to the raw fields by closest name and leaves the rest empty', () => {
    const m = autoMapping([
      'Document No',
      'Doc Date',
      'Posting Date',
      'Narration',
      'Base Amount',
      'Vendor Code',
      'GL Account',
    ]);
    expect(m).toMatchObject({
      documentNumber: 'Document No',
      postingDate: 'Posting Date',
      baseAmount: 'Base Amount',
      vendorCode: 'Vendor Code',
      glCode: 'GL Account',
    });
    expect(m.tanNumber).toBeUndefined();
  });
});
