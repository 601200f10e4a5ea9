import {
  MISC_RECEIVABLE_REPORT_IDS,
  MISC_RECEIVABLE_REPORTS,
  PAYABLE_REPORT_JOB_TYPES,
  PAYABLE_REPORT_NAMES,
  type Permission,
  type YearDataKind,
} from '@taxrecon/contracts';

// The reports the Create Reports tab offers (spec part 2 section 9 and part 3
// section 9): the receivable ones in xlsx or csv, the TDS payable ones (xlsx)
// through the TDS payable report calls.

export type MiscChoice =
  | { kind: 'receivable'; id: string; name: string; description: string; permission: Permission }
  | {
      kind: 'payable';
      id: string;
      name: string;
      description: string;
      permission: Permission;
      call: 'misc' | 'vendorWise' | 'monthly' | 'monthlyErrors';
    };

const RECEIVABLE_DESCRIPTIONS: Record<string, string> = {
  'income-comparison': 'Per customer: income in the sales book against the amount paid or credited in 26AS',
  '26as-section-customer-wise':
    'Per section and deductor: entries, amount paid, TDS deducted and deposited in 26AS',
  'tan-wise-summary': 'Per TAN: TDS per books, per 26AS, matched and the difference',
  'customer-wise-summary': 'Per customer: result, TDS per books and 26AS, matched %, claimable',
  'entity-wise-summary': 'Per entity you may use: totals of its latest TDS reconciliation',
  'section-wise-summary': 'Per section: the 26AS TDS and how much of it matched the books',
};

export const MISC_CHOICES: readonly MiscChoice[] = [
  ...MISC_RECEIVABLE_REPORT_IDS.map(
    (id): MiscChoice => ({
      kind: 'receivable',
      id,
      name: MISC_RECEIVABLE_REPORTS[id],
      description: RECEIVABLE_DESCRIPTIONS[id] ?? '',
      permission: 'RECON_TDS_RECEIVABLE',
    }),
  ),
  ...(
    [
      [
        PAYABLE_REPORT_JOB_TYPES.form3cd,
        'misc',
        'Clause 34(a) per section from the latest 34A result of the year',
      ],
      [PAYABLE_REPORT_JOB_TYPES.form3cdDetailed, 'misc', 'The entries behind each Form 3CD row'],
      [PAYABLE_REPORT_JOB_TYPES.payable, 'misc', 'Monthly summary per TAN, section and deductee type'],
      [PAYABLE_REPORT_JOB_TYPES.payableDetails, 'misc', 'Every expense entry with its reason'],
      [
        PAYABLE_REPORT_JOB_TYPES.vendorWise,
        'vendorWise',
        'Per vendor and section: base, TDS due, deducted, shortfall',
      ],
      [PAYABLE_REPORT_JOB_TYPES.monthly, 'monthly', "One month's transactions"],
      [PAYABLE_REPORT_JOB_TYPES.monthlyErrors, 'monthlyErrors', "One month's entries in error"],
    ] as const
  ).map(
    ([id, call, description]): MiscChoice => ({
      kind: 'payable',
      id,
      name: PAYABLE_REPORT_NAMES[id] ?? id,
      description,
      permission: 'RECON_TDS_PAYABLE',
      call,
    }),
  ),
];

// The data a report reads, so the year picker marks and starts on the years
// that hold it: the 26AS summaries read 26AS entries, the other receivable
// reports the sales book and its reconciliations, every payable report a 34A result.
export const yearDataOf = (choice: MiscChoice | null): YearDataKind => {
  if (choice?.kind === 'payable') return '34a';
  return choice?.id === '26as-section-customer-wise' || choice?.id === 'section-wise-summary'
    ? '26as'
    : 'sales';
};

// April to March of a financial year ('2024-25') as yyyy-mm.
export const monthsOf = (fy: string): { value: string; label: string }[] => {
  const start = Number(fy.slice(0, 4));
  const names = ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar'];
  return names.map((name, i) => {
    const year = i < 9 ? start : start + 1;
    const month = ((i + 3) % 12) + 1;
    return { value: `${year}-${String(month).padStart(2, '0')}`, label: `${name} ${year}` };
  });
};
