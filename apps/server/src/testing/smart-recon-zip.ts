import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { BASE_PARTIES, statementText } from './form-26as-statements.ts';

// A smart recon zip with groups planted in it, for the API and browser tests.
// ALPHA: one pair (₹15,000) and one 26AS credit of ₹10,000 met by two
// invoices; GAMMA: one pair of ₹800; DELTA: in no 26AS.
export const SMART_SALES_CSV = [
  'Invoice Date,Customer Name,Voucher No.,TAN No.,Professional Services (Sales),TDS on sales',
  '2024-04-10,Alpha Customer Limited,INV-1,PNEA00001A,150000,15000',
  '2025-03-20,Alpha Customer Limited,INV-2,PNEA00001A,60000,6000',
  '2025-03-22,Alpha Customer Limited,INV-3,PNEA00001A,40000,4000',
  '2024-10-01,Gamma Contracting Co,INV-4,DELG00003C,40000,800',
  '2024-11-01,Delta Works,INV-5,,5000,500',
].join('\n');

export const zipOfTexts = async (files: Record<string, string>): Promise<Uint8Array> => {
  const zip = new ZipWriter(new Uint8ArrayWriter());
  for (const [name, text] of Object.entries(files)) await zip.add(name, new TextReader(text));
  return zip.close();
};

export const smartReconZip = (): Promise<Uint8Array> =>
  zipOfTexts({ 'sales.csv': SMART_SALES_CSV, 'Form26AS_2024-25.txt': statementText(BASE_PARTIES) });
