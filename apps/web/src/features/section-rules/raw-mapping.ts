import { RAW_EXPENSE_FIELDS, RAW_EXPENSE_MANDATORY, type RawExpenseField } from '@taxrecon/contracts';

// The raw expense ledger's target fields (spec part 3 section 3) with the
// names ledgers give them, for the closest-name guess of the mapping table.
export const RAW_FIELD_NAMES: Record<RawExpenseField, { label: string; synonyms: string[] }> = {
  glCode: { label: 'GL Code', synonyms: ['GL Account', 'G/L Account', 'Ledger Code', 'Account Code'] },
  glDescription: { label: 'GL Description', synonyms: ['GL Name', 'Ledger Name', 'Account Name'] },
  documentNumber: {
    label: 'Document Number',
    synonyms: ['Document No', 'Doc No', 'Voucher No', 'Reference'],
  },
  documentType: { label: 'Document Type', synonyms: ['Doc Type', 'Voucher Type'] },
  documentDate: {
    label: 'Document Date',
    synonyms: ['Doc Date', 'Invoice Date', 'Voucher Date', 'Bill Date'],
  },
  postingDate: { label: 'Posting Date', synonyms: ['Post Date', 'Entry Date'] },
  deductionDate: { label: 'Deduction Date', synonyms: ['TDS Date'] },
  documentDescription: {
    label: 'Document Description',
    synonyms: ['Narration', 'Description', 'Text', 'Particulars'],
  },
  baseAmount: { label: 'Base Amount', synonyms: ['Amount', 'Taxable Amount', 'Net Amount'] },
  invoiceAmount: { label: 'Invoice Amount', synonyms: ['Gross Amount', 'Bill Amount'] },
  tdsSection: { label: 'TDS Section', synonyms: ['Section', 'WHT Section', 'Withholding Tax Code'] },
  tdsAmount: { label: 'TDS Amount', synonyms: ['WHT Amount', 'Tax Deducted'] },
  tdsRate: { label: 'TDS Rate', synonyms: ['WHT Rate', 'Rate of TDS'] },
  vendorCode: { label: 'Vendor Code', synonyms: ['Vendor', 'Supplier Code', 'Party Code', 'Vendor No'] },
  vendorName: { label: 'Vendor Name', synonyms: ['Supplier Name', 'Party Name'] },
  vendorType: { label: 'Vendor Type', synonyms: ['Supplier Type'] },
  panNo: { label: 'PAN No', synonyms: ['PAN', 'PAN Number', 'Vendor PAN'] },
  tanNumber: { label: 'TAN Number', synonyms: ['TAN', 'Deductor TAN'] },
};

const tokens = (s: string): string[] =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '' && t !== 'of' && t !== 'the');

// 1 for the same words, less as fewer words are shared.
export const similarity = (a: string, b: string): number => {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length === 0 || y.length === 0) return 0;
  if (x.join('') === y.join('')) return 1;
  const shared = x.filter((t) => y.includes(t)).length;
  return (2 * shared) / (x.length + y.length);
};

// The closest header for each field, best pairs first, each header used once.
export const autoMapping = (headers: readonly string[]): Partial<Record<RawExpenseField, string>> => {
  const pairs: { field: RawExpenseField; header: string; score: number }[] = [];
  for (const field of RAW_EXPENSE_FIELDS) {
    const names = [field, RAW_FIELD_NAMES[field].label, ...RAW_FIELD_NAMES[field].synonyms];
    for (const header of headers) {
      const score = Math.max(...names.map((n) => similarity(header, n)));
      if (score >= 0.6) pairs.push({ field, header, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const mapping: Partial<Record<RawExpenseField, string>> = {};
  const used = new Set<string>();
  for (const p of pairs) {
    if (mapping[p.field] !== undefined || used.has(p.header)) continue;
    mapping[p.field] = p.header;
    used.add(p.header);
  }
  return mapping;
};

export const missingMandatory = (mapping: Partial<Record<RawExpenseField, string>>): RawExpenseField[] =>
  RAW_EXPENSE_MANDATORY.filter((f) => !mapping[f]);

// The pasted header row: tab-separated (as copied from a spreadsheet) or comma-separated.
export const splitHeader = (text: string): string[] => {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line
    .split(line.includes('\t') ? '\t' : ',')
    .map((h) => h.trim().replace(/^"(.*)"$/, '$1'))
    .filter((h) => h !== '');
};
