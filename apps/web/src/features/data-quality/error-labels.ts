// What a row error of an upload means, in the words of the person who fixes the
// file: the parsers' codes (packages/formats) are for the report and for code,
// never for the Jobs with Invalid Data screen.
const ERROR_LABELS: Record<string, string> = {
  INVALID_DATE: 'Dates that could not be read',
  INVALID_AMOUNT: 'Amounts that could not be read',
  INVALID_RATE: 'Rates that could not be read',
  MISSING_VALUE: 'Required values left empty',
  DATE_OUTSIDE_YEAR: 'Dates outside the financial year',
  INVALID_TAN: 'TANs that are not valid',
  INVALID_PAN: 'PANs that are not valid',
  INVALID_GSTIN: 'GSTINs that are not valid',
  INVALID_EMAIL: 'E-mail addresses that are not valid',
  INVALID_PHONE: 'Phone numbers that are not valid',
  INVALID_PIN_CODE: 'PIN codes that are not valid',
  INVALID_CHOICE: 'Values not among the allowed choices',
  INVALID_FINANCIAL_YEAR: 'Financial years that could not be read',
  INVALID_EXEMPTION_REASON: 'Exemption reasons not recognised',
  DUPLICATE_CODE: 'Codes given twice',
  BAD_CHARACTER: 'Characters that could not be read',
  UNKNOWN_STATUS: 'Statuses not recognised',
  UNRECOGNISED_LINE: 'Lines not recognised',
  UNTERMINATED_QUOTE: 'Quotes left open',
  TOO_SHORT: 'Lines with too few columns',
  PARTY_TOTAL_MISMATCH: 'Deductor totals that do not add up',
  TRANSACTION_WITHOUT_PARTY: 'Transactions without a deductor',
  NO_PAN: 'Rows without a PAN',
};

// An unlisted code still reads as words: 'SOME_NEW_CODE' -> 'Some new code'.
const sentence = (code: string): string => {
  const text = code.toLowerCase().replace(/_+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const errorTypeLabel = (code: string): string => ERROR_LABELS[code] ?? sentence(code);

// Errors that belong to no one column are counted under '(row)'.
export const errorFieldLabel = (field: string): string => (field === '(row)' ? 'Whole row' : field);
