import { SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import { writeVendorMaster } from '@taxrecon/formats';
import { type Paise, paise, rupeesToPaise } from '@taxrecon/shared';
import { type Case, DEMO_DEDUCTOR_TAN, type ExpenseVendor, GLS, type LedgerLine } from './expense-model.ts';
import { ledgerText, paymentText } from './expense-texts.ts';
import { addDays, dayNumber } from './format.ts';
import { type Holder, IdentifierMint } from './identifiers.ts';
import { createRandom, type Random } from './random.ts';
import { type YearSpan, yearSpan } from './year.ts';

export { DEMO_DEDUCTOR_TAN };

// The demo company's year of expenses for TDS payable (34A): ~60 vendors
// paid under 194C, 194H, 194I, 194J, 194A and 194R, twelve monthly ledger
// files, the expense section mapping of its GL codes and the vendor section
// mappings, with planted findings: a short deduction, a threshold crossed
// mid-year with nothing deducted before it, a vendor without a PAN deducted
// at the normal rate (206AA), an LDC whose limit runs out, an exempt
// transporter, an unmapped GL code and a vendor missing from the master.

export interface DemoExpenseFile {
  kind:
    | 'expense-ledger'
    | 'vendor-master'
    | 'expense-section-mapping'
    | 'vendor-section-mapping'
    | 'vendor-payment';
  fileName: string;
  // yyyy-mm for a monthly ledger.
  month: string | null;
  content: string;
}

export interface DemoExpenseExpectations {
  shortVendor: string;
  crossingVendor: string;
  crossingMonth: string;
  noPanVendor: string;
  ldcVendor: string;
  exemptVendor: string;
  unmappedGl: string;
  missingVendor: string;
}

export interface DemoExpenses {
  financialYear: YearSpan['financialYear'];
  files: DemoExpenseFile[];
  expectations: DemoExpenseExpectations;
}

// Percent rates of the shipped section types for FY 2024-25.
const rateOf = (section: string, holder: Holder, date: string): number => {
  switch (section) {
    case '194C':
      return holder === 'individual' ? 1 : 2;
    case '194H':
      return date < '2024-10-01' ? 5 : 2;
    case '194J(a)':
    case '194I(a)':
      return 2;
    default:
      return 10;
  }
};

// Whole rupees of tax on a base in paise at a percent rate (rates here are whole or half percents).
const taxOn = (base: number, percent: number): Paise =>
  // Integer arithmetic: paise x whole percent, rounded half up to whole rupees.
  rupeesToPaise(Math.floor((base * percent + 5_000) / 10_000));

const NAMES = [
  'Associates',
  'Services',
  'Logistics',
  'Consultants',
  'Enterprises',
  'Solutions',
  'Agencies',
  'Traders',
];
const SURNAMES = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Kulkarni',
  'Banerjee',
  'Menon',
  'Gupta',
  'Nair',
  'Joshi',
  'Pillai',
  'Rao',
  'Desai',
];

const makeVendors = (mint: IdentifierMint, random: Random): ExpenseVendor[] => {
  const vendors: ExpenseVendor[] = [];
  const mapped = GLS.filter((g) => g.section !== null);
  for (let i = 0; i < 54; i++) {
    const gl = mapped[i % mapped.length]!;
    const holder: Holder = random.pick(['company', 'company', 'firm', 'individual']);
    const surname = random.pick(SURNAMES);
    const name =
      holder === 'individual'
        ? `${surname} ${random.pick(['Anil', 'Priya', 'Ravi', 'Meena', 'Suresh'])}`
        : `${surname} ${random.pick(NAMES)}${holder === 'company' ? ' Private Limited' : ''}`;
    vendors.push({
      code: `EV${String(i + 1).padStart(3, '0')}`,
      name,
      holder,
      pan: mint.pan(holder, surname[0]!),
      gl,
      case: 'normal',
      bills: random.int(20, 60),
      typical:
        gl.section === '194A' ? 80_000 : gl.section === '194I(b)' ? 1_20_000 : random.int(35, 90) * 1000,
    });
  }
  const planted = (
    c: Case,
    code: string,
    name: string,
    holder: Holder,
    glCode: string,
    bills: number,
    typical: number,
    pan = true,
  ) => {
    const gl = GLS.find((g) => g.code === glCode)!;
    const v = {
      code,
      name,
      holder,
      pan: pan ? mint.pan(holder, name[0]!) : null,
      gl,
      case: c,
      bills,
      typical,
    };
    vendors.push(v);
    return v;
  };
  planted('short', 'EV901', 'Speedway Carriers Private Limited', 'company', '420100', 24, 60_000);
  planted('crossing', 'EV902', 'Kavita Menon', 'individual', '410100', 10, 8_000);
  planted('no-pan', 'EV903', 'Nirmal Design Studio', 'firm', '410100', 6, 45_000, false);
  planted('ldc', 'EV904', 'Orbit Analytics LLP', 'firm', '410100', 12, 60_000);
  planted('exempt', 'EV905', 'Ganesh Transport', 'individual', '420100', 18, 40_000);
  return vendors;
};

