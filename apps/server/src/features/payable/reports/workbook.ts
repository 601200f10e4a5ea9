import fs from 'node:fs';
import {
  INR_EXCEL_FORMAT,
  paiseOfNumeric,
  rupeesNumber,
  rupeesToPaise,
  signInrCells,
} from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import type { FileStore } from '../../../platform/storage/file-store.ts';

// TDS payable workbooks, written as a stream to a temporary file and then put
// in the file store: a year of entries never sits in one workbook object.
// Amounts are numbers in rupees (from the exact two-decimal text) shown with
// ₹ and lakh grouping, so sums in Excel still add up; each sheet ends with a
// totals row.

export const RUPEE_FORMAT = INR_EXCEL_FORMAT;

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  money?: boolean;
  // summed in the totals row (money columns always are)
  total?: boolean;
  // cells are Dates, shown as 26AS and the registers print them
  date?: boolean;
}

export type Cell = string | number | boolean | Date | null;

// numeric text from the database -> rupees as the spreadsheet's number
export const rupeesCell = (numeric: string | null | undefined): number =>
  rupeesNumber(paiseOfNumeric(numeric));

export interface SheetSpec {
  name: string;
  title?: string[];
  columns: SheetColumn[];
  rows: AsyncIterable<Record<string, Cell>[]> | Iterable<Record<string, Cell>[]>;
}

export const writeWorkbook = async (files: FileStore, key: string, sheets: SheetSpec[]): Promise<number> => {
  const temp = files.tempPath();
  try {
    await buildWorkbook(temp, sheets);
    return await files.put(key, fs.createReadStream(temp));
  } finally {
    await files.removeTemp(temp);
  }
};

// The workbook's bytes, for a download answered at once.
export const workbookBytes = async (files: FileStore, sheets: SheetSpec[]): Promise<Buffer> => {
  const temp = files.tempPath();
  try {
    await buildWorkbook(temp, sheets);
    return await fs.promises.readFile(temp);
  } finally {
    await files.removeTemp(temp);
  }
};

const buildWorkbook = async (file: string, sheets: SheetSpec[]): Promise<void> => {
  {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    book.creator = 'TaxRecon';
    for (const spec of sheets) {
      const ws = book.addWorksheet(spec.name, {
        views: [{ state: 'frozen', ySplit: (spec.title?.length ?? 0) + 1 }],
      });
      ws.columns = spec.columns.map((c) => ({ key: c.key, width: c.width }));
      for (const line of spec.title ?? []) ws.addRow([line]).commit();
      const header = ws.addRow(spec.columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      // Sums in paise (exact), written as rupees.
      const totals = new Map<string, number>();
      let count = 0;
      for await (const batch of spec.rows) {
        for (const row of batch) {
          const added = ws.addRow(spec.columns.map((c) => row[c.key] ?? null));
          spec.columns.forEach((c, i) => {
            if (c.money) added.getCell(i + 1).numFmt = RUPEE_FORMAT;
            if (c.date) added.getCell(i + 1).numFmt = 'dd-mmm-yyyy';
            const v = row[c.key];
            if ((c.money || c.total) && typeof v === 'number')
              totals.set(c.key, (totals.get(c.key) ?? 0) + (c.money ? rupeesToPaise(v) : v));
          });
          signInrCells(added);
          added.commit();
          count++;
        }
      }
      const total = ws.addRow(
        spec.columns.map((c, i) =>
          i === 0
            ? `Total (${count} rows)`
            : c.money
              ? rupeesNumber(totals.get(c.key) ?? 0)
              : c.total
                ? (totals.get(c.key) ?? 0)
                : null,
        ),
      );
      total.font = { bold: true };
      spec.columns.forEach((c, i) => {
        if (c.money) total.getCell(i + 1).numFmt = RUPEE_FORMAT;
      });
      signInrCells(total);
      total.commit();
      ws.commit();
    }
    await book.commit();
  }
};
