import { describe, expect, it } from 'vitest';
import { downloadedEntryId, entryPrint, entryText, parseEntryId } from './entry-id.ts';

const invoice = {
  ref: 'INV-0042',
  txn_date: '2024-05-12',
  amount: '100000.00',
  tax: '10000.00',
  tan: 'PNEA00001A',
  section: '194J',
};

describe('downloaded entry ids', () => {
  it('carry a print of the row that a download writes and an upload reads back', () => {
    const id = downloadedEntryId(3, 'B', 12, invoice);
    expect(id).toMatch(/^3:B:12:[0-9a-f]{8}$/);
    const print = id.slice('3:B:12:'.length);
    expect(parseEntryId(id)).toEqual({ party: 3, side: 'B', ord: 12, rowId: '3:B:12', print });
    // a print in capitals (a spreadsheet's) is the same print
    expect(parseEntryId(`3:B:12:${print.toUpperCase()}`)?.print).toBe(print);
  });

  it('change with what a sync changes, not with what it leaves', () => {
    const print = entryPrint('B', invoice);
    for (const change of [
      { ref: 'INV-0043' },
      { txn_date: '2024-05-13' },
      { amount: '1.00' },
      { tax: '1.00' },
    ])
      expect(entryPrint('B', { ...invoice, ...change })).not.toBe(print);
    expect(entryPrint('T', invoice)).not.toBe(print);
    // a 26AS credit downloaded again under another file and line keeps its print
    expect(entryPrint('T', { ...invoice, ref: 'other.txt:7' })).toBe(entryPrint('T', invoice));
  });

  it("are still read without a print (older downloads, the screens' row ids); anything else is no id", () => {
    expect(parseEntryId('3:T:0')).toMatchObject({ rowId: '3:T:0', print: null });
    for (const bad of ['3:X:0', '3:B:1:zz', '3:B:1:123', 'B:1', '']) expect(parseEntryId(bad)).toBeNull();
  });

  it('name the row as a person knows it', () => {
    expect(entryText('B', { ref: 'INV-0042', date: '2024-05-12' })).toBe('INV-0042 of 12 May 2024');
    expect(entryText('T', { date: '2024-05-12', tax: '1000.00' })).toBe(
      'the 26AS credit of 12 May 2024, tax 1000.00',
    );
  });
});
