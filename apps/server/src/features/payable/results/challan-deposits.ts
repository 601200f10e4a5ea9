import type { PayableForm3cdRow, PayableResponse } from '@taxrecon/contracts';
import type { Form3cdRow } from '@taxrecon/engine';
import { formatRupees, paiseOfNumeric } from '@taxrecon/shared';
import type { Queryable } from '../inputs/queryable.ts';

type MonthlyRow = PayableResponse['monthly'][number];

// DOMAIN 7.8: "deposited" and "challan count" of the summaries are what the
// challans hold (payable_challans.tax_amount), the tax paid to the
// Government's credit, as the quarterly challan summary and a month's
// verification count it; not the tax of ledger lines that carry a deposit
// date, nor the tax of rows allocated to challans (a challan paid but not yet
// allocated for the 26Q is still deposited). docs/decisions.md, session 39.

export interface ChallanDeposit {
  month: string;
  section: string;
  subsection: string;
  deducteeType: MonthlyRow['deducteeType'];
  tan: string;
  tax: number; // paise
  verified: boolean;
}

export const challanDeposits = async (
  db: Queryable,
  entityId: string,
  months: readonly string[],
): Promise<ChallanDeposit[]> => {
  const { rows } = await db.query<{
    month: string;
    section_number: string;
    sub_section: string;
    deductee_type: MonthlyRow['deducteeType'];
    tan: string;
    tax: string;
    verified: boolean | null;
  }>(
    `SELECT c.month, c.section_number, c.sub_section, c.deductee_type, c.tan, c.tax_amount::text AS tax, s.verified
     FROM payable_challans c
     LEFT JOIN payable_month_states s ON s.entity_id = c.entity_id AND s.financial_year = c.financial_year
       AND s.month = c.month
     WHERE c.entity_id = $1 AND c.month = ANY($2)
     ORDER BY c.month, c.section_number, c.sub_section, c.deductee_type, c.date_of_deposit, c.created_at`,
    [entityId, months],
  );
  return rows.map((r) => ({
    month: r.month,
    section: r.section_number,
    subsection: r.sub_section,
    deducteeType: r.deductee_type,
    tan: r.tan,
    tax: paiseOfNumeric(r.tax),
    verified: r.verified ?? false,
  }));
};

const lineKey = (r: { month: string; section: string; subsection: string; deducteeType: string }) =>
  `${r.month}|${r.section}|${r.subsection}|${r.deducteeType}`;

// The order of the run's rows: month, section, sub-section, deductee type, TAN (none first).
const byLine = (a: MonthlyRow, b: MonthlyRow): number => {
  const x = [a.monthYear, a.section, a.subsection, a.deducteeType, a.tan ?? ''];
  const y = [b.monthYear, b.section, b.subsection, b.deducteeType, b.tan ?? ''];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
};

// Each challan once: on the row of its line (month, section, sub-section,
// deductee type) with its TAN, else on the line's first row (a ledger without
// TANs gives rows with none; a line then counts its challans whatever TAN they
// were typed with, as its verification does). A line split over TANs so
// never shows a challan twice, and quarters and the year add up. A challan of
// a line the run computed nothing on gets a row of its own (no entries, its
// tax deposited), so no deposit goes unseen.
export const withChallans = (
  rows: readonly Omit<MonthlyRow, 'deposited'>[],
  challans: readonly ChallanDeposit[],
): MonthlyRow[] => {
  const out: MonthlyRow[] = rows.map((r) => ({ ...r, deposited: formatRupees(0), challansCount: 0 }));
  const deposited = new Map<MonthlyRow, number>();
  const lines = new Map<string, MonthlyRow[]>();
  for (const r of out) {
    const key = lineKey({ ...r, month: r.monthYear });
    lines.set(key, [...(lines.get(key) ?? []), r]);
  }
  for (const c of challans) {
    const key = lineKey(c);
    let line = lines.get(key);
    if (!line) {
      const zero = formatRupees(0);
      const own: MonthlyRow = {
        tan: c.tan,
        monthYear: c.month,
        section: c.section,
        subsection: c.subsection,
        deducteeType: c.deducteeType,
        entries: 0,
        base: zero,
        tds: zero,
        deducted: zero,
        shortfall: zero,
        interest: zero,
        deposited: zero,
        challansCount: 0,
        errors: 0,
        verified: c.verified,
      };
      out.push(own);
      line = [own];
      lines.set(key, line);
    }
    const at = line.find((r) => r.tan === c.tan) ?? line[0]!;
    at.challansCount++;
    deposited.set(at, (deposited.get(at) ?? 0) + c.tax);
  }
  for (const [r, tax] of deposited) r.deposited = formatRupees(tax);
  return out.length === rows.length ? out : out.sort(byLine);
};

// Form 3CD clause 34(a) per section: the run's figures, with "tax deposited"
// the tax of the challans of the months the run computed, by section (a
// challan's section and sub-section written as the run writes its sections,
// '194J(b)'). A section with challans and nothing computed is listed too.
export const form3cdWithChallans = (
  form3cd: readonly Form3cdRow[],
  monthly: readonly MonthlyRow[],
): PayableForm3cdRow[] => {
  const bySection = new Map<string, number>();
  for (const m of monthly) {
    const section = m.subsection ? `${m.section}(${m.subsection})` : m.section;
    bySection.set(section, (bySection.get(section) ?? 0) + paiseOfNumeric(m.deposited));
  }
  const rows: PayableForm3cdRow[] = form3cd.map((f) => ({
    section: f.section,
    payments: formatRupees(f.payments),
    taxable: formatRupees(f.taxable),
    deductedOn: formatRupees(f.deductedOn),
    deducted: formatRupees(f.deducted),
    deposited: formatRupees(bySection.get(f.section) ?? 0),
    shortfall: formatRupees(f.shortfall),
  }));
  const zero = formatRupees(0);
  for (const [section, tax] of bySection) {
    if (tax === 0 || rows.some((r) => r.section === section)) continue;
    rows.push({
      section,
      payments: zero,
      taxable: zero,
      deductedOn: zero,
      deducted: zero,
      deposited: formatRupees(tax),
      shortfall: zero,
    });
  }
  return rows.sort((a, b) => (a.section < b.section ? -1 : a.section > b.section ? 1 : 0));
};
