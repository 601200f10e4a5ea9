// The browser build: the Node one creates a Buffer when loaded, which a web
// page does not have; this one carries its own and runs the same in Node.
import { stringify } from 'csv-stringify/browser/esm/sync';

// Every CSV (and tab-separated file) we write goes through here: quoting by
// csv-stringify, and spreadsheet formula injection neutralised in one place.

export type CsvValue = string | number | boolean | null | undefined;

// A decimal number written as text (amounts arrive as "-1500.00", and 26AS
// prints reversals with lakh or thousands grouping, "-1,50,000.00") is a
// value, not a formula: nothing in it can call a function.
const PLAIN_NUMBER = /^[+-]?(\d+|\d{1,3}(,\d{2,3})+)(\.\d+)?$/;
// = + - @ start a formula in Excel, LibreOffice and Sheets; a leading tab or
// carriage return can hide one of them (OWASP "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

// A text cell that a spreadsheet would run as a formula gets a leading single
// quote, which makes it text; numbers and numeric text are left as they are.
// A lone '-' (the "none" of 26AS and many registers) computes nothing and stays as it is.
export const neutraliseFormula = (text: string): string =>
  FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) && text !== '-' ? `'${text}` : text;

// The reverse, for files of ours that come back (master templates edited in
// Excel and uploaded again): a quote that neutralised a formula start goes.
export const restoreNeutralised = (text: string): string =>
  text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

export interface CsvOptions {
  // ',' by default; '\t' for the tab-separated templates.
  delimiter?: ',' | '\t';
  // '\n' by default; '\r\n' for files people open in Excel on Windows.
  recordDelimiter?: '\n' | '\r\n';
}

// Rows to text, each row ending with the record delimiter.
export const csvRows = (rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string =>
  rows.length === 0
    ? ''
    : stringify(rows as CsvValue[][], {
        delimiter: options.delimiter ?? ',',
        record_delimiter: options.recordDelimiter === '\r\n' ? 'windows' : 'unix',
        // csv-stringify quotes only the record delimiter's own characters; a
        // lone CR must be quoted too or a reader splits the row there.
        quoted_match: /[\r\n]/,
        cast: {
          string: (value) => neutraliseFormula(value),
          boolean: (value) => String(value),
          number: (value) => String(value),
        },
      });

export const csvLine = (values: readonly CsvValue[], options?: CsvOptions): string =>
  csvRows([values], options);
