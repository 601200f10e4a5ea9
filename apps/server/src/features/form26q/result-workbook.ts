import type { Form26qFile, Form26qLine } from '@taxrecon/contracts';
import { paiseOfNumeric, rupeesNumber } from '@taxrecon/shared';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { type Cell, type SheetColumn, writeWorkbook } from '../payable/reports/workbook.ts';

// The reconciled 26Q as a workbook: one row per PAN and section with the
// return's and the books' figures (₹, lakh grouping) and the reason, then a
// summary sheet of the counts per status.

const COLUMNS: SheetColumn[] = [
  { header: 'PAN', key: 'pan', width: 14 },
  { header: 'Name', key: 'name', width: 30 },
  { header: 'Section', key: 'section', width: 10 },
  { header: 'Status', key: 'status', width: 20 },
  { header: 'Return rows', key: 'returnRows', width: 12, total: true },
  { header: 'Return base', key: 'returnBase', width: 18, money: true },
  { header: 'Return TDS', key: 'returnTds', width: 16, money: true },
  { header: 'Books base', key: 'bookBase', width: 18, money: true },
  { header: 'Books deducted', key: 'bookDeducted', width: 16, money: true },
  { header: 'Books due', key: 'bookDue', width: 16, money: true },
  { header: 'Difference (return - books)', key: 'difference', width: 18, money: true },
  { header: 'Reason', key: 'reason', width: 90 },
];

const money = (text: string) => rupeesNumber(paiseOfNumeric(text));

const lineCells = (l: Form26qLine): Record<string, Cell> => ({
  pan: l.pan,
  name: l.name,
  section: l.section,
  status: l.status,
  returnRows: l.returnRows,
  returnBase: money(l.returnBase),
  returnTds: money(l.returnTds),
  bookBase: money(l.bookBase),
  bookDeducted: money(l.bookDeducted),
  bookDue: money(l.bookDue),
  difference: money(l.difference),
  reason: l.reason,
});

export const writeResultWorkbook = (
  files: FileStore,
  key: string,
  head: Pick<Form26qFile, 'financialYear' | 'quarter' | 'fileName'>,
  lines: Form26qLine[],
  counts: Record<string, number>,
) =>
  writeWorkbook(files, key, [
    {
      name: '26Q reconciliation',
      title: [
        `26Q reconciliation: ${head.fileName}, FY ${head.financialYear} ${head.quarter}, against the books`,
      ],
      columns: COLUMNS,
      rows: [lines.map(lineCells)],
    },
    {
      name: 'Summary',
      columns: [
        { header: 'Status', key: 'status', width: 24 },
        { header: 'PAN and section lines', key: 'n', width: 22, total: true },
      ],
      rows: [Object.entries(counts).map(([status, n]) => ({ status, n }))],
    },
  ]);
