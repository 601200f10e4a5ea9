import { type Paise, paise } from '@taxrecon/shared';
import type { SectionType } from './types.ts';

// The section expense types a fresh installation ships: every TDS section of
// the 1961 Act that a business reports in 26Q (192 aside), FY 2023-24 to
// FY 2025-26, and their Income-tax Act, 2025 equivalents from 1 April 2026
// (section 393, payment codes in `sections.ts`) for FY 2026-27. Each period
// names its source; figures are those of ../shared/DOMAIN.md section 5 and
// ../shared/reference/tds-payable-sources.md section 2.
//
// Thresholds: `invoice` is one payment, `monthly` a month's aggregate,
// `annual` the financial year's aggregate (the whole year becomes liable once
// it is reached), per PAN and section. Rates are percent for company,
// individual/HUF and other payees; `noPan` is the 206AA floor.

const SRC = {
  budget2025:
    'Budget 2025 TDS threshold table, https://taxmanagementindia.com/visitor/tmi_faq_details.asp?ID=1408; https://www.prodigist.in/blog/budget-2025-key-tds-changes-effective-from-april-1-2025',
  fa2024: 'Finance (No. 2) Act 2024 rate cuts from 1-Oct-2024, https://cabkgoyal.com/2024/11/12',
  s194c: 'Section 194C, https://www.caclubindia.com/acts/27211-section-194c-income-tax-act-1961.asp',
  s194d:
    'Section 194D, http://casahuja.com/2024/10/significant-changes-to-tds-rates.html; https://taxguru.in/?p=979183',
  s194o:
    'Section 194O, https://mardiaglobal.com/changes-in-the-rates-of-tds-having-applicability-from-1st-of-october-2024',
  s194q: 'Section 194Q, http://csvrassociates.com/detail/40300.aspx',
  s194r: 'Section 194R, https://whytax.in/income-tax/section-194r-income-tax-act-1961-2022',
  s194t:
    'Section 194T, https://cabkgoyal.com/section-62-finance-acts; https://cleartax.in/s/section-194t-tds-on-payment-by-partnership-firm-to-partners',
  s206aa: 'Section 206AA (20%; 5% for 194O and 194Q), ../shared/DOMAIN.md section 5',
  ita2025:
    'Income-tax Act, 2025 s.393 (in force 1-Apr-2026), https://cabkgoyal.com/section-393-of-income-tax-act-2025-tax-to-be-deducted-at-source; https://future.indiankanoon.org/doc/103383880; payment codes: https://github.com/resilient-tech/india-compliance/pull/4152',
} as const;

const rupees = (r: number | null): Paise | null => (r === null ? null : paise(r * 100));

interface Period {
  from: string;
  to: string | null;
  rate: number | [company: number, individual: number, others: number];
  invoice?: number;
  monthly?: number;
  annual?: number;
  source: string;
}

interface SectionSpec {
  section: string;
  expenseType: string;
  detail: string;
  // Reference in the 2025 Act's section 393 tables, for the FY 2026-27 rows.
  newActSlot: string;
  noPan?: number;
  excessOnly?: boolean;
  periods: Period[];
}

const FY23 = '2023-04-01';
const H2_FY25 = '2024-10-01';
const FY26 = '2025-04-01';
const END_FY25 = '2025-03-31';
const END_FY26 = '2026-03-31';

