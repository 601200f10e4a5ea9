import type { Form26qBookRow } from '@taxrecon/engine';
import { annexureSectionCode } from '@taxrecon/formats';
import { type Paise, rupeesNumber } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../platform/context.ts';
import { bookRows } from './books.ts';
import { quarterMonths } from './quarter.ts';
import { type Reconciler, reconcileReturn } from './reconcile.ts';

// The demo company's filed 26Q for Q1, reconciled, so a new user finds the
// 26Q Reconcile screen with a result in it. The return is made from the
// quarter's books as a deductor's return preparation utility exports it (one
// row per deductee and section, sections as the return's codes such as 94C)
// with the mistakes such a return has: the largest deduction filed short, a
// row keyed in twice, a deductee left out, and one that the books do not have.

export const DEMO_26Q_QUARTER = 'Q1' as const;
export const demo26qFileName = (fy: string) => `26Q ${DEMO_26Q_QUARTER} ${fy} as filed.xlsx`;

export const DEMO_26Q_HEADERS = [
  'PAN of the deductee',
  'Name of the deductee',
  'Section code',
  'Amount paid / credited',
  'TDS deducted',
  'Rate (%)',
] as const;
const MAPPING: Record<(typeof DEMO_26Q_HEADERS)[number], string> = {
  'PAN of the deductee': 'vendorPan',
  'Name of the deductee': 'vendorName',
  'Section code': 'Section',
  'Amount paid / credited': 'sourceBaseAmount',
  'TDS deducted': 'sourceTDSAmount',
  'Rate (%)': 'tdsRate',
};

// A deductee the books do not have: a contractor paid in the previous year,
// carried into this quarter's return by mistake.
// (₹4,85,000 paid, 1% deducted under 194C)
const STRAY = {
  pan: 'AAKFS7321M',
  name: 'Shree Ganesh Transport',
  section: '194C',
  base: 4_85_000_00 as Paise,
  tds: 4_850_00 as Paise,
} as const;
// Short by this much on the largest row (a part payment keyed as the whole).
const SHORT_BY = 250_000 as Paise;

export interface DemoReturnRow {
  pan: string;
  name: string;
  section: string;
  base: Paise;
  tds: Paise;
}

export interface DemoReturn {
  rows: DemoReturnRow[];
  // the return's section code -> the section it stands for
  sectionMapping: Record<string, string>;
}

// Pure: the books' rows with tax deducted, in PAN and section order, turned
// into the return a deductor filed, with the four planted mistakes above.
export const demoReturn = (books: readonly Form26qBookRow[]): DemoReturn => {
  const deducted = books
    .filter((b) => b.deducted > 0)
    .slice()
    .sort((a, b) => a.pan.localeCompare(b.pan) || a.section.localeCompare(b.section));
  // A section's code stands for it only when no other section shares the code.
  const sections = [...new Set([...deducted.map((b) => b.section), STRAY.section])];
  const codes = new Map<string, string[]>();
  for (const s of sections)
    codes.set(annexureSectionCode(s), [...(codes.get(annexureSectionCode(s)) ?? []), s]);
  const codeOf = (section: string) => {
    const code = annexureSectionCode(section);
    return codes.get(code)?.length === 1 ? code : section;
  };
  const rows: DemoReturnRow[] = deducted.map((b) => ({
    pan: b.pan,
    name: b.name,
    section: codeOf(b.section),
    base: b.base,
    tds: b.deducted,
  }));
  if (rows.length >= 4) {
    const largest = rows.reduce((m, r, i) => (r.tds > rows[m]!.tds ? i : m), 0);
    const short = rows[largest]!;
    short.tds = Math.max(0, short.tds - Math.min(SHORT_BY, Math.floor(short.tds / 2))) as Paise;
    // the row after the largest is keyed in twice, the one after that left out
    const twice = (largest + 1) % rows.length;
    const left = (largest + 2) % rows.length;
    rows.splice(twice + 1, 0, { ...rows[twice]! });
    rows.splice(left < twice ? left : left + 1, 1);
  }
  rows.push({
    pan: STRAY.pan,
    name: STRAY.name,
    section: codeOf(STRAY.section),
    base: STRAY.base,
    tds: STRAY.tds,
  });
  const sectionMapping: Record<string, string> = {};
  for (const s of sections) sectionMapping[codeOf(s)] = s;
  return { rows, sectionMapping };
};

const rateOf = (r: DemoReturnRow) => (r.base > 0 ? Math.round((r.tds * 10_000) / r.base) / 100 : 0);

export const demoReturnWorkbook = async (r: DemoReturn): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Deductee details');
  sheet.addRow([...DEMO_26Q_HEADERS]);
  for (const row of r.rows)
    sheet.addRow([
      row.pan,
      row.name,
      row.section,
      rupeesNumber(row.base),
      rupeesNumber(row.tds),
      rateOf(row),
    ]);
  return new Uint8Array(await book.xlsx.writeBuffer());
};

// Reconciles the demo's filed Q1 return once: a retried demo job finds it and
// adds none. Needs the year's 34A result (the books), so it runs after it.
export const reconcileDemo26q = async (
  ctx: AppContext,
  who: Reconciler,
  fy: string,
): Promise<{ lines: number } | null> => {
  const fileName = demo26qFileName(fy);
  const had = await ctx.database.pool.query(
    `SELECT 1 FROM form26q_reconciliations
      WHERE entity_id = $1 AND financial_year = $2 AND quarter = $3 AND file_name = $4`,
    [who.entityId, fy, DEMO_26Q_QUARTER, fileName],
  );
  if (had.rows.length > 0) return null;
  const books = await bookRows(ctx, who.entityId, fy, quarterMonths(fy, DEMO_26Q_QUARTER));
  if (books.length === 0) return null;
  const filed = demoReturn(books);
  const result = await reconcileReturn(ctx, who, fy, DEMO_26Q_QUARTER, {
    fileName,
    bytes: await demoReturnWorkbook(filed),
    fields: {
      mappingDefinition: JSON.stringify(MAPPING),
      sectionMappingDefinition: JSON.stringify(filed.sectionMapping),
    },
  });
  return { lines: result.lines.length };
};
