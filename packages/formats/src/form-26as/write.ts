import { formatIndianRupees, formatRupees, type Paise } from '@taxrecon/shared';

// Lines of a Form 26AS text download in the current TRACES layout (PART-I..
// PART-X, '^'-delimited), the writer beside the parser (parse.ts reads them
// back, write.property.test.ts holds it to that). Used by the server's
// "download 26AS", the demo company and the ingest benchmark.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

// ISO 2024-04-15 -> 15-Apr-2024, as transaction and booking dates are written.
export const tracesDate = (iso: string): string =>
  `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;

// ISO 2025-06-28 -> 28-06-2025, the header's file creation date.
export const dayMonthYear = (iso: string): string =>
  `${pad2(Number(iso.slice(8, 10)))}-${pad2(Number(iso.slice(5, 7)))}-${iso.slice(0, 4)}`;

export type TaxPart = 'TDS' | 'TCS';

export interface StatementHeader {
  fileCreationDate: string;
  pan: string;
  financialYearStart: number;
  name: string;
  // Address lines 1..5, state, PIN code.
  address: readonly [string, string, string, string, string];
  state: string;
  pin: string;
}

// A made-up deductee's header (FY 2024-25), for examples and tests.
export const EXAMPLE_STATEMENT_HEADER: StatementHeader = {
  fileCreationDate: '2025-06-28',
  pan: 'AAACZ9999Z',
  financialYearStart: 2024,
  name: 'ZEN TRADERS PRIVATE LIMITED',
  address: ['1 MG ROAD', '', '', 'PUNE', ''],
  state: 'MAHARASHTRA',
  pin: '411001',
};

export interface TransactionLineValues {
  section: string;
  date: string;
  status: string;
  bookingDate: string | null;
  remarks: string | null;
  amount: Paise | number;
  tax: Paise | number;
  deposited: Paise | number;
}

export const NO_TRANSACTIONS = '^^^*********** No Transactions Present **********^';

export const PART_HEADINGS = {
  I: '^PART-I - Details of Tax Deducted at Source^',
  II: '^PART-II - Details of Tax Deducted at Source for 15G / 15H^',
  III: '^PART-III - Details of Transactions under Proviso to section 194B/First Proviso to sub-section (1) of section 194R/ Proviso to sub-section(1) of section 194S/ Sub-section (2) of section 194BA^',
  IV: '^PART-IV - Details of Tax Deducted at Source u/s 194IA/ 194IB/ 194M/ 194S (For Seller/Landlord of Property/Recipient of Rent/Payee of resident contractors and professionals/ Seller of Virtual Digital Asset)^',
  V: '^PART-V - Details of Transactions under Proviso to sub-section (1) of section 194S as per Form-26QE (For Seller of Virtual Digital Asset)^',
  VI: '^PART-VI - Details of Tax Collected at Source^',
  VII: '^PART-VII - Details of Paid Refund^',
  VIII: '^PART-VIII - Details of Tax Deducted at Source u/s 194IA/ 194IB /194M/194S (For Buyer/Tenant of Property /Payer of resident contractors and professionals/ Buyer of Virtual Digital Asset)^',
  IX: '^PART-IX - Details of Transactions/Demand Payments under Proviso to section 194S as per Form 26QE (For Buyer of Virtual Digital Asset)^',
  X: '^PART-X - TDS/TCS Defaults* (Processing of Statements)^',
} as const;

export const REFUND_HEADER =
  'Sr. No.^Assessment Year^Mode^Refund Issued^Nature of Refund^Amount of Refund^Interest^Date of Payment^Remarks';

export const statementHeaderLines = (h: StatementHeader): string[] => [
  '^Annual Tax Statement^',
  '',
  'File Creation Date^Permanent Account Number (PAN)^Current Status of PAN^Financial Year^Assessment Year^Name of Assessee^Address Line 1^Address Line 2^Address Line 3^Address Line 4^Address Line 5^Statecode^Pin Code',
  [
    dayMonthYear(h.fileCreationDate),
    h.pan,
    'Active and Operative',
    `${h.financialYearStart}-${h.financialYearStart + 1}`,
    `${h.financialYearStart + 1}-${h.financialYearStart + 2}`,
    h.name,
    ...h.address,
    h.state,
    h.pin,
  ].join('^'),
  '',
];

const WORDS = {
  TDS: { who: 'Deductor', paid: 'Paid / Credited', tax: 'Tax Deducted', deposited: 'TDS Deposited' },
  TCS: { who: 'Collector', paid: 'Paid / Debited', tax: 'Tax Collected', deposited: 'TCS Deposited' },
} as const;

export const partyHeaderLine = (part: TaxPart): string => {
  const w = WORDS[part];
  return `Sr. No.^Name of ${w.who}^TAN of ${w.who}^^^^^Total Amount ${w.paid}(Rs.)^Total ${w.tax}(Rs.)^Total ${w.deposited}(Rs.)`;
};

export const transactionHeaderLine = (part: TaxPart): string => {
  const w = WORDS[part];
  return `^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount ${w.paid}(Rs.)^${w.tax}(Rs.)^${w.deposited}(Rs.)`;
};

// Amounts plain (150000.00) or with lakh grouping (1,50,000.00): TRACES writes both.
const money = (p: number, grouped: boolean): string => (grouped ? formatIndianRupees(p) : formatRupees(p));

// Party rows end with '^' in TRACES downloads.
export const partyLine = (
  srNo: number,
  name: string,
  tan: string,
  totals: { amount: number; tax: number; deposited: number },
  grouped = false,
): string =>
  `${srNo}^${name}^${tan}^^^^^${money(totals.amount, grouped)}^${money(totals.tax, grouped)}^${money(totals.deposited, grouped)}^`;

export const transactionLine = (
  srNo: number,
  t: TransactionLineValues,
  grouped = false,
  trailingCaret = false,
): string =>
  `^${srNo}^${t.section}^${tracesDate(t.date)}^${t.status}^${t.bookingDate === null ? '-' : tracesDate(t.bookingDate)}^${t.remarks ?? '-'}^${money(t.amount, grouped)}^${money(t.tax, grouped)}^${money(t.deposited, grouped)}${trailingCaret ? '^' : ''}`;

// The parts after PART-I when they hold nothing (PART-VI is written by the caller).
export const emptyPartsBeforeTcs = (): string[] => [
  '',
  PART_HEADINGS.II,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.III,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.IV,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.V,
  NO_TRANSACTIONS,
  '',
];

export const emptyPartsAfterTcs = (): string[] => [
  '',
  PART_HEADINGS.VII,
  REFUND_HEADER,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.VIII,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.IX,
  NO_TRANSACTIONS,
  '',
  PART_HEADINGS.X,
  NO_TRANSACTIONS,
];

export interface StatementParty {
  name: string;
  tan: string;
  transactions: readonly TransactionLineValues[];
}

// A whole statement with one tax part (Part I for TDS, Part VI for TCS), each
// party's totals summed from its transactions, lines ended with CRLF as TRACES
// writes them.
export const write26asText = (
  header: StatementHeader,
  part: TaxPart,
  parties: readonly StatementParty[],
): string => {
  const lines = [...statementHeaderLines(header), part === 'TDS' ? PART_HEADINGS.I : PART_HEADINGS.VI];
  if (parties.length === 0) lines.push(NO_TRANSACTIONS);
  else {
    lines.push(partyHeaderLine(part));
    parties.forEach((p, i) => {
      const totals = { amount: 0, tax: 0, deposited: 0 };
      for (const t of p.transactions) {
        totals.amount += t.amount;
        totals.tax += t.tax;
        totals.deposited += t.deposited;
      }
      lines.push(partyLine(i + 1, p.name, p.tan, totals), transactionHeaderLine(part));
      p.transactions.forEach((t, k) => {
        lines.push(transactionLine(k + 1, t));
      });
    });
  }
  return `${lines.join('\r\n')}\r\n`;
};
