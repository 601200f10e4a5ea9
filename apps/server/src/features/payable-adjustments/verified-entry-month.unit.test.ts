import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { EntryRow } from '../payable/results/entries.ts';
import { readAdjustedFile } from './read-adjusted.ts';

// A summary line's entries include those whose tax is due in its month but
// whose document is of an earlier month (the annual threshold crossed later:
// DOMAIN 7.5, the monthly view). When that earlier month is verified its
// results are locked: the 34A run keeps its entries as they are, so an
// adjustment of one would be recorded, reported as applied and not applied.
// The upload must refuse the row, naming it (docs/decisions.md, session 39).

const entry = (o: Partial<EntryRow>): EntryRow => ({
  id: '1',
  file: 'expenses-2024-04.txt',
  line: 7,
  ref: 'INV-7',
  document_date: '2024-04-12',
  month: '2024-04',
  recognised_month: '2024-06',
  vendor_code: 'V1',
  pan: 'AAACV1234F',
  tan: 'PNEA00001A',
  section: '194C',
  section_number: '194C',
  sub_section: '',
  section_source: 'vendorMapping',
  payment_code: null,
  deductee_type: 'company',
  base: '20000.00',
  taxable: '20000.00',
  rate: '2',
  rate_basis: 'normal',
  liable: true,
  due: '400.00',
  deducted: '0.00',
  deposited: false,
  allocated: false,
  interest: '0.00',
  status: 'notDeducted',
  error_code: null,
  reason: '',
  exempt_reason: null,
  ...o,
});

const workbook = async (rows: (string | number)[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Entries');
  sheet.addRow([
    'File',
    'Line',
    'Document',
    'Vendor code',
    'PAN',
    'Base',
    'Section',
    'Rate %',
    'TDS deducted',
  ]);
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
};

const rules = (entries: EntryRow[]) => ({
  entries,
  sections: new Set(['194C', '194J(b)']),
  yearFrom: '2024-04-01',
  yearTo: '2024-06-30',
  verifiedMonths: new Set(['2024-04']),
});

describe('an adjustment never touches an entry of a verified month', () => {
  it('refuses a row whose entry is dated in a verified month, naming row and column', async () => {
    const bytes = await workbook([
      ['expenses-2024-04.txt', 7, 'INV-7', 'V1', 'AAACV1234F', 20000, '194C', 2, 400],
    ]);
    const read = await readAdjustedFile(bytes, 'adjusted.xlsx', rules([entry({})]));
    expect(read.changes).toEqual([]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ row: 2 });
    expect(read.problems[0]!.column).toContain('Line');
    expect(read.problems[0]!.problem).toContain('2024-04 is verified');
  });

  it('still takes the same change on an entry of a month that is not verified', async () => {
    const bytes = await workbook([
      ['expenses-2024-06.txt', 3, 'INV-3', 'V1', 'AAACV1234F', 20000, '194C', 2, 400],
    ]);
    const read = await readAdjustedFile(
      bytes,
      'adjusted.xlsx',
      rules([
        entry({
          file: 'expenses-2024-06.txt',
          line: 3,
          ref: 'INV-3',
          document_date: '2024-06-05',
          month: '2024-06',
          recognised_month: '2024-06',
        }),
      ]),
    );
    expect(read.problems).toEqual([]);
    expect(read.changes).toMatchObject([{ file: 'expenses-2024-06.txt', line: 3, deductedPaise: 40_000 }]);
  });
});
