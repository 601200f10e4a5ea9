import type { SmartReconResult } from '@taxrecon/contracts';
import { formatRupees } from '@taxrecon/shared';
import { csvLine, csvRows } from '@taxrecon/shared/csv';
import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';

// matches.zip: matches.csv has one line per row of each matched group (the
// side says which book it came from), summary.csv one line per group.
// Amounts in rupees with two decimals, as the other csv downloads.

const MATCH_COLUMNS = [
  'matchKey',
  'accepted',
  'side',
  'name',
  'customerOrTan',
  'voucherNumber',
  'date',
  'section',
  'amount',
  'tds',
] as const;
const SUMMARY_COLUMNS = [
  'matchKey',
  'accepted',
  'salesRows',
  'taxBookRows',
  'salesAmount',
  'taxBookAmount',
  'tdsFromSales',
  'tdsFromTaxBook',
  'difference',
] as const;

export const matchesZip = async (result: SmartReconResult): Promise<Uint8Array> => {
  const lines = result.results.flatMap((g) => [
    ...g._sales.map((r) => [
      g.key,
      g.accepted ? 'yes' : 'no',
      'sales',
      r.customerName,
      r.entityId,
      r.voucherNumber,
      r.originalTransactionDate,
      '',
      formatRupees(r.professionalServices),
      formatRupees(r.tdsOnSales),
    ]),
    ...g._taxBook.map((r) => [
      g.key,
      g.accepted ? 'yes' : 'no',
      '26AS',
      r.deductorName,
      r.tan,
      '',
      r.transactionDate,
      r.section,
      formatRupees(r.amountPaid),
      formatRupees(r.taxDeducted),
    ]),
  ]);
  const summary = result.results.map((g) => [
    g.key,
    g.accepted ? 'yes' : 'no',
    g._sales.length,
    g._taxBook.length,
    formatRupees(g.sales),
    formatRupees(g.taxBook),
    formatRupees(g.totalTdsFromSales),
    formatRupees(g.totalTdsFromTaxBook),
    formatRupees(g.difference),
  ]);
  const zip = new ZipWriter(new Uint8ArrayWriter());
  await zip.add('matches.csv', new TextReader(csvLine(MATCH_COLUMNS) + csvRows(lines)));
  await zip.add('summary.csv', new TextReader(csvLine(SUMMARY_COLUMNS) + csvRows(summary)));
  return zip.close();
};
