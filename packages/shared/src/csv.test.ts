import { describe, expect, it } from 'vitest';
import { csvLine, csvRows, neutraliseFormula } from './csv.ts';

describe('csv', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+cmd', `'+cmd`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-1500.00', '-1500.00'],
    ['-1,50,000.00', '-1,50,000.00'],
    ['-150,000.00', '-150,000.00'],
    ['-1,5(0', `'-1,5(0`],
    ['-1,50,000.00+A1', `'-1,50,000.00+A1`],
    ['-', '-'],
    ['+91', '+91'],
    ['ACME Ltd', 'ACME Ltd'],
    ['', ''],
  ])('neutralises %j as %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it('quotes quotes, delimiters and both line ends, and neutralises only text', () => {
    expect(csvLine(['a"b', 'c,d', 'e\nf', 'g\rh', -1500, true, null, undefined, '=1'])).toBe(
      `"a""b","c,d","e\nf","g\rh",-1500,true,,,'=1\n`,
    );
  });

  it('writes a report cell with a formula name as text', () => {
    expect(csvLine(['AAATA1234A', '=HYPERLINK("http://x","y")', '-1500.00'])).toBe(
      `AAATA1234A,"'=HYPERLINK(""http://x"",""y"")",-1500.00\n`,
    );
  });

  it('writes tab-separated rows with Windows line ends', () => {
    expect(
      csvRows(
        [
          ['a', 'b\tc'],
          ['d', ''],
        ],
        { delimiter: '\t', recordDelimiter: '\r\n' },
      ),
    ).toBe('a\t"b\tc"\r\nd\t\r\n');
    expect(csvRows([])).toBe('');
  });
});