const datesOf = (count: number, year: YearSpan, random: Random, monthly: boolean): string[] => {
  if (monthly) return Array.from({ length: count }, (_, i) => addDays(year.from, i * 30 + random.int(0, 9)));
  const days = dayNumber(year.to) - dayNumber(year.from);
  return Array.from({ length: count }, () => addDays(year.from, random.int(0, days))).sort();
};

const ledgerLines = (vendors: ExpenseVendor[], year: YearSpan, random: Random): LedgerLine[] => {
  const lines: Omit<LedgerLine, 'documentNumber'>[] = [];
  for (const v of vendors) {
    const r = random.fork(`expenses:${v.code}`);
    // Rent and the crossing vendor bill once a month; the rest at random dates.
    const monthly = v.gl.section === '194I(b)' || v.case === 'crossing';
    const dates = datesOf(Math.min(v.bills, monthly ? 12 : v.bills), year, r, monthly);
    let received = 0;
    for (const date of dates) {
      // Whole rupees drawn around the vendor's typical bill.
      const base = rupeesToPaise(
        Math.round(v.typical * (monthly ? 1 : 0.6 + r.next() * 0.8)) +
          (v.case === 'crossing' ? 0 : r.int(0, 99)),
      );
      received += base;
      const rate = rateOf(v.gl.section ?? '194J(b)', v.holder, date);
      let tds: Paise;
      switch (v.case) {
        case 'short':
          tds = taxOn(base, 1); // 194C for a company is 2%
          break;
        case 'crossing':
          // Nothing deducted until the year's fees pass Rs 30,000 (the annual threshold of 194J).
          tds = received > 30_000_00 ? taxOn(base, rate) : paise(0);
          break;
        case 'no-pan':
          tds = taxOn(base, rate); // 206AA asks for 20%
          break;
        case 'ldc':
          tds = taxOn(base, 2); // the certificate covers Rs 5,00,000 only
          break;
        case 'exempt':
          tds = paise(0);
          break;
        default:
          tds = taxOn(base, rate);
      }
      const posting = addDays(date, r.int(0, 3));
      const depositLate = r.chance(0.03);
      // Deposited by the 7th of the next month (a few late), as challans would show.
      const nextMonth = addDays(`${posting.slice(0, 8)}01`, 32).slice(0, 8);
      const deposit = tds === 0 ? null : depositLate ? addDays(posting, 45) : `${nextMonth}0${r.int(1, 7)}`;
      lines.push({
        documentDate: date,
        postingDate: posting,
        deductionDate: posting,
        tdsDepositDate: deposit,
        glCode: v.gl.code,
        description: `${r.pick(v.gl.narration)} ${v.name}`,
        base,
        tds,
        vendorCode: v.code,
      });
    }
  }
  // Sundry expenses booked to the unmapped GL, and a bill from a vendor not yet in the master.
  for (let i = 0; i < 8; i++) {
    const gl = GLS.find((g) => g.code === '499900')!;
    const v = vendors[i * 5]!;
    lines.push({
      documentDate: addDays(year.from, 20 + i * 40),
      postingDate: addDays(year.from, 21 + i * 40),
      deductionDate: addDays(year.from, 21 + i * 40),
      tdsDepositDate: null,
      glCode: gl.code,
      description: `${random.pick(gl.narration)} ${v.name}`,
      base: rupeesToPaise(random.int(5_000, 60_000)),
      tds: paise(0),
      vendorCode: v.code,
    });
  }
  lines.push({
    documentDate: addDays(year.from, 200),
    postingDate: addDays(year.from, 201),
    deductionDate: addDays(year.from, 201),
    tdsDepositDate: null,
    glCode: '410100',
    description: 'consultancy charges new vendor',
    base: paise(75_000_00),
    tds: paise(7_500_00),
    vendorCode: 'EV999',
  });
  lines.sort((a, b) =>
    a.postingDate < b.postingDate
      ? -1
      : a.postingDate > b.postingDate
        ? 1
        : a.vendorCode < b.vendorCode
          ? -1
          : 1,
  );
  return lines.map((l, i) => ({
    ...l,
    documentNumber: `PJ/${year.short}/${String(i + 1).padStart(5, '0')}`,
  }));
};

