import { describe, expect, it } from 'vitest';
import {
  bookingStatusName,
  countOf,
  jobStatusName,
  jobTypeName,
  matchModeName,
  reconStateName,
} from './names.ts';

describe('names in words', () => {
  it('writes job types and statuses as a person would', () => {
    expect(jobTypeName('Ingest26AS')).toBe('26AS upload');
    expect(jobTypeName('TDSReconciliation')).toBe('TDS reconciliation');
    expect(jobTypeName('VendorLedgerUpload')).toBe('Vendor ledger upload');
    expect(jobTypeName('PayableTDSCheck')).toBe('Payable TDS check');
    expect(jobStatusName('InProgress')).toBe('In progress');
    expect(jobStatusName('Success')).toBe('Completed');
    expect(jobStatusName('NothingLoaded')).toBe('Nothing loaded');
  });

  it("keeps a person's Accept apart from an automatic match", () => {
    expect(reconStateName('PARTIALMATCHES')).toBe('Mismatched');
    expect(reconStateName('Accept')).toBe('Accepted');
    expect(reconStateName('fullMatches')).toBe('Matched');
  });

  it('counts in the singular for one', () => {
    expect(countOf(1, 'customer')).toBe('1 customer');
    expect(countOf(1200, 'vendor')).toBe('1,200 vendors');
  });

  it.each([
    ['TaxOrSaleAmount', 'tax or sale amount'],
    ['TaxAndSaleAmount', 'tax and sale amount'],
    ['TaxOnly', 'tax only'],
    ['SaleAmountOnly', 'sale amount only'],
    ['TanAndTaxAmount', 'TAN and tax amount'],
  ])('writes the match mode %s as "%s"', (key, words) => {
    expect(matchModeName(key)).toBe(words);
  });

  it.each([
    ['F', 'F · Final'],
    ['U ', 'U · Unmatched'],
    ['P', 'P · Provisional'],
    ['O', 'O · Overbooked'],
    ['Z', 'Z'],
  ])('writes the 26AS booking status %j as "%s"', (code, text) => {
    expect(bookingStatusName(code)).toBe(text);
  });
});
