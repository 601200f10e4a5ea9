import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { FORM26AS_CSV_COLUMNS, form26asToCsv, form26asToJson, form26asTransactions } from './output.ts';
import { parse26asText } from './parse.ts';

const parse = (name: string) => parse26asText(readFileSync(`${FIXTURES_DIR}${name}`), `/some/dir/${name}`);

describe('form26asTransactions', () => {
  it('lists Part I then Part VI rows with their party', () => {
    const rows = form26asTransactions(parse('26as-current-layout.txt'));
    expect(rows.map((r) => [r.part, r.tan, r.line])).toEqual([
      ['TDS', 'PNEA00001A', 10],
      ['TDS', 'PNEA00001A', 11],
      ['TDS', 'MUMB00002B', 14],
      ['TDS', 'DELG00003C', 17],
      ['TDS', 'DELG00003C', 18],
      ['TDS', 'DELG00003C', 19],
      ['TCS', 'CHED00004D', 28],
    ]);
  });
});

describe('form26asToCsv', () => {
  it('writes the documented columns with rupees to two decimals', () => {
    const lines = form26asToCsv([parse('26as-current-layout.txt')])
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(FORM26AS_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'part,tan,name,section,transactionDate,status,bookingDate,remarks,amount,tax,deposited,file,line',
    );
    expect(lines[1]).toBe(
      'TDS,PNEA00001A,ALPHA CUSTOMER LIMITED,194J,2024-04-15,F,2024-07-28,,150000.00,15000.00,15000.00,26as-current-layout.txt,10',
    );
    expect(lines[5]).toBe(
      'TDS,DELG00003C,GAMMA CONTRACTING CO,194C,2024-10-05,O,2025-03-15,B,-40000.00,-800.00,-800.00,26as-current-layout.txt,18',
    );
    expect(lines).toHaveLength(8);
  });

  it('quotes names holding commas or quotes', () => {
    const csv = form26asToCsv([parse('26as-form-168-layout.txt')]);
    expect(csv).toContain(',PARTHA SARATHY & CO,');
    const r = parse('26as-current-layout.txt');
    r.tds!.parties[0]!.name = 'ALPHA, "THE" CUSTOMER';
    expect(form26asToCsv([r])).toContain(',"ALPHA, ""THE"" CUSTOMER",');
  });
});

describe('form26asToJson', () => {
  it('writes amounts as numbers with exactly two decimals', () => {
    const json = form26asToJson([parse('26as-current-layout.txt')]);
    expect(json).toContain('"totalAmount": 250000.00,');
    expect(json).toContain('"amount": -40000.00,');
    const doc = JSON.parse(json);
    expect(doc).toMatchObject({ format: 'taxrecon-26as', version: 1 });
    expect(doc.files[0].file).toBe('26as-current-layout.txt');
    expect(doc.files[0].tds.parties[0].transactions[0]).toEqual({
      srNo: 1,
      section: '194J',
      transactionDate: '2024-04-15',
      status: 'F',
      bookingDate: '2024-07-28',
      remarks: null,
      amount: 150000,
      tax: 15000,
      deposited: 15000,
      line: 10,
    });
  });

  it('writes unreadable totals as null', () => {
    const r = parse('26as-current-layout.txt');
    r.tds!.parties[0]!.totalTax = null;
    expect(JSON.parse(form26asToJson([r])).files[0].tds.parties[0].totalTax).toBeNull();
  });
});
