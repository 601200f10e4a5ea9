import type { SalesDiscrepancyRow, TaxBookDiscrepancyRow } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import {
  acceptAction,
  canAccept,
  canAcceptPartial,
  canSplit,
  correlateState,
  partialCeiling,
  validForMatching,
} from './selection-rules.ts';

const state = {
  ref: 'r',
  transactionDate: '2024-05-01',
  tanNumber: null,
  manualAction: null,
  notes: [],
  matchGroup: null,
  rule: null,
  claimable: null,
  acceptedTax: null,
  reason: null,
  reasonCode: null,
  broughtForward: false,
  carriedForward: false,
  splitOf: null,
  sourceId: null,
};
const sale = (id: string, tax: string, manualAction: string | null = null): SalesDiscrepancyRow => ({
  ...state,
  id,
  manualAction,
  voucherNumber: id,
  customerName: 'X',
  professionalServices: '1000.00',
  tdsOnSales: tax,
  tdsRate: '10',
  tds: tax,
});
const credit = (id: string, tax: string, manualAction: string | null = null): TaxBookDiscrepancyRow => ({
  ...state,
  id,
  manualAction,
  section: '194J',
  deductorName: 'X',
  amount: '1000.00',
  amountPaid: '1000.00',
  taxDeducted: tax,
  tax,
  taxFiled: tax,
  taxRate: '10',
  status: 'F',
  bookingDate: null,
  remarks: null,
});

describe('spec section 4: a selection valid for accepting', () => {
  it('takes one against one, whatever the amounts, unless a row is split', () => {
    expect(validForMatching({ book: [sale('b1', '100')], taxBook: [credit('t1', '90')] })).toBe(true);
    expect(validForMatching({ book: [sale('b1', '100', 'Split')], taxBook: [credit('t1', '90')] })).toBe(
      false,
    );
  });

  it('takes one book row against 26AS rows whose tax is at most its own', () => {
    const t = [credit('t1', '40.00'), credit('t2', '60.00')];
    expect(validForMatching({ book: [sale('b1', '100.00')], taxBook: t })).toBe(true);
    expect(validForMatching({ book: [sale('b1', '99.99')], taxBook: t })).toBe(false);
  });

  it('takes book rows against one 26AS row whose tax is at least their total', () => {
    const b = [sale('b1', '0.10'), sale('b2', '0.20')];
    expect(validForMatching({ book: b, taxBook: [credit('t1', '0.30')] })).toBe(true);
    expect(validForMatching({ book: b, taxBook: [credit('t1', '0.29')] })).toBe(false);
  });

  it('refuses many against many and one side alone', () => {
    const b = [sale('b1', '1'), sale('b2', '1')];
    expect(validForMatching({ book: b, taxBook: [credit('t1', '5'), credit('t2', '5')] })).toBe(false);
    expect(validForMatching({ book: b, taxBook: [] })).toBe(false);
  });
});

describe('the action buttons', () => {
  it('disables Accept for an empty selection or a split row', () => {
    expect(canAccept({ book: [], taxBook: [] })).toBe(false);
    expect(canAccept({ book: [sale('b1', '1')], taxBook: [] })).toBe(true);
    expect(canAccept({ book: [sale('b1', '1', 'Split')], taxBook: [] })).toBe(false);
  });

  it('ticks Correlate Entries for a valid selection and disables it for an invalid one of unequal counts', () => {
    expect(correlateState({ book: [sale('b1', '10')], taxBook: [credit('t1', '10')] })).toEqual({
      checked: true,
      disabled: false,
    });
    expect(correlateState({ book: [sale('b1', '10')], taxBook: [] })).toEqual({
      checked: false,
      disabled: true,
    });
    const evenInvalid = {
      book: [sale('b1', '1'), sale('b2', '1')],
      taxBook: [credit('t1', '1'), credit('t2', '1')],
    };
    expect(correlateState(evenInvalid)).toEqual({ checked: false, disabled: false });
  });

  it('sends Accept with correlate for a valid selection, a manual pair otherwise', () => {
    const valid = { book: [sale('b1', '10')], taxBook: [credit('t1', '8')] };
    expect(acceptAction(valid, true)).toEqual({ actionType: 'Accept', correlate: true });
    expect(acceptAction(valid, false)).toEqual({ actionType: 'Accept' });
    const even = {
      book: [sale('b1', '1'), sale('b2', '1')],
      taxBook: [credit('t1', '1'), credit('t2', '1')],
    };
    expect(acceptAction(even, true)).toEqual({ actionType: 'Pair' });
  });

  it('accepts partially at most the smaller tax, and splits one unmatched row', () => {
    const s = { book: [sale('b1', '100.00')], taxBook: [credit('t1', '80.50')] };
    expect(canAcceptPartial(s)).toBe(true);
    expect(partialCeiling(s)).toBe(8050);
    expect(canSplit({ book: [sale('b1', '1')], taxBook: [] })).toBe(true);
    expect(canSplit({ book: [{ ...sale('b1', '1'), matchGroup: 0 }], taxBook: [] })).toBe(false);
    expect(canSplit(s)).toBe(false);
  });
});
