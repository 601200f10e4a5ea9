import { utcDayIso } from '../values/dates.ts';
import type { RawRecord } from './delimited.ts';
import { openSheet, partText, type SheetContext } from './xlsx-workbook.ts';
import { attribute, cellAddress, damaged, MAX_COLUMNS, runsText, xmlText } from './xlsx-xml.ts';

// An .xlsx sheet's rows read straight from its XML part: the cell values a
// register needs (numbers, text, dates, yes/no, errors, formulas' results),
// not a workbook model. ExcelJS's model held about 9 KB a row (1.8 GB and
// 10.6 s for 200,000 register rows; docs/decisions.md, issue 14, session 21).
// What a cell reads as is what ExcelJS's loader gave through `cellText`, and
// a property test holds the two together (xlsx-sheet.test.ts): numbers as
// JavaScript prints them, a number in a date format as its ISO day, TRUE and
// FALSE, an error's code, merged cells repeating their first cell's value.
// Parts are unzipped within the zip limits (zip-limits.ts).

// ExcelJS turns a date cell's serial into a Date at the millisecond; its UTC
// day is the day a person sees.
const serialDay = (serial: number, date1904: boolean): string =>
  utcDayIso(new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)));

// cell in it, in row order, each cell's text at its column.
export const readXlsxSheet = async (
  bytes: Uint8Array,
  sheet?: string,
  fileName = 'workbook',
): Promise<RawRecord[]> => {
  const opened = await openSheet(bytes, sheet, fileName);
  try {
    if (opened.entry === null) return [];
    const xml = await partText(fileName, bytes, opened.entry, opened.unzipped);
    return await sheetRecords(xml.text, opened.ctx);
  } finally {
    await opened.close();
  }
};

const number = (text: string): string => String(Number.parseFloat(text));

// A cell's own attributes as Excel and the libraries write them, ` r="A1"`:
// found with indexOf, a few times faster than the pattern, which still
// reads any other spelling (single quotes, spaces around `=`). Only a
// cell's r, s and t: no other attribute of <c> or <row> ends in those
// letters before `=`.
const cellAttribute = (tag: string, name: 'r' | 's' | 't'): string | undefined => {
  const at = tag.indexOf(` ${name}="`);
  if (at >= 0) {
    const end = tag.indexOf('"', at + 4);
    if (end >= 0) return xmlText(tag.slice(at + 4, end));
  }
  return tag.indexOf(`${name}=`) < 0 && tag.indexOf(`${name} `) < 0 ? undefined : attribute(tag, name);
};

const VALUE = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/;

// The text of a cell's <v>, or undefined when it has none.
const cellValue = (inner: string): string | undefined => {
  const open = inner.indexOf('<v>');
  if (open < 0) return inner.indexOf('<v') < 0 ? undefined : VALUE.exec(inner)?.[1];
  const close = inner.indexOf('</v>', open + 3);
  // `<v>` before any other <v...>: the pattern would have matched it first
  const first = open === 0 || inner.lastIndexOf('<v', open - 1) < 0;
  return close >= 0 && first ? inner.slice(open + 3, close) : VALUE.exec(inner)?.[1];
};

const SPACE = 32;
const EQUALS = 61;
const QUOTE = 34;
const LOWER_R = 114;
const LOWER_S = 115;
const LOWER_T = 116;

// Where the value of a cell's own r, s or t starts in xml[from, to), its
// tag, spelled ` r="` as Excel and the libraries write it: looked for a
// character at a time (a tag is a few dozen characters; indexOf would run on
// past its end to the next cell that has one). -1: not in the tag; -2: the
// tag may spell it otherwise (cellAttribute reads the tag then).
const valueAt = (xml: string, from: number, to: number, name: number): number => {
  let otherwise = false;
  for (let i = from + 1; i < to; i++) {
    if (xml.charCodeAt(i) !== name) continue;
    const next = xml.charCodeAt(i + 1);
    if (next === EQUALS && xml.charCodeAt(i - 1) === SPACE && xml.charCodeAt(i + 2) === QUOTE) return i + 3;
    if (next === EQUALS || next === SPACE) otherwise = true;
  }
  return otherwise ? -2 : -1;
};

