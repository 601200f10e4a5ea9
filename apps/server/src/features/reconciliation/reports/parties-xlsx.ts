import { paiseOfNumeric, rupeesNumber, signInrCells } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { RUPEE_FORMAT } from '../../utilities/rupee-format.ts';
import type { partiesInScope } from './report-csv.ts';

// The summary of chosen customers (a smart filter's tab): one row each with
// both books' totals and the difference, amounts as numbers in rupees shown
// with ₹ and lakh grouping, so Excel can still add them up.

type Party = Awaited<ReturnType<typeof partiesInScope>>[number];

const CATEGORY: Record<Party['category'], string> = {
  partialMatches: 'Mismatched',
  missingFromSales: 'Missing from sales',
  missingFromTaxBook: 'Missing from 26AS',
  fullMatches: 'Full match',
};

const money = (v: string | number) => rupeesNumber(paiseOfNumeric(String(v)));

export const buildPartiesSummaryXlsx = async (parties: Party[], kind: 'TDS' | 'TCS'): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  book.creator = 'TaxRecon';
  const ws = book.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 1 }] });
  const who = kind === 'TDS' ? 'Customer' : 'Vendor';
  const bookName = kind === 'TDS' ? 'Sales' : 'Purchase';
  const columns: { header: string; key: string; width: number; money?: boolean }[] = [
    { header: `${who} id`, key: 'key', width: 16 },
    { header: `${who} name`, key: 'name', width: 36 },
    { header: 'TAN', key: 'tan', width: 12 },
    { header: 'PAN', key: 'pan', width: 12 },
    { header: 'Category', key: 'category', width: 18 },
    { header: `${bookName} entries`, key: 'bookRows', width: 12 },
    { header: `${bookName} amount`, key: 'bookAmount', width: 18, money: true },
    { header: `TDS as per ${bookName.toLowerCase()}`, key: 'bookTax', width: 18, money: true },
    { header: '26AS entries', key: 'tbRows', width: 12 },
    { header: '26AS amount', key: 'tbAmount', width: 18, money: true },
    { header: 'TDS as per 26AS', key: 'tbTax', width: 18, money: true },
    { header: 'Difference (books - 26AS)', key: 'difference', width: 20, money: true },
    { header: 'Claimable', key: 'claimable', width: 18, money: true },
    { header: 'Not claimable', key: 'notClaimable', width: 18, money: true },
  ];
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.money ? { style: { numFmt: RUPEE_FORMAT } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  for (const p of parties) {
    const row = ws.addRow({
      key: p.party_key,
      name: p.name,
      tan: p.tan ?? '',
      pan: p.pan ?? '',
      category: CATEGORY[p.category],
      bookRows: p.book_rows,
      bookAmount: money(p.book_amount),
      bookTax: money(p.book_tax),
      tbRows: p.tb_rows,
      tbAmount: money(p.tb_amount),
      tbTax: money(p.tb_tax),
      difference: money(p.tax_difference),
      claimable: money(p.claimable_tax),
      notClaimable: money(p.not_claimable_tax),
    });
    signInrCells(row);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
};
