import { type Entry, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { streamZipEntryCapped, ZIP_LIMITS, ZipLimitError } from '../zip/zip-limits.ts';
import { attribute, DamagedSheet, runsText } from './xlsx-xml.ts';

// An .xlsx workbook opened for one sheet: which part holds the sheet, and
// what its cells refer to (shared strings, date styles, the date system).
// Parts are unzipped within the zip limits (zip-limits.ts); the sheet's own
// part is read by xlsx-sheet.ts or, as it expands, xlsx-stream.ts.

export interface SheetContext {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

const sharedStrings = (xml: string): string[] => {
  const strings: string[] = [];
  for (const m of xml.matchAll(/<si(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/si>)/g))
    strings.push(runsText(m[1] ?? ''));
  return strings;
};

// Excel's built-in number formats that ExcelJS names (ids 0-49).
const BUILT_IN_FORMATS: Record<number, string> = {
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

// ExcelJS's rule: outside [..] and "..", a day, month, year, hour, second or
// Buddhist-year code.
const isDateFormat = (format: string | undefined): boolean =>
  format !== undefined && /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

// Whether each cell style (the `s` of a cell) shows a number as a date.
const dateStyles = (xml: string): boolean[] => {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\s[^>]*>/g)) {
    const id = Number(attribute(m[0], 'numFmtId'));
    const code = attribute(m[0], 'formatCode');
    if (code !== undefined) custom.set(id, code);
  }
  const xfs = /<cellXfs[\s>][\s\S]*?<\/cellXfs>/.exec(xml)?.[0] ?? '';
  const styles: boolean[] = [];
  for (const m of xfs.matchAll(/<xf[\s>/][^>]*>/g)) {
    const id = Number(attribute(m[0], 'numFmtId') ?? 0);
    styles.push(id !== 0 && isDateFormat(custom.get(id) ?? BUILT_IN_FORMATS[id]));
  }
  return styles;
};

interface Workbook {
  entries: Map<string, Entry>;
  read: (path: string) => Promise<string>;
}

// The path of the wanted sheet's part: by name, or the first tab that is a worksheet.
const sheetPath = async (
  book: Workbook,
  workbook: string,
  sheet: string | undefined,
): Promise<string | null> => {
  const rels = book.entries.has('xl/_rels/workbook.xml.rels')
    ? await book.read('xl/_rels/workbook.xml.rels')
    : '';
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\s[^>]*>/g)) {
    const id = attribute(m[0], 'Id');
    const target = attribute(m[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  for (const m of workbook.matchAll(/<sheet\s[^>]*>/g)) {
    const path = targets.get(attribute(m[0], 'r:id') ?? '');
    if (!path || !/^xl\/worksheets\/sheet\d+\.xml$/.test(path) || !book.entries.has(path)) continue;
    if (sheet === undefined || attribute(m[0], 'name') === sheet) return path;
  }
  return null;
};

// zip.js speaks of central directories and sizes; a user needs to hear that
// the file is not a whole workbook and what to do. The zip limits keep their
// own message, which already says what to do.
export const unzipError = (error: unknown, bytes: Uint8Array): unknown => {
  if (error instanceof ZipLimitError || error instanceof DamagedSheet) return error;
  const why = error instanceof Error ? error.message : String(error);
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  return new Error(
    zip
      ? `the workbook is damaged or incomplete (${why}); open it in Excel and save it again, or upload it again if the upload was cut short`
      : 'it is not an Excel workbook (an .xlsx file is a zip file); save it from Excel as .xlsx, or upload it as .csv or .txt if it is text',
  );
};

export const unzipping = async <T>(work: Promise<T>, bytes: Uint8Array): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw unzipError(error, bytes);
  }
};

// A part's text, decoded as it expands (its bytes and its text are not held
// together), within the zip limits.
export const partText = async (fileName: string, bytes: Uint8Array, entry: Entry, before: number) => {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  await unzipping(
    (async () => {
      for await (const piece of streamZipEntryCapped(fileName, bytes, entry, before, ZIP_LIMITS)) {
        size += piece.length;
        parts.push(decoder.decode(piece, { stream: true }));
      }
    })(),
    bytes,
  );
  parts.push(decoder.decode());
  return { text: parts.join(''), size };
};

export interface OpenedSheet {
  // null when the workbook has no such sheet
  entry: Entry | null;
  ctx: SheetContext;
  // what the workbook's other parts expanded to (the zip limits count it)
  unzipped: number;
  close: () => Promise<void>;
}

// Opens the workbook and reads what a sheet's cells refer to (shared strings,
// date styles, the date system); the sheet's own part is left to the reader.
export const openSheet = async (bytes: Uint8Array, sheet: string | undefined, fileName: string) => {
  const zip = new ZipReader(new Uint8ArrayReader(bytes));
  try {
    const entries = new Map((await unzipping(zip.getEntries(), bytes)).map((e) => [e.filename, e]));
    if (!entries.has('xl/workbook.xml')) throw new Error('it is a zip file without an Excel workbook in it');
    let unzipped = 0;
    const book: Workbook = {
      entries,
      read: async (path) => {
        const entry = entries.get(path);
        if (!entry) return '';
        const part = await partText(fileName, bytes, entry, unzipped);
        unzipped += part.size;
        return part.text;
      },
    };
    const workbook = await book.read('xl/workbook.xml');
    const path = await sheetPath(book, workbook, sheet);
    const date1904 = /<workbookPr\s[^>]*>/.exec(workbook)?.[0]?.match(/\sdate1904\s*=\s*["']1["']/) != null;
    const ctx: SheetContext =
      path === null
        ? { strings: [], dates: [], date1904 }
        : {
            strings: sharedStrings(await book.read('xl/sharedStrings.xml')),
            dates: dateStyles(await book.read('xl/styles.xml')),
            date1904,
          };
    const opened: OpenedSheet = {
      entry: path === null ? null : (entries.get(path) ?? null),
      ctx,
      unzipped,
      close: () => zip.close(),
    };
    return opened;
  } catch (error) {
    await zip.close();
    throw error;
  }
};

// The records of one sheet (the first unless named): a record per row with a
