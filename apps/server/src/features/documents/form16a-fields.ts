import {
  type FinancialYear,
  financialYearOf,
  isFinancialYear,
  type Paise,
  parseRupees,
  quarterOf,
} from '@taxrecon/shared';
import type { Quarter } from './form16a-pdf.ts';

// What a Form 16A certificate says about itself, read from the text of the PDF.
export interface Form16aFields {
  certificateNumber: string | null;
  deductorPan: string | null;
  deductorTan: string;
  deducteePan: string;
  financialYear: FinancialYear;
  quarter: Quarter;
  // totals of the summary of payment and of the summary of tax deducted; null when the table is absent
  amountPaidPaise: Paise | null;
  taxDeductedPaise: Paise | null;
}

export type Form16aReading = { ok: true; fields: Form16aFields } | { ok: false; reason: string };

const PAN_TOKEN = /\b(?:[A-Z]{5}[0-9]{4}[A-Z]|PANNOTAVBL)\b/g;
const TAN_TOKEN = /\b[A-Z]{4}[0-9]{5}[A-Z]\b/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = String.raw`(\d{1,2})[-/. ]([A-Za-z]{3}|\d{1,2})[-/. ](\d{4})`;

const fail = (reason: string): Form16aReading => ({ ok: false, reason });

// '01-Apr-2024', '01/04/2024' -> '2024-04-01'; null when it is no date
const isoDate = (day: string, month: string, year: string): string | null => {
  const m = /^\d+$/.test(month) ? Number(month) : MONTHS.indexOf(month.toLowerCase()) + 1;
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

// TRACES prints the PAN of the deductor, the TAN of the deductor and the PAN
// of the deductee as a row of headings over a row of values (or each heading
// followed by its value): either way the identifiers come after the first
// heading in the order of the headings. A deductor without a PAN shows PANNOTAVBL.
const readIdentifiers = (text: string) => {
  const labels = [
    { key: 'deductorPan', at: text.search(/PAN\s+of\s+the\s+deductor/i) },
    { key: 'deducteePan', at: text.search(/PAN\s+of\s+the\s+deductee/i) },
  ]
    .filter((l) => l.at >= 0)
    .sort((a, b) => a.at - b.at);
  const tanAt = text.search(/TAN\s+of\s+the\s+deductor/i);
  const first = Math.min(...labels.map((l) => l.at), tanAt >= 0 ? tanAt : Number.POSITIVE_INFINITY);
  const after = Number.isFinite(first) ? text.slice(first) : '';
  const pans = after.match(PAN_TOKEN) ?? [];
  const found: Record<string, string | undefined> = {};
  labels.forEach((l, i) => {
    found[l.key] = pans[i];
  });
  return {
    deducteePan: labels.some((l) => l.key === 'deducteePan') ? (found.deducteePan ?? null) : null,
    deductorPan: found.deductorPan && found.deductorPan !== 'PANNOTAVBL' ? found.deductorPan : null,
    deductorTan: tanAt >= 0 ? (TAN_TOKEN.exec(text.slice(tanAt))?.[0] ?? null) : null,
  };
};

// The year and quarter: from the period ('From 01-Apr-2024 To 30-Jun-2024'),
// else from the assessment year (the financial year after the one of the
// deduction) and the quarter column of the summary of tax deducted.
const readPeriod = (text: string): { financialYear: FinancialYear; quarter: Quarter } | string => {
  const ay = /Assessment\s+Year\s*:?\s*(\d{4})\s*-\s*(\d{2}(?:\d{2})?)\b/i.exec(text);
  const fromAy = ay ? `${Number(ay[1]) - 1}-${(ay[1] ?? '').slice(2)}` : null;
  if (fromAy && !isFinancialYear(fromAy)) return `the assessment year ${ay?.[1]}-${ay?.[2]} is no year`;
  const period = new RegExp(String.raw`From\s*:?\s*${DATE}\s*To\s*:?\s*${DATE}`, 'i').exec(text);
  if (period) {
    const [, d1 = '', m1 = '', y1 = '', d2 = '', m2 = '', y2 = ''] = period;
    const from = isoDate(d1, m1, y1);
    const to = isoDate(d2, m2, y2);
    if (!from || !to) return `the period "${period[0]}" holds no valid dates`;
    const financialYear = financialYearOf(from);
    const quarter = quarterOf(from);
    if (financialYearOf(to) !== financialYear || quarterOf(to) !== quarter) {
      return `the period "${period[0]}" is not one quarter of one financial year`;
    }
    if (fromAy && fromAy !== financialYear) {
      return `the period "${period[0]}" (FY ${financialYear}) and the assessment year ${ay?.[1]}-${ay?.[2]} (FY ${fromAy}) disagree`;
    }
    return { financialYear, quarter };
  }
  if (!fromAy) return 'neither the period (From ... To ...) nor the assessment year was found';
  const summary = text.search(/Summary\s+of\s+tax\s+deducted/i);
  const q = /\b(Q[1-4])\b/.exec(summary >= 0 ? text.slice(summary) : text);
  if (!q) return 'the quarter (Q1 to Q4) was not found';
  return { financialYear: fromAy as FinancialYear, quarter: q[1] as Quarter };
};

const TOTAL = /Total\s*\(\s*Rs\.?\s*\)\s*:?\s*(?:Rs\.?|₹)?\s*([0-9][0-9,]*(?:\.[0-9]{1,2})?)/i;

// The first 'Total (Rs.)' amount after a table's heading.
const totalAfter = (text: string, heading: RegExp): Paise | null => {
  const at = text.search(heading);
  if (at < 0) return null;
  const m = TOTAL.exec(text.slice(at));
  return m?.[1] ? parseRupees(m[1]) : null;
};

// Reads the fields of a TRACES Form 16A from its text. Never throws: a text
// that is not a readable certificate answers the reason, in words a person
// can check against the PDF.
export const readForm16aFields = (rawText: string): Form16aReading => {
  const text = rawText.replace(/\s+/g, ' ');
  if (!/FORM\s*NO\.?\s*16\s*A\b/i.test(text))
    return fail('not a Form 16A: the title "FORM NO. 16A" is missing');
  const ids = readIdentifiers(text);
  if (!ids.deducteePan) return fail('the PAN of the deductee was not found');
  if (!ids.deductorTan) return fail('the TAN of the deductor was not found');
  const period = readPeriod(text);
  if (typeof period === 'string') return fail(period);
  const certificate = /[Cc]ertificate\s+[Nn][Oo]\.?\s*:?\s*([A-Z0-9]{4,20})\b/.exec(text);
  return {
    ok: true,
    fields: {
      certificateNumber: certificate?.[1] ?? null,
      deductorPan: ids.deductorPan,
      deductorTan: ids.deductorTan,
      deducteePan: ids.deducteePan,
      ...period,
      amountPaidPaise: totalAfter(text, /Summary\s+of\s+payment/i),
      taxDeductedPaise: totalAfter(text, /Summary\s+of\s+tax\s+deducted/i),
    },
  };
};