const SPECS: SectionSpec[] = [
  {
    section: '193',
    expenseType: 'Interest on securities',
    detail: 'Interest on debentures and securities',
    newActSlot: '393(1) Table Sl.5(i) [1019]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194',
    expenseType: 'Dividend',
    detail: 'Dividend paid by a domestic company',
    newActSlot: '393(1) Table Sl.7 [1029]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 5_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194A',
    expenseType: 'Interest',
    detail: 'Interest other than on securities, payers other than banks',
    newActSlot: '393(1) Table Sl.5(iii) [1022]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 5_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194A',
    expenseType: 'Interest by bank',
    detail: 'Interest by a bank, co-operative bank or post office (payee not a senior citizen)',
    newActSlot: '393(1) Table Sl.5(ii) [1021]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 40_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 50_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194A',
    expenseType: 'Interest by bank to senior citizen',
    detail: 'Interest by a bank, co-operative bank or post office to a senior citizen',
    newActSlot: '393(1) Table Sl.5(ii) [1020]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 50_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 1_00_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194B',
    expenseType: 'Winnings',
    detail: 'Lottery, crossword puzzle, card game and other games',
    newActSlot: '393(3) Table Sl.1 [1058]',
    noPan: 30,
    periods: [
      { from: FY23, to: END_FY25, rate: 30, annual: 10_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 30, invoice: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194BA',
    expenseType: 'Online games',
    detail: 'Net winnings from online games',
    newActSlot: '393(3) Table Sl.2 [1060]',
    noPan: 30,
    periods: [{ from: FY23, to: END_FY26, rate: 30, source: SRC.budget2025 }],
  },
  {
    section: '194BB',
    expenseType: 'Horse races',
    detail: 'Winnings from horse races',
    newActSlot: '393(3) Table Sl.3 [1062]',
    noPan: 30,
    periods: [
      { from: FY23, to: END_FY25, rate: 30, annual: 10_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 30, invoice: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194C',
    expenseType: 'Contract',
    detail: 'Payments to contractors and sub-contractors',
    newActSlot: '393(1) Table Sl.6(i) [1023 individual/HUF, 1024 others]',
    periods: [
      { from: FY23, to: END_FY26, rate: [2, 1, 2], invoice: 30_000, annual: 1_00_000, source: SRC.s194c },
    ],
  },
  {
    section: '194D',
    expenseType: 'Insurance commission',
    detail: 'Insurance commission',
    newActSlot: '393(1) Table Sl.1(i) [1005]',
    periods: [
      { from: FY23, to: END_FY25, rate: [10, 5, 5], annual: 15_000, source: SRC.s194d },
      { from: FY26, to: END_FY26, rate: [10, 2, 2], annual: 20_000, source: SRC.s194d },
    ],
  },
  {
    section: '194DA',
    expenseType: 'Life insurance payout',
    detail: 'Payment in respect of a life insurance policy',
    newActSlot: '393(1) Table Sl.8(i) [1030]',
    periods: [
      { from: FY23, to: '2024-09-30', rate: 5, source: SRC.fa2024 },
      { from: H2_FY25, to: END_FY26, rate: 2, source: SRC.fa2024 },
    ],
  },
  {
    section: '194EE',
    expenseType: 'NSS deposits',
    detail: 'Payments in respect of deposits under the National Savings Scheme',
    newActSlot: '393(3) Table Sl.6 [1066]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, annual: 2_500, source: SRC.budget2025 }],
  },
  {
    section: '194G',
    expenseType: 'Lottery commission',
    detail: 'Commission on the sale of lottery tickets',
    newActSlot: '393(3) Table Sl.4 [1063]',
    periods: [
      { from: FY23, to: '2024-09-30', rate: 5, annual: 15_000, source: SRC.fa2024 },
      { from: H2_FY25, to: END_FY25, rate: 2, annual: 15_000, source: SRC.fa2024 },
      { from: FY26, to: END_FY26, rate: 2, annual: 20_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194H',
    expenseType: 'Commission',
    detail: 'Commission or brokerage',
    newActSlot: '393(1) Table Sl.1(ii) [1006]',
    periods: [
      { from: FY23, to: '2024-09-30', rate: 5, annual: 15_000, source: SRC.fa2024 },
      { from: H2_FY25, to: END_FY25, rate: 2, annual: 15_000, source: SRC.fa2024 },
      { from: FY26, to: END_FY26, rate: 2, annual: 20_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194I(a)',
    expenseType: 'Rent',
    detail: 'Rent of plant, machinery or equipment',
    newActSlot: '393(1) Table Sl.2(ii) [1008]',
    periods: [
      { from: FY23, to: END_FY25, rate: 2, annual: 2_40_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 2, monthly: 50_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194I(b)',
    expenseType: 'Rent',
    detail: 'Rent of land, building or furniture',
    newActSlot: '393(1) Table Sl.2(ii) [1009]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 2_40_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, monthly: 50_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194IC',
    expenseType: 'Joint development',
    detail: 'Payment under a joint development agreement',
    newActSlot: '393(1) Table Sl.3(ii) [1011]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, source: SRC.budget2025 }],
  },
  {
    section: '194J(a)',
    expenseType: 'Technical services',
    detail: 'Fees for technical services (not professional), film royalty, call centre',
    newActSlot: '393(1) Table Sl.6(iii) [1026]',
    periods: [
      { from: FY23, to: END_FY25, rate: 2, annual: 30_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 2, annual: 50_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194J(b)',
    expenseType: 'Professional fees',
    detail: 'Fees for professional services, royalty, non-compete fees',
    newActSlot: '393(1) Table Sl.6(iii) [1027]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 30_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 50_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194J(b)',
    expenseType: 'Director fees',
    detail: 'Remuneration, fees or commission to a director (not salary): no threshold',
    newActSlot: '393(1) Table Sl.6(iii) [1028]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, source: SRC.budget2025 }],
  },
  {
    section: '194K',
    expenseType: 'Mutual fund units',
    detail: 'Income in respect of units',
    newActSlot: '393(1) Table Sl.4(i) [1013]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 5_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 10_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194LA',
    expenseType: 'Compensation',
    detail: 'Compensation on acquisition of immovable property',
    newActSlot: '393(1) Table Sl.3(iii) [1012]',
    periods: [
      { from: FY23, to: END_FY25, rate: 10, annual: 2_50_000, source: SRC.budget2025 },
      { from: FY26, to: END_FY26, rate: 10, annual: 5_00_000, source: SRC.budget2025 },
    ],
  },
  {
    section: '194LBA',
    expenseType: 'Business trust',
    detail: 'Income from units of a business trust',
    newActSlot: '393(1) Table Sl.4(ii) [1014]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, source: SRC.budget2025 }],
  },
  {
    section: '194LBB',
    expenseType: 'Investment fund',
    detail: 'Income in respect of units of an investment fund',
    newActSlot: '393(1) Table Sl.4(iii) [1017]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, source: SRC.budget2025 }],
  },
  {
    section: '194LBC',
    expenseType: 'Securitisation trust',
    detail: 'Income in respect of investment in a securitisation trust',
    newActSlot: '393(1) Table Sl.4(iv) [1018]',
    periods: [
      { from: FY23, to: '2024-03-31', rate: [30, 25, 30], source: SRC.budget2025 },
      { from: '2024-04-01', to: END_FY26, rate: 10, source: SRC.budget2025 },
    ],
  },
  {
    section: '194N',
    expenseType: 'Cash withdrawal',
    detail: 'Cash withdrawals above Rs 1 crore in the year',
    newActSlot: '393(3) Table Sl.5 [1065]',
    excessOnly: true,
    periods: [{ from: FY23, to: END_FY26, rate: 2, annual: 1_00_00_000, source: SRC.budget2025 }],
  },
  {
    section: '194O',
    expenseType: 'E-commerce',
    detail: 'Payment by an e-commerce operator to a participant',
    newActSlot: '393(1) Table Sl.8(v) [1035]',
    noPan: 5,
    periods: [
      { from: FY23, to: '2024-09-30', rate: 1, annual: 5_00_000, source: SRC.s194o },
      { from: H2_FY25, to: END_FY26, rate: 0.1, annual: 5_00_000, source: SRC.s194o },
    ],
  },
  {
    section: '194Q',
    expenseType: 'Purchase of goods',
    detail:
      'Purchase of goods above Rs 50 lakh from one seller in the year (buyer turnover above Rs 10 crore)',
    newActSlot: '393(1) Table Sl.8(ii) [1031]',
    noPan: 5,
    excessOnly: true,
    periods: [{ from: FY23, to: END_FY26, rate: 0.1, annual: 50_00_000, source: SRC.s194q }],
  },
  {
    section: '194R',
    expenseType: 'Business perquisite',
    detail: 'Benefit or perquisite of a business or profession',
    newActSlot: '393(1) Table Sl.8(iv) [1033]',
    periods: [{ from: FY23, to: END_FY26, rate: 10, annual: 20_000, source: SRC.s194r }],
  },
  {
    section: '194S',
    expenseType: 'Virtual digital asset',
    detail: 'Transfer of a virtual digital asset',
    newActSlot: '393(1) Table Sl.8(vi) [1037]',
    periods: [{ from: FY23, to: END_FY26, rate: 1, annual: 10_000, source: SRC.budget2025 }],
  },
  {
    section: '194T',
    expenseType: 'Partner remuneration',
    detail: 'Salary, remuneration, commission, bonus or interest from a firm to its partner',
    newActSlot: '393(3) Table Sl.7 [1067]',
    periods: [{ from: FY26, to: END_FY26, rate: 10, annual: 20_000, source: SRC.s194t }],
  },
];

const toType = (spec: SectionSpec, p: Period, extra: Partial<SectionType> = {}): SectionType => {
  const [company, individual, others] = typeof p.rate === 'number' ? [p.rate, p.rate, p.rate] : p.rate;
  return {
    section: spec.section,
    expenseType: spec.expenseType,
    expenseTypeDetail: spec.detail,
    tdsExempted: false,
    rateCompany: company,
    rateIndividual: individual,
    rateOthers: others,
    rateNoPan: spec.noPan ?? 20,
    from: p.from,
    to: p.to,
    thresholdInvoice: rupees(p.invoice ?? null),
    thresholdMonthly: rupees(p.monthly ?? null),
    thresholdAnnually: rupees(p.annual ?? null),
    ...(spec.excessOnly ? { excessOnly: true } : {}),
    source: `${p.source}; no-PAN rate: ${SRC.s206aa}`,
    ...extra,
  };
};

// FY 2026-27 under the 2025 Act: the rates and thresholds of FY 2025-26
// carried into section 393's tables (the statute text retrieved confirms
// 194C, 194H, 194I and 194J; the rest are carried, see the reference notes).
const newActRows = (spec: SectionSpec): SectionType[] => {
  const last = spec.periods[spec.periods.length - 1]!;
  if (last.to !== END_FY26) return [];
  return [
    toType(
      spec,
      { ...last, from: '2026-04-01', to: '2027-03-31', source: SRC.ita2025 },
      {
        expenseTypeDetail: `${spec.detail} (Income-tax Act, 2025 s.${spec.newActSlot})`,
      },
    ),
  ];
};

export const SHIPPED_SECTION_TYPES: readonly SectionType[] = SPECS.flatMap((spec) => [
  ...spec.periods.map((p) => toType(spec, p)),
  ...newActRows(spec),
]);

// Sections whose tax falls only on the part of the year's aggregate above the
// annual threshold, whatever the rule file says (194Q, 194N).
export const EXCESS_ONLY_SECTIONS: ReadonlySet<string> = new Set(
  SPECS.filter((s) => s.excessOnly).map((s) => s.section),
);