// The attribute as cellAttribute reads it from the tag, without cutting the
// tag out of the sheet.
const tagAttribute = (xml: string, from: number, to: number, name: number): string | undefined => {
  const at = valueAt(xml, from, to, name);
  if (at >= 0) {
    const end = xml.indexOf('"', at);
    if (end >= 0 && end < to) return xmlText(xml.slice(at, end));
  }
  return at === -1
    ? undefined
    : cellAttribute(xml.slice(from, to), String.fromCharCode(name) as 'r' | 's' | 't');
};

// A cell's column from its r ("AB12" -> 28) read where it stands in the
// sheet; 0 when it has no letters, or -1 when it has no r so spelled or is
// not capital letters then digits (cellAddress reads it then, from its text).
const tagColumn = (xml: string, from: number, to: number): number => {
  let j = valueAt(xml, from, to, LOWER_R);
  if (j < 0) return -1;
  let column = 0;
  for (; j < to; j++) {
    const c = xml.charCodeAt(j);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else break;
  }
  for (; j < to; j++) {
    const c = xml.charCodeAt(j);
    if (c === QUOTE) return column;
    if (c < 48 || c > 57) return -1;
  }
  return -1;
};

// One cell's text from its tag, xml[from, to), and its content.
const cellText = (xml: string, from: number, to: number, inner: string, ctx: SheetContext): string => {
  const type = tagAttribute(xml, from, to, LOWER_T);
  const hasFormula = inner.indexOf('<f') >= 0 && /<f[\s>/]/.test(inner);
  if (type === 'inlineStr' && !hasFormula) return runsText(/<is[\s>][\s\S]*?<\/is>/.exec(inner)?.[0] ?? '');
  return valueText(xml, from, to, type, cellValue(inner), hasFormula, ctx);
};

// The same from the cell's type and the text of its <v> (undefined: none).
const valueText = (
  xml: string,
  from: number,
  to: number,
  type: string | undefined,
  v: string | undefined,
  hasFormula: boolean,
  ctx: SheetContext,
): string => {
  // an empty <v></v> is no value, as ExcelJS reads it
  if (v === undefined || v === '') return '';
  const raw = xmlText(v);
  switch (type) {
    case 's':
      return hasFormula ? number(raw) : (ctx.strings[Number.parseInt(raw, 10)] ?? '');
    case 'str':
      // decoded twice, as ExcelJS did (its xmlDecode after the parser's)
      return xmlText(raw);
    case 'b':
      return Number.parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return raw;
    case 'd':
      // an ISO date cell (strict Open XML); ExcelJS read it as the year alone
      return /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : '';
    default: {
      // style 0 is the default style, never read as a date (as ExcelJS)
      const style = Number.parseInt(tagAttribute(xml, from, to, LOWER_S) ?? '0', 10);
      if (style > 0 && ctx.dates[style]) return dayOfSerial(raw, ctx.date1904);
      return isPlainNumber(raw) ? raw : number(raw);
    }
  }
};

// A register repeats a few hundred dates: each serial's day is worked out once.
const daysOfSerials = [new Map<string, string>(), new Map<string, string>()] as const;
const dayOfSerial = (raw: string, date1904: boolean): string => {
  const days = daysOfSerials[date1904 ? 1 : 0];
  let day = days.get(raw);
  if (day === undefined) {
    day = serialDay(Number.parseFloat(raw), date1904);
    if (days.size < 10_000) days.set(raw, day);
  }
  return day;
};

