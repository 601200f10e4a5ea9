import { describe, expect, it } from 'vitest';
import { guessPayableMapping, missingFields, toMappingDefinitions } from './target-fields.ts';

describe('34A header mapping guess', () => {
  it('maps a ledger whose headers are the field names themselves', () => {
    const headers = [
      'documentNumber',
      'documentDate',
      'glCode',
      'vendorCode',
      'baseAmount',
      'tdsAmount',
      'tanNumber',
    ];
    const guess = guessPayableMapping(headers);
    for (const h of headers) expect(guess[h]).toBe(h);
    expect(missingFields(guess)).toEqual([]);
  });

  it('maps the names an SAP or Excel export gives, one header per field', () => {
    const guess = guessPayableMapping([
      'Doc Date',
      'G/L Account',
      'Vendor Code',
      'PAN',
      'Base Amount',
      'TDS Amt',
      'Narration',
    ]);
    expect(guess.documentDate).toBe('Doc Date');
    expect(guess.glCode).toBe('G/L Account');
    expect(guess.vendorCode).toBe('Vendor Code');
    expect(guess.panNo).toBe('PAN');
    expect(guess.baseAmount).toBe('Base Amount');
    expect(guess.tdsAmount).toBe('TDS Amt');
    expect(guess.documentDescription).toBe('Narration');
    const used = Object.values(guess).filter(Boolean);
    expect(new Set(used).size).toBe(used.length);
  });

  it('names what a mapping lacks, and sends header -> field', () => {
    expect(missingFields({ documentDate: 'Date' })).toEqual(['Base Amount', 'Vendor Code or PAN No']);
    expect(toMappingDefinitions({ documentDate: 'Date', baseAmount: 'Amt', glCode: null })).toEqual({
      Date: 'documentDate',
      Amt: 'baseAmount',
    });
  });
});
