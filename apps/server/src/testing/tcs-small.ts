import type { SubmitAnswer } from '@taxrecon/contracts';
import { expect } from 'vitest';
import { jobFinished, type TestServer } from './test-server.ts';

// A small TCS reconciliation for API tests (session 40): a vendor master of
// four collectors, a 26AS whose Part VI credits three of them and a purchase
// register of FY 2024-25, uploaded into the admin's entity.
//  - DELTA: one bill, its TCS in Part VI: compliant
//  - OMEGA: two bills, one credited with a different TCS: mismatched
//  - SIGMA: a bill with TCS, nothing in Part VI: missing from 26AS
//  - KAPPA: a Part VI credit, no bill: missing from the purchase book
//  - EPSILON: a bill without TCS: left out of the TCS reconciliation

export const TCS_YEAR = '2024-25';

export const TCS_VENDORS = [
  'vendorCode\tvendorName\tnameFromPurchaseBook\tnameFrom26AS\ttanNumber\tpanNumber\tcontactEmail\tvendorType',
  'V001\tDELTA STEEL SUPPLIERS LTD\tDELTA STEEL SUPPLIERS LTD\tDELTA STEEL SUPPLIERS LTD\tCHED00004D\tAAAPS8642Q\tap@delta.example\tcompany',
  'V002\tOMEGA TRADERS LTD\tOMEGA TRADERS LTD\tOMEGA TRADERS LTD\tMUMO00007F\tAABCO1234F\tap@omega.example\tcompany',
  'V003\tSIGMA ALLOYS LTD\tSIGMA ALLOYS LTD\tSIGMA ALLOYS LTD\tPNES00008G\tAABCS5678G\t\tcompany',
  'V004\tKAPPA METALS LTD\tKAPPA METALS LTD\tKAPPA METALS LTD\tBLRK00009H\tAABCK9012H\t\tcompany',
  'V005\tEPSILON METALS\tEPSILON METALS\tEPSILON METALS\tBLRE00006E\tAABCE3456E\t\tcompany',
].join('\n');

const H =
  '^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount Paid / Debited(Rs.)^Tax Collected(Rs.)^TCS Deposited(Rs.)';
export const TCS_26AS = [
  '^Annual Tax Statement^',
  '',
  'File Creation Date^Permanent Account Number (PAN)^Current Status of PAN^Financial Year^Assessment Year^Name of Assessee^Address Line 1^Address Line 2^Address Line 3^Address Line 4^Address Line 5^Statecode^Pin Code',
  '12-06-2025^AAACZ9999Z^ACTIVE AND OPERATIVE^2024-2025^2025-2026^ZEDEX SAMPLE PRIVATE LIMITED^1 SAMPLE ROAD^^^PUNE^PUNE^MAHARASHTRA^411001',
  '',
  '^PART-I - Details of Tax Deducted at Source^',
  '^^^*********** No Transactions Present **********^',
  '',
  '^PART-VI - Details of Tax Collected at Source^',
  'Sr. No.^Name of Collector^TAN of Collector^^^^^Total Amount Paid / Debited(Rs.)^Total Tax Collected(Rs.)^Total TCS Deposited(Rs.)',
  '1^DELTA STEEL SUPPLIERS LTD^CHED00004D^^^^^6000000.00^1000.00^1000.00^',
  H,
  '^1^206CR^20-Jan-2025^F^14-May-2025^-^6000000.00^1000.00^1000.00',
  '2^OMEGA TRADERS LTD^MUMO00007F^^^^^3000000.00^1500.00^1500.00^',
  H,
  '^1^206CR^10-Nov-2024^F^14-Feb-2025^-^2000000.00^1000.00^1000.00',
  '^2^206CR^10-Dec-2024^F^14-Feb-2025^-^1000000.00^500.00^500.00',
  '3^KAPPA METALS LTD^BLRK00009H^^^^^800000.00^800.00^800.00^',
  H,
  '^1^206CR^05-Mar-2025^F^14-May-2025^-^800000.00^800.00^800.00',
  '',
  '^PART-VII - Details of Paid Refund^',
  '^^^*********** No Transactions Present **********^',
  '',
].join('\n');

export const TCS_PURCHASES = [
  'Date\tName of Supplier\tBill number\tGSTIN/UIN\tPAN No.\tTAN No.\tPurchase value\tInvoice value\tRound off\tCGST\tSGST\tIGST\tTCS Rate\tTCS on Purchase',
  '20-Jan-2025\tDELTA STEEL SUPPLIERS LTD\tDS/2425/7781\t\tAAAPS8642Q\tCHED00004D\t60,00,000.00\t70,80,000.00\t0.00\t\t\t\t0.1\t1,000.00',
  '10-Nov-2024\tOMEGA TRADERS LTD\tOT-11\t\tAABCO1234F\tMUMO00007F\t20,00,000.00\t23,60,000.00\t\t\t\t\t0.1\t1,000.00',
  '10-Dec-2024\tOMEGA TRADERS LTD\tOT-12\t\tAABCO1234F\tMUMO00007F\t10,00,000.00\t11,80,000.00\t\t\t\t\t0.1\t700.00',
  '15-Feb-2025\tSIGMA ALLOYS LTD\tSA-1\t\tAABCS5678G\tPNES00008G\t5,00,000.00\t5,90,000.00\t\t\t\t\t0.1\t500.00',
  '28-Feb-2025\tEPSILON METALS\tEM-0091\t\tAABCE3456E\tBLRE00006E\t8,00,000.00\t9,44,000.00\t\t\t\t\t\t',
  '',
].join('\n');

// A second statement of the year: SIGMA's TCS arrives in Part VI.
export const TCS_26AS_SIGMA = TCS_26AS.replace(
  /1\^DELTA[\s\S]*?(?=\n\n\^PART-VII)/,
  [
    '1^SIGMA ALLOYS LTD^PNES00008G^^^^^500000.00^500.00^500.00^',
    H,
    '^1^206CR^15-Feb-2025^F^14-May-2025^-^500000.00^500.00^500.00',
  ].join('\n'),
);

export const loadTcsBooks = async (t: TestServer, token: string): Promise<void> => {
  const steps: [string, string, string, Record<string, string>?][] = [
    ['/ingest/ingest-vendor', 'vendors.txt', TCS_VENDORS],
    ['/ingest/taxbook', '26as.txt', TCS_26AS],
    ['/ingest/purchase-register', 'purchases.txt', TCS_PURCHASES, { financialYear: TCS_YEAR }],
  ];
  for (const [route, name, content, fields] of steps) {
    const answer = await t.upload(route, {
      token,
      files: [{ name, content }],
      ...(fields ? { fields } : {}),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const job = await jobFinished(t, token, (answer.json as { jobId: string }).jobId);
    expect(job.status, JSON.stringify(job)).toBe('Completed');
  }
};

export const reconcileTcs = async (t: TestServer, token: string, customers: string[] = []) => {
  const answer = await t.api('PUT', `/job/tcs-reconciliation/${TCS_YEAR}`, { token, body: { customers } });
  expect(answer.json).toMatchObject({ throttled: false });
  const jobId = (answer.json as SubmitAnswer).jobId!;
  const view = await jobFinished(t, token, jobId);
  expect(view.status).toBe('Completed');
  return jobId;
};