// Whether a number's text is already what String(Number.parseFloat(text))
// gives, so it need not be parsed and printed: digits without a leading
// zero, a fraction without a trailing one, at most 15 significant digits (a
// double keeps 15 exactly, and no shorter text names it), and nothing printed
// with an exponent (below 1e-6). Excel and the libraries write most numbers so.
export const isPlainNumber = (text: string): boolean => {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  if (i >= n) return false;
  let digits = 0;
  if (text.charCodeAt(i) === 48) {
    i++;
    // "0" itself (not "-0", which prints as "0")
    if (i === n) return i === 1;
  } else {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      digits++;
    }
    if (digits === 0) return false;
    if (i === n) return digits <= 15;
  }
  if (text.charCodeAt(i) !== 46 || i + 1 === n) return false;
  let zeros = 0;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    // zeros right after "0." are not significant
    if (digits === 0 && c === 48) zeros++;
    else digits++;
  }
  return text.charCodeAt(n - 1) !== 48 && digits <= 15 && zeros <= 5;
};

// After `<row` or `<c`: whitespace, `>` or `/`, not a longer name (`<rowBreaks`, `<col`).
const endsName = (xml: string, at: number): boolean => {
  const c = xml.charCodeAt(at);
  return c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13;
};

// Rows scanned between turns of the event loop: a server reading a big sheet
// in a job still answers its screens (about 50 ms of scanning a turn).
const ROWS_PER_TURN = 5_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ScanState {
  // the last row's number (a row without `r` is the one after it)
  lastRow: number;
  scanned: number;
}

// Scans the rows that start in xml[from, end), which must all close before
// `end`, handing each row's number and values (empty cells unstored) to
// `onRow`. Both readers below use it: the whole sheet at once, or the rows
// completed so far in a streamed sheet.
export const scanRows = async (
  xml: string,
  from: number,
  end: number,
  ctx: SheetContext,
  state: ScanState,
  onRow: (rowNumber: number, values: string[]) => void,
): Promise<void> => {
  let pos = from;
  for (;;) {
    const rowAt = xml.indexOf('<row', pos);
    if (rowAt < 0 || rowAt >= end) return;
    if (!endsName(xml, rowAt + 4)) {
      pos = rowAt + 4;
      continue;
    }
    const tagEnd = xml.indexOf('>', rowAt);
    if (tagEnd < 0 || tagEnd >= end) throw damaged(`a row's tag is not closed, after row ${state.lastRow}`);
    const tag = xml.slice(rowAt, tagEnd + 1);
    const rowNumber = Number.parseInt(cellAttribute(tag, 'r') ?? '', 10) || state.lastRow + 1;
    state.lastRow = rowNumber;
    if (tag.endsWith('/>')) {
      pos = tagEnd + 1;
      continue;
    }
    const rowEnd = xml.indexOf('</row>', tagEnd);
    if (rowEnd < 0 || rowEnd > end) throw damaged(`row ${rowNumber} is not closed`);
    const values: string[] = [];
    let column = 0;
    let at = tagEnd + 1;
    for (;;) {
      const c = xml.indexOf('<c', at);
      if (c < 0 || c >= rowEnd) break;
      if (!endsName(xml, c + 2)) {
        at = c + 2;
        continue;
      }
      const cEnd = xml.indexOf('>', c);
      if (cEnd < 0 || cEnd >= rowEnd) throw damaged(`a cell of row ${rowNumber} is not closed`);
      // the cell's tag is xml[c, cEnd]
      const fast = tagColumn(xml, c, cEnd);
      let ref: string | undefined;
      if (fast > 0) column = fast;
      else {
        ref = tagAttribute(xml, c, cEnd + 1, LOWER_R);
        column = ref ? cellAddress(ref).column : column + 1;
      }
      if (column < 1 || column > MAX_COLUMNS)
        throw damaged(
          `a cell of row ${rowNumber} is at column ${ref ?? tagAttribute(xml, c, cEnd + 1, LOWER_R)}`,
        );
      let text: string;
      if (xml.charCodeAt(cEnd - 1) === 47) {
        at = cEnd + 1;
        text = cellText(xml, c, cEnd + 1, '', ctx);
      } else {
        const close = xml.indexOf('</c>', cEnd);
        if (close < 0 || close > rowEnd)
          throw damaged(
            `cell ${ref ?? tagAttribute(xml, c, cEnd + 1, LOWER_R) ?? column} of row ${rowNumber} is not closed`,
          );
        at = close + 4;
        // Most cells hold a value and nothing else, `<v>…</v>`: read where it
        // stands, without cutting out the cell's content first.
        const plain =
          close - cEnd >= 8 &&
          xml.startsWith('<v>', cEnd + 1) &&
          xml.startsWith('</v>', close - 4) &&
          xml.indexOf('<', cEnd + 4) === close - 4;
        const type = plain ? tagAttribute(xml, c, cEnd + 1, LOWER_T) : undefined;
        text =
          plain && type !== 'inlineStr'
            ? valueText(xml, c, cEnd + 1, type, xml.slice(cEnd + 4, close - 4), false, ctx)
            : cellText(xml, c, cEnd + 1, xml.slice(cEnd + 1, close), ctx);
      }
      // an empty cell is not stored: a styled empty cell far to the right
      // (XFD) would otherwise give every row thousands of values
      if (text !== '') {
        // kept without holes when the cells come in order, as they do
        while (values.length < column - 1) values.push('');
        if (values.length === column - 1) values.push(text);
        else values[column - 1] = text;
      }
    }
    onRow(rowNumber, values);
    pos = rowEnd + 6;
    state.scanned += 1;
    if (state.scanned % ROWS_PER_TURN === 0) await nextTurn();
  }
};

