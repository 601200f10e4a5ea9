import { streamZipEntryCapped, ZIP_LIMITS, type ZipLimits } from '../zip/zip-limits.ts';
import type { RawRecord } from './delimited.ts';
import { type MergedRange, mergedRanges, recordOf, type ScanState, scanRows } from './xlsx-sheet.ts';
import { openSheet, type SheetContext, unzipError, unzipping } from './xlsx-workbook.ts';
import { damaged } from './xlsx-xml.ts';

// A register's sheet read row by row as its XML expands, for sheets too big
// to hold as one string (V8 stops at 512 MB, about 7 lakh register rows) and
// so that a sheet's records need not all sit in memory. The rows read as
// readXlsxSheet reads them (a property test holds the two together); rows
// come in the order the sheet's XML has them, which Excel writes ascending.

// The sheet's own XML may expand to this when streamed: Excel's 10,48,576
// rows at about 700 bytes a register row. The ratio check still stops bombs.
export const STREAMED_SHEET_LIMITS: ZipLimits = {
  ...ZIP_LIMITS,
  maxEntryBytes: 2048 * 1024 * 1024,
  maxTotalBytes: 2048 * 1024 * 1024 + ZIP_LIMITS.maxTotalBytes,
};

const CLOSE = Buffer.from('</sheetData>');

// Merged ranges are written after the rows, so a first pass expands the
// sheet only to find them (expanding is a small part of reading).
const sheetMerges = async (chunks: AsyncIterable<Uint8Array>): Promise<MergedRange[]> => {
  let carry = Buffer.alloc(0);
  let tail: Buffer[] | null = null;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (tail) {
      tail.push(Buffer.from(bytes));
      continue;
    }
    // the closing tag may straddle two chunks: the last bytes are carried
    const joined = Buffer.concat([carry, bytes]);
    const at = joined.indexOf(CLOSE);
    if (at >= 0) tail = [joined.subarray(at)];
    else carry = joined.subarray(Math.max(0, joined.length - CLOSE.length + 1));
  }
  return tail ? mergedRanges(Buffer.concat(tail).toString('utf8')) : [];
};

// Applies merged ranges to rows as they pass: a range's value is its first
// cell's, taken when its first row passes; rows inside a range that the XML
// leaves out are made, as readXlsxSheet makes them.
const rangeFiller = (ranges: readonly MergedRange[]) => {
  const pending = [...ranges].sort((x, y) => x.first.row - y.first.row);
  let next = 0;
  let active: { range: MergedRange; value: string }[] = [];
  let passed = 0;
  const fill = (row: number, values: string[]) => {
    for (const { range, value } of active)
      if (range.first.row <= row && row <= range.last.row)
        for (let column = range.first.column; column <= range.last.column; column++)
          values[column - 1] = value;
  };
  // rows after the last passed and before `upTo` that only a range fills
  const missing = (upTo: number, out: RawRecord[]) => {
    const stop = Math.min(upTo - 1, Math.max(0, ...active.map((a) => a.range.last.row)));
    for (let row = passed + 1; row <= stop; row++) {
      const values: string[] = [];
      fill(row, values);
      const record = recordOf(row, values);
      if (record) out.push(record);
    }
  };
  return {
    row: (rowNumber: number, values: string[], out: RawRecord[]) => {
      if (rowNumber > passed + 1) missing(rowNumber, out);
      // a range whose first row is not in the XML has no value to repeat
      while (next < pending.length && pending[next]!.first.row < rowNumber) next++;
      for (; next < pending.length && pending[next]!.first.row === rowNumber; next++) {
        const range = pending[next]!;
        const value = values[range.first.column - 1] ?? '';
        if (value !== '') active.push({ range, value });
      }
      if (active.length) {
        active = active.filter((a) => a.range.last.row >= rowNumber);
        fill(rowNumber, values);
      }
      passed = Math.max(passed, rowNumber);
      const record = recordOf(rowNumber, values);
      if (record) out.push(record);
    },
    end: (out: RawRecord[]) => missing(Number.POSITIVE_INFINITY, out),
  };
};

// The records of XML that arrives in chunks. Exported for its tests.
export async function* streamSheetRecords(
  chunks: AsyncIterable<Uint8Array>,
  ctx: SheetContext,
  ranges: readonly MergedRange[],
): AsyncGenerator<RawRecord> {
  const decoder = new TextDecoder();
  const filler = rangeFiller(ranges);
  const state: ScanState = { lastRow: 0, scanned: 0 };
  const out: RawRecord[] = [];
  const onRow = (row: number, values: string[]) => filler.row(row, values, out);
  let buffer = '';
  let started = false;
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    if (!started) {
      const at = buffer.indexOf('<sheetData');
      // wait to see whether it is the empty <sheetData/>
      if (at < 0 || buffer.length < at + '<sheetData/>'.length) continue;
      if (buffer.startsWith('<sheetData/>', at)) return;
      started = true;
      buffer = buffer.slice(at);
    }
    const end = buffer.indexOf('</sheetData>');
    // only rows closed by now: a row cut by the chunk's end waits for the next
    const closed = buffer.lastIndexOf('</row>');
    const limit = end >= 0 ? end : closed < 0 ? 0 : closed + '</row>'.length;
    try {
      await scanRows(buffer, 0, limit, ctx, state, onRow);
    } catch (error) {
      // the rows before the damage are given first, so the error can say
      // which row was the last one read
      yield* out;
      throw error;
    }
    if (end >= 0) filler.end(out);
    yield* out;
    out.length = 0;
    if (end >= 0) return;
    buffer = buffer.slice(limit);
  }
  if (started) throw damaged('it ends inside its rows');
}

// A sheet of an .xlsx (the first unless named) read row by row.
export async function* streamXlsxSheet(
  bytes: Uint8Array,
  sheet: string | undefined,
  fileName: string,
  tooBig?: string,
  limits: ZipLimits = STREAMED_SHEET_LIMITS,
): AsyncGenerator<RawRecord> {
  const opened = await openSheet(bytes, sheet, fileName);
  try {
    const entry = opened.entry;
    if (entry === null) return;
    const expand = () => streamZipEntryCapped(fileName, bytes, entry, opened.unzipped, limits, tooBig);
    const ranges = await unzipping(sheetMerges(expand()), bytes);
    try {
      yield* streamSheetRecords(expand(), opened.ctx, ranges);
    } catch (error) {
      throw unzipError(error, bytes);
    }
  } finally {
    await opened.close();
  }
}
