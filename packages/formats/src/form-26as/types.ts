import type { FinancialYear, Paise } from '@taxrecon/shared';
import type { FileIssue } from '../errors.ts';

// 'current': PART-I..PART-X (TRACES since 2020); 'pre-2020': PART A, A1, A2,
// B (TCS)..G; 'form-168': the Income-tax Act, 2025 statement (adds X(a), X(b), XI).
export type Form26asLayout = 'current' | 'pre-2020' | 'form-168';

export interface Form26asHeader {
  pan: string;
  panStatus: string | null;
  // '2024-25'; under the 2025 Act the statement's "Tax Year" is the same span.
  financialYear: FinancialYear | null;
  assessmentYear: string | null;
  name: string;
  fileCreationDate: string | null;
  line: number;
}

// Part I is TDS, Part VI TCS.
export type Form26asTaxType = 'TDS' | 'TCS';

export interface Form26asTransaction {
  srNo: number;
  // Section as printed (194J, 206CR) or, under the 2025 Act, a payment code.
  section: string;
  transactionDate: string;
  // Status of booking as given: F final (the only claimable one), U unmatched,
  // P provisional, O overbooked; M and Z occur too.
  status: string;
  bookingDate: string | null;
  // Remark codes as given (B marks a reversal); null where the file has '-'.
  remarks: string | null;
  amount: Paise;
  tax: Paise;
  deposited: Paise;
  file: string;
  line: number;
}

export interface Form26asParty {
  srNo: number;
  name: string;
  tan: string;
  // Totals as printed on the party row (null when unreadable). They repeat the
  // transactions: sum one or the other, never both.
  totalAmount: Paise | null;
  totalTax: Paise | null;
  totalDeposited: Paise | null;
  line: number;
  transactions: Form26asTransaction[];
}

export interface Form26asPart {
  // 'I' or 'VI' ('A' or 'B' in the pre-2020 layout).
  part: string;
  heading: string;
  line: number;
  empty: boolean;
  parties: Form26asParty[];
}

// A part this parser does not model: reported so nothing is silently dropped.
export interface Form26asOtherPart {
  part: string;
  heading: string;
  line: number;
  empty: boolean;
  rowCount: number;
  firstRowLine: number | null;
}

export interface Form26asResult {
  file: string;
  layout: Form26asLayout | null;
  delimiter: '^' | '|';
  header: Form26asHeader | null;
  // Part I (TDS; PART A before 2020) and Part VI (TCS; PART B before 2020).
  tds: Form26asPart | null;
  tcs: Form26asPart | null;
  otherParts: Form26asOtherPart[];
  transactionCount: number;
  // Rows that could not be read (left out of the result).
  errors: FileIssue[];
  // Rows kept but worth a look: party totals that do not add up, unknown statuses.
  warnings: FileIssue[];
}