// A record for a row with a value in it; its holes become empty cells.
// (values is the record's own from here on: no copy unless it has holes)
export const recordOf = (line: number, values: string[]): RawRecord | null => {
  let value = false;
  let holes = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) holes = true;
    else if (v !== '') value = true;
  }
  if (!value) return null;
  return { line, values: holes ? Array.from(values, (v) => v ?? '') : values };
};

// Exported for its tests.
export const sheetRecords = async (xml: string, ctx: SheetContext): Promise<RawRecord[]> => {
  const byRow = new Map<number, string[]>();
  const dataStart = xml.indexOf('<sheetData');
  if (dataStart < 0 || xml.startsWith('<sheetData/>', dataStart)) return [];
  const end = xml.indexOf('</sheetData>', dataStart);
  if (end < 0) throw damaged('it ends inside its rows');
  await scanRows(xml, dataStart, end, ctx, { lastRow: 0, scanned: 0 }, (row, values) =>
    byRow.set(row, values),
  );
  mergeCells(xml.slice(end), byRow);
  const records: RawRecord[] = [];
  for (const line of [...byRow.keys()].sort((a, b) => a - b)) {
    const record = recordOf(line, byRow.get(line)!);
    if (record) records.push(record);
  }
  return records;
};

const MAX_MERGED_CELLS = 100_000;

export interface MergedRange {
  first: { row: number; column: number };
  last: { row: number; column: number };
}

// The merged ranges in the XML after the rows, those a reader applies: a
// range of whole columns is formatting, not a title, and is left as it is.
export const mergedRanges = (tail: string): MergedRange[] => {
  const ranges: MergedRange[] = [];
  for (const m of tail.matchAll(/<mergeCell\s[^>]*>/g)) {
    const [from, to] = (attribute(m[0], 'ref') ?? '').split(':');
    if (!from || !to) continue;
    const a = cellAddress(from);
    const b = cellAddress(to);
    const fits =
      a.row >= 1 && b.row >= a.row && a.column >= 1 && b.column >= a.column && b.column <= MAX_COLUMNS;
    if (fits && (b.row - a.row + 1) * (b.column - a.column + 1) <= MAX_MERGED_CELLS)
      ranges.push({ first: a, last: b });
  }
  return ranges;
};

// A merged range shows its first cell's value in every cell of it.
const mergeCells = (tail: string, byRow: Map<number, string[]>): void => {
  for (const { first: a, last: b } of mergedRanges(tail)) {
    const value = byRow.get(a.row)?.[a.column - 1] ?? '';
    if (value === '') continue;
    for (let row = a.row; row <= b.row; row++) {
      let values = byRow.get(row);
      if (!values) {
        values = [];
        byRow.set(row, values);
      }
      for (let column = a.column; column <= b.column; column++) values[column - 1] = value;
    }
  }
};
