import { describe, expect, it } from 'vitest';
import { headerRowOfText, splitHeaderRow } from './register-header.ts';
import { asksToLoadAgain, checkFiles, INVALID_FILE_NAME, isValidFileName } from './upload-rules.ts';

const rules = { extensions: ['txt', 'zip'], maxBytes: 1000, maxFiles: 2 };

describe('upload file checks', () => {
  it.each([
    ['sales-register.txt', true],
    ['Sales Register (Apr 2024).txt', true],
    ['26AS_2024_25.zip', true],
    ['sales.register.txt', false],
    ['../etc.txt', false],
    ['100%.txt', false],
    ['a/b.txt', false],
    ['', false],
  ])('file name %j valid: %s', (name, valid) => {
    expect(isValidFileName(name)).toBe(valid);
  });

  it('gives the spec message for a bad name before checking anything else', () => {
    expect(checkFiles([{ name: '..%2f.txt', size: 5000 }], rules)).toBe(INVALID_FILE_NAME);
  });

  it('refuses other types, large files and too many files', () => {
    expect(checkFiles([{ name: 'a.pdf', size: 1 }], rules)).toMatch(/only .txt, .zip files/);
    expect(checkFiles([{ name: 'a.txt', size: 1001 }], rules)).toMatch(/larger than/);
    expect(
      checkFiles(
        [1, 2, 3].map((n) => ({ name: `f${n}.txt`, size: 1 })),
        rules,
      ),
    ).toMatch(/at most 2/);
    expect(checkFiles([{ name: 'a.txt', size: 10 }], rules)).toBeNull();
  });
});

describe('register header row', () => {
  it('takes the first non-blank pasted line, split on tabs', () => {
    expect(splitHeaderRow('\nDate\tParticulars\t Vch No. \t\r\nnext')).toEqual([
      'Date',
      'Particulars',
      'Vch No.',
    ]);
  });

  it('skips the title lines of a Tally export', () => {
    const text =
      'Zedex Ltd\r\nSales Register\r\n1-Apr-2024 to 31-Mar-2025\r\n\r\nDate\tParticulars\tVch No.\tGross Total\r\n1-Apr-24\tAlpha\t1\t100\r\n';
    expect(headerRowOfText(text, '\t')).toEqual(['Date', 'Particulars', 'Vch No.', 'Gross Total']);
  });
});

describe('refusals that ask the user', () => {
  it.each([
    ['DUPLICATE_FILE', true],
    ['ROWS_ALREADY_LOADED', true],
    ['ZIP_TOO_LARGE', false],
    ['NO_FINANCIAL_YEAR', false],
    [undefined, false],
  ])('%s offers "Load again": %s', (code, asks) => {
    expect(asksToLoadAgain(code)).toBe(asks);
  });
});
