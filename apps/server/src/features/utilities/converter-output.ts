import type { ConverterFormat } from '@taxrecon/contracts';
import { type RawPart, splitRawParts } from '@taxrecon/formats';
import { csvRows } from '@taxrecon/shared/csv';
import ExcelJS from 'exceljs';
import { amountCell, RUPEE_FORMAT } from './rupee-format.ts';

// What the 26AS converter hands back: every part of each statement (the header
// block, PART-I to PART-X, or the pre-2020 and Form 168 parts, as the file has
// them) as its own csv file or its own sheet of one workbook per statement.
// The part's heading is the first line; its rows follow exactly as printed.

export interface OutputFile {
  name: string;
  data: Uint8Array;
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

// Excel sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the book.
const sheetNames = (parts: readonly RawPart[]): string[] => {
  const used = new Set<string>();
  return parts.map((p) => {
    const clean = p.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Part';
    let name = clean;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${clean.slice(0, 27)} (${i})`;
    used.add(name.toLowerCase());
    return name;
  });
};

const isColumnHeader = (row: readonly string[], index: number, part: RawPart): boolean =>
  row.some((c) => /^(sr|sl)\.?\s*no\.?$/i.test(c)) || (part.name === 'Header' && index === 0);

const partCsv = (part: RawPart): Uint8Array =>
  new TextEncoder().encode(csvRows([[part.heading], ...part.rows], { recordDelimiter: '\r\n' }));

const statementWorkbook = async (parts: readonly RawPart[]): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  book.creator = 'TaxRecon';
  const names = sheetNames(parts);
  parts.forEach((part, p) => {
    const ws = book.addWorksheet(names[p]!);
    const title = ws.addRow([part.heading]);
    title.font = { bold: true, size: 12 };
    let widest = 1;
    part.rows.forEach((cells, i) => {
      widest = Math.max(widest, cells.length);
      const row = ws.addRow(cells.map((c) => amountCell(c) ?? c));
      if (isColumnHeader(cells, i, part)) row.font = { bold: true };
      else
        cells.forEach((c, k) => {
          if (amountCell(c) !== null) row.getCell(k + 1).numFmt = RUPEE_FORMAT;
        });
    });
    for (let c = 1; c <= widest; c++) ws.getColumn(c).width = 18;
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
};

export const convertStatement = async (
  text: string,
  baseName: string,
  format: ConverterFormat,
): Promise<{ files: OutputFile[]; parts: number }> => {
  const parts = splitRawParts(text);
  if (format === 'excel') {
    return {
      files: [{ name: `${baseName}.xlsx`, data: await statementWorkbook(parts) }],
      parts: parts.length,
    };
  }
  const names = sheetNames(parts);
  return {
    files: parts.map((part, i) => ({ name: `${baseName}_${names[i]}.csv`, data: partCsv(part) })),
    parts: parts.length,
  };
};
