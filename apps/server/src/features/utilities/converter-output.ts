import { once } from 'node:events';
import fs from 'node:fs';
import type { ConverterFormat } from '@taxrecon/contracts';
import { readRawParts } from '@taxrecon/formats';
import { inrExcelFormat } from '@taxrecon/shared';
import { csvRows } from '@taxrecon/shared/csv';
import ExcelJS from 'exceljs';
import { amountCell } from './rupee-format.ts';

// What the 26AS converter hands back: every part of each statement (the header
// block, PART-I to PART-X, or the pre-2020 and Form 168 parts, as the file has
// them) as its own csv file or its own sheet of one workbook per statement.
// The part's heading is the first line; its rows follow exactly as printed.
// A statement may be 200,000,000 bytes: it is read a line at a time and
// written to temporary files as it goes, never held whole.

export interface OutputFile {
  // the name inside the zip
  name: string;
  // a temporary file of the file store, removed by the caller
  path: string;
}

// 'Form26AS_AAACZ9999Z.txt' -> 'Form26AS_AAACZ9999Z'; unique among the statements of one request.
export const baseNames = (fileNames: readonly string[]): string[] => {
  const seen = new Map<string, number>();
  return fileNames.map((f) => {
    const base = f.replace(/\.txt$/i, '') || 'statement';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
};

// Excel sheet names (and our csv names): at most 31 characters, none of
// : \ / ? * [ ], unique in the book whatever the case.
const uniqueNamer = () => {
  const used = new Set<string>();
  return (partName: string): string => {
    const clean = partName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Part';
    let name = clean;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${clean.slice(0, 27)} (${i})`;
    used.add(name.toLowerCase());
    return name;
  };
};

const isColumnHeader = (cells: readonly string[], index: number, partName: string): boolean =>
  cells.some((c) => /^(sr|sl)\.?\s*no\.?$/i.test(c)) || (partName === 'Header' && index === 0);

// 26AS lines are at most 13 fields wide (the header's key line).
const COLUMNS = 14;

const writeWorkbook = async (lines: AsyncIterable<string>, path: string): Promise<number> => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'TaxRecon';
  const nameOf = uniqueNamer();
  let sheet: ExcelJS.Worksheet | null = null;
  let partName = '';
  let index = 0;
  let parts = 0;
  for await (const event of readRawParts(lines)) {
    if (event.kind === 'part') {
      sheet?.commit();
      sheet = book.addWorksheet(nameOf(event.name));
      sheet.columns = Array.from({ length: COLUMNS }, () => ({ width: 18 }));
      const title = sheet.addRow([event.heading]);
      title.font = { bold: true, size: 12 };
      title.commit();
      partName = event.name;
      index = 0;
      parts++;
      continue;
    }
    const values = event.cells.map((c) => amountCell(c) ?? c);
    const row = sheet!.addRow(values);
    if (isColumnHeader(event.cells, index, partName)) row.font = { bold: true };
    else
      values.forEach((v, k) => {
        if (typeof v === 'number') row.getCell(k + 1).numFmt = inrExcelFormat(v);
      });
    row.commit();
    index++;
  }
  sheet?.commit();
  await book.commit();
  return parts;
};

// Rows are stringified in batches: one csv-stringify call per row is slow on lakhs of rows.
const BATCH = 1000;

const writeCsvFiles = async (
  lines: AsyncIterable<string>,
  baseName: string,
  tempPath: () => string,
): Promise<OutputFile[]> => {
  const files: OutputFile[] = [];
  const nameOf = uniqueNamer();
  let out: fs.WriteStream | null = null;
  let batch: string[][] = [];
  const write = async (text: string) => {
    if (out && !out.write(text)) await once(out, 'drain');
  };
  const flush = async () => {
    if (batch.length > 0) await write(csvRows(batch, { recordDelimiter: '\r\n' }));
    batch = [];
  };
  const close = async () => {
    await flush();
    if (out) {
      out.end();
      await once(out, 'close');
    }
  };
  try {
    for await (const event of readRawParts(lines)) {
      if (event.kind === 'part') {
        await close();
        const path = tempPath();
        files.push({ name: `${baseName}_${nameOf(event.name)}.csv`, path });
        out = fs.createWriteStream(path);
        batch.push([event.heading]);
        continue;
      }
      batch.push(event.cells);
      if (batch.length >= BATCH) await flush();
    }
    await close();
  } catch (error) {
    out?.destroy();
    throw error;
  }
  return files;
};

// Converts one statement into temporary files; the caller zips and removes them.
export const convertStatement = async (
  lines: AsyncIterable<string>,
  baseName: string,
  format: ConverterFormat,
  tempPath: () => string,
): Promise<{ files: OutputFile[]; parts: number }> => {
  if (format === 'excel') {
    const path = tempPath();
    try {
      const parts = await writeWorkbook(lines, path);
      return { files: [{ name: `${baseName}.xlsx`, path }], parts };
    } catch (error) {
      await fs.promises.rm(path, { force: true });
      throw error;
    }
  }
  const files = await writeCsvFiles(lines, baseName, tempPath);
  return { files, parts: files.length };
};