// The expense type of a section that has one in the shipped section types; a
// section with several (194A, by payer) is left blank, so the engine picks its
// section type exactly as it did when the demo carried no types at all.
const onlyExpenseType = (section: string): string => {
  const types = new Set(SHIPPED_SECTION_TYPES.filter((t) => t.section === section).map((t) => t.expenseType));
  const [only] = types;
  return types.size === 1 && only ? only : '';
};

export const generateDemoExpenses = (seed = 20240401): DemoExpenses => {
  const year = yearSpan('2024-25');
  const random = createRandom(seed).fork('expenses');
  const mint = new IdentifierMint(random.fork('expense-identifiers'));
  const vendors = makeVendors(mint, random.fork('expense-vendors'));
  const lines = ledgerLines(vendors, year, random.fork('expense-ledger'));
  // A month's file holds the bills dated in it, as the monthly upload expects.
  const months = [...new Set(lines.map((l) => l.documentDate.slice(0, 7)))].sort();
  const files: DemoExpenseFile[] = [
    {
      kind: 'vendor-master',
      fileName: 'expense_vendor_master.txt',
      month: null,
      content: writeVendorMaster(
        vendors.map((v) => ({
          vendorCode: v.code,
          vendorName: v.name,
          panNumber: v.pan,
          vendorType: v.holder === 'company' ? 'Company' : v.holder === 'individual' ? 'Personal' : 'Trust',
          resident: true,
          compliance206AB: false,
          aadhaarPanLink: v.pan ? 'Operative' : 'NA',
        })),
      ),
    },
    {
      kind: 'expense-section-mapping',
      fileName: 'expense_section_mapping.txt',
      month: null,
      content: `${[
        // with its expense type, as a real mapping file carries it (Search Expense
        // Section Mapping showed the column empty on every demo row)
        'expenseKey\texpenseDescription\tsectionNumber\tsubSection\texpenseType\ttdsExempted\tapplicableFromDate\tapplicableToDate',
        ...GLS.filter((g) => g.section).map((g) => {
          const [, number, sub] = /^(\d{3}[A-Z]*)(?:\((\w)\))?$/.exec(g.section!)!;
          return [
            g.code,
            g.description,
            number,
            sub ?? '',
            onlyExpenseType(g.section!),
            'False',
            '2024-04-01',
            '',
          ].join('\t');
        }),
      ].join('\r\n')}\r\n`,
    },
    {
      kind: 'vendor-section-mapping',
      fileName: 'vendor_section_mapping.txt',
      month: null,
      content: `${[
        'vendorCode\tsectionNumber\tsubSection\ttdsExempted\ttdsExemptedFromDate\ttdsExemptedToDate\ttdsExemptionReason\tltdcApplied\tltdcPercentage\tltdcAmount\tltdcFromDate\tltdcToDate',
        'EV904\t194J\tb\tFalse\t\t\t\tTrue\t2\t500000.00\t2024-04-01\t2025-03-31',
        // A transporter with ten or fewer goods carriages who gave its PAN and
        // a declaration saying so: 194C(6), reason T, reported in the 26Q
        // under the nil challan with remark T.
        'EV905\t194C\t\tTrue\t2024-04-01\t2025-03-31\tT\tFalse\t\t\t\t',
      ].join('\r\n')}\r\n`,
    },
    ...months.map((month) => ({
      kind: 'expense-ledger' as const,
      fileName: `expense_ledger_${month}.txt`,
      month,
      content: ledgerText(lines.filter((l) => l.documentDate.startsWith(month))),
    })),
    ...months.map((month) => ({
      kind: 'vendor-payment' as const,
      fileName: `vendor_payments_${month}.txt`,
      month,
      content: paymentText(
        lines.filter((l) => l.documentDate.startsWith(month)),
        vendors,
        month,
      ),
    })),
  ];
  return {
    financialYear: year.financialYear,
    files,
    expectations: {
      shortVendor: 'EV901',
      crossingVendor: 'EV902',
      // The fourth monthly bill of Rs 8,000 takes the year past Rs 30,000.
      crossingMonth: lines.filter((l) => l.vendorCode === 'EV902')[3]!.documentDate.slice(0, 7),
      noPanVendor: 'EV903',
      ldcVendor: 'EV904',
      exemptVendor: 'EV905',
      unmappedGl: '499900',
      missingVendor: 'EV999',
    },
  };
};
