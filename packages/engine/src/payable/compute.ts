import { formatRupees, type Paise, paise } from '@taxrecon/shared';
import {
  interestOn,
  percentOf,
  type RateUnits,
  rateUnits,
  roundToRupee,
  type TaxNumerator,
  taxNumerator,
} from './arithmetic.ts';
import { type Classified, classifyEntry } from './classify.ts';
import { depositDueDate, monthOf, monthsOrPart } from './dates.ts';
import { buildLookups } from './lookups.ts';
import { EXCESS_ONLY_SECTIONS } from './section-types-data.ts';
import { paymentCodeOf } from './sections.ts';
import { summarise } from './summaries.ts';
import type {
  EntryStatus,
  LedgerEntry,
  PayableEntryResult,
  PayableInput,
  PayableResult,
  RateBasis,
  VendorSectionMapping,
} from './types.ts';

// DOMAIN.md section 7: what each ledger entry should have borne in TDS and
// how that compares with what was deducted. Pure and deterministic: entries
// are put in a total content order within each (PAN, section), so the order
// of the input never changes a figure.

export interface PayableOptions {
  // Interest on tax not deducted at all runs until it is deducted; with a date
  // here it is counted up to that date (left at zero without one).
  interestAsOf?: string | null;
}

type Pending = Extract<Classified, { kind: 'pending' }>;

const rupee = (p: Paise): string => `Rs ${formatRupees(p)}`;

// Content order within a group; file and line break ties between lines that
// are otherwise identical (and so interchangeable).
const compareEntries = (a: LedgerEntry, b: LedgerEntry): number =>
  cmp(a.documentDate, b.documentDate) ||
  cmp(a.postingDate, b.postingDate) ||
  cmp(a.documentNumber, b.documentNumber) ||
  cmp(a.glCode, b.glCode) ||
  a.baseAmount - b.baseAmount ||
  a.tdsAmount - b.tdsAmount ||
  cmp(a.vendorCode, b.vendorCode) ||
  cmp(a.file, b.file) ||
  a.line - b.line;

const cmp = (a: string | null, b: string | null): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

interface Liability {
  liable: boolean;
  recognisedMonth: string | null;
  taxableBase: Paise;
  due: Paise;
  rate: number;
  rateBasis: RateBasis;
  thresholdWhy: string;
  ldcWhy: string;
}

// 7.5 and 7.6 for the entries of one (PAN or vendor, section), in content order.
const assessGroup = (entries: readonly LedgerEntry[], order: number[], pending: Pending[]): Liability[] => {
  const out: Liability[] = [];
  const monthly = new Map<string, number>();
  for (let k = 0; k < order.length; k++) {
    const e = entries[order[k]!]!;
    const m = monthOf(e.documentDate!);
    monthly.set(m, (monthly.get(m) ?? 0) + e.baseAmount);
  }
  // The annual threshold: the first entry at which the running aggregate
  // reaches it (threshold of the rules in force at that entry).
  let crossingAt = -1;
  let running = 0;
  for (let k = 0; k < order.length; k++) {
    running += entries[order[k]!]!.baseAmount;
    const annual = pending[k]!.type.thresholdAnnually;
    if (crossingAt < 0 && annual !== null && running >= annual) crossingAt = k;
  }
  const crossingMonth = crossingAt >= 0 ? monthOf(entries[order[crossingAt]!]!.documentDate!) : null;
  const ldcLeft = new Map<VendorSectionMapping, number>();
  let cumulative = 0;
  for (let k = 0; k < order.length; k++) {
    const e = entries[order[k]!]!;
    const p = pending[k]!;
    const t = p.type;
    const month = monthOf(e.documentDate!);
    const before = cumulative;
    cumulative += e.baseAmount;
    let liable = false;
    let recognisedMonth: string | null = null;
    let taxable = e.baseAmount as number;
    let thresholdWhy: string;
    const excessOnly = (t.excessOnly || EXCESS_ONLY_SECTIONS.has(p.section)) && t.thresholdAnnually !== null;
    if (excessOnly) {
      // 194Q: only the part of the year's purchases above the threshold.
      const limit = t.thresholdAnnually as number;
      taxable = Math.max(0, cumulative - limit) - Math.max(0, before - limit);
      liable = taxable !== 0;
      recognisedMonth = liable ? month : null;
      thresholdWhy = liable
        ? `year's aggregate ${rupee(paise(cumulative))} is above ${rupee(t.thresholdAnnually!)}: ${rupee(paise(taxable))} of this entry is taxed`
        : `year's aggregate ${rupee(paise(cumulative))} has not passed ${rupee(t.thresholdAnnually!)} (only the excess is taxed)`;
    } else if (t.thresholdInvoice === null && t.thresholdMonthly === null && t.thresholdAnnually === null) {
      liable = true;
      recognisedMonth = month;
      thresholdWhy = 'no threshold';
    } else if (t.thresholdInvoice !== null && e.baseAmount >= t.thresholdInvoice) {
      liable = true;
      recognisedMonth = month;
      thresholdWhy = `single payment reaches ${rupee(t.thresholdInvoice)}`;
    } else if (t.thresholdMonthly !== null && (monthly.get(month) ?? 0) >= t.thresholdMonthly) {
      liable = true;
      recognisedMonth = month;
      thresholdWhy = `${month} aggregate ${rupee(paise(monthly.get(month) ?? 0))} reaches the monthly ${rupee(t.thresholdMonthly)}`;
    } else if (crossingAt >= 0) {
      liable = true;
      // Months are yyyy-mm text: the later of the two, compared as text.
      recognisedMonth = [crossingMonth!, month].sort()[1]!;
      const crossing = entries[order[crossingAt]!]!;
      thresholdWhy =
        k < crossingAt
          ? `annual threshold ${rupee(pending[crossingAt]!.type.thresholdAnnually!)} crossed later, on ${crossing.documentDate}: the whole year is liable${recognisedMonth !== month ? ` (recognised in ${recognisedMonth} in the monthly view)` : ''}`
          : k === crossingAt
            ? `year's aggregate ${rupee(paise(cumulative))} reaches the annual ${rupee(t.thresholdAnnually!)} with this entry`
            : `annual threshold crossed on ${crossing.documentDate}`;
    } else {
      const parts = [
        t.thresholdInvoice !== null ? `single ${rupee(t.thresholdInvoice)}` : null,
        t.thresholdMonthly !== null
          ? `monthly ${rupee(t.thresholdMonthly)} (month ${rupee(paise(monthly.get(month) ?? 0))})`
          : null,
        t.thresholdAnnually !== null
          ? `annual ${rupee(t.thresholdAnnually)} (year ${rupee(paise(running))})`
          : null,
      ].filter(Boolean);
      thresholdWhy = `below the ${parts.join(', ')} threshold`;
    }
    let due = paise(0);
    let rate = percentOf(p.units);
    let rateBasis = p.rateBasis;
    let ldcWhy = '';
    if (liable) {
      let numerator: TaxNumerator;
      const ldc = p.ldc;
      if (ldc && ldc.ltdcRate !== null) {
        const ldcUnits = rateUnits(ldc.ltdcRate);
        const limit = ldc.ltdcAmount;
        const left = ldcLeft.get(ldc) ?? (limit === null ? Number.POSITIVE_INFINITY : (limit as number));
        const used = limit === null ? 0 : (limit as number) - left;
        // A reversal gives back what its original took of the certificate.
        const part = taxable >= 0 ? Math.min(taxable, left) : -Math.min(-taxable, used);
        ldcLeft.set(ldc, left - part);
        numerator = taxNumerator(paise(part), ldcUnits) + taxNumerator(paise(taxable - part), p.units);
        if (part !== 0) {
          rate = ldc.ltdcRate;
          rateBasis = part === taxable ? 'LDC' : 'LDC+normal';
        }
        ldcWhy =
          part === 0
            ? `; lower deduction certificate limit ${rupee(limit!)} used up: normal rate`
            : part === taxable
              ? `; lower deduction certificate at ${ldc.ltdcRate}%`
              : `; lower deduction certificate at ${ldc.ltdcRate}% on ${rupee(paise(part))} until its limit ${rupee(limit!)}, ${percentOf(p.units)}% on the remaining ${rupee(paise(taxable - part))}`;
      } else numerator = taxNumerator(paise(taxable), p.units as RateUnits);
      due = roundToRupee(numerator);
    }
    out.push({
      liable,
      recognisedMonth,
      taxableBase: paise(liable ? taxable : 0),
      due,
      rate,
      rateBasis,
      thresholdWhy,
      ldcWhy,
    });
  }
  return out;
};

const compare = (due: Paise, deducted: Paise): EntryStatus => {
  if (Math.abs(due - deducted) <= 100) return 'ok';
  if (deducted === 0) return 'notDeducted';
  return deducted < due ? 'short' : 'excess';
};

export const computePayable = (input: PayableInput, options: PayableOptions = {}): PayableResult => {
  const lookups = buildLookups(input);
  const entries = input.entries;
  const classified = entries.map((e) => classifyEntry(lookups, input.financialYear, e));
  const groups = new Map<string, number[]>();
  classified.forEach((c, i) => {
    if (c.kind !== 'pending') return;
    const g = groups.get(c.thresholdKey);
    if (g) g.push(i);
    else groups.set(c.thresholdKey, [i]);
  });
  const liability = new Array<Liability | undefined>(entries.length);
  for (const order of groups.values()) {
    order.sort((a, b) => compareEntries(entries[a]!, entries[b]!));
    const assessed = assessGroup(
      entries,
      order,
      order.map((i) => classified[i] as Pending),
    );
    order.forEach((i, k) => {
      liability[i] = assessed[k];
    });
  }

  const results: PayableEntryResult[] = entries.map((e, index) => {
    const c = classified[index]!;
    const date = e.documentDate;
    const deductedText = `deducted ${rupee(e.tdsAmount)}`;
    const l = c.kind === 'pending' ? liability[index]! : null;
    let status: EntryStatus;
    let reason: string;
    let lateDeduction = paise(0);
    let lateDeposit = paise(0);
    if (c.kind === 'final' || l === null) {
      status = c.kind === 'final' ? c.status : 'error';
      reason =
        c.kind !== 'final'
          ? ''
          : c.status === 'error'
            ? c.why
            : `${c.why}${e.tdsAmount !== 0 ? ` (${deductedText})` : ''}`;
    } else {
      status = l.liable ? compare(l.due, e.tdsAmount) : 'belowThreshold';
      // 7.7: interest under 201(1A), on tax that was due.
      if (l.liable && date && l.due > 0) {
        const deductedOnTime = Math.min(e.tdsAmount, l.due);
        if (e.deductionDate && e.tdsAmount > 0)
          lateDeduction = interestOn(paise(deductedOnTime), 1, monthsOrPart(date, e.deductionDate));
        const shortfall = l.due - Math.max(0, e.tdsAmount);
        if (shortfall > 100 && options.interestAsOf)
          lateDeduction = paise(
            lateDeduction + interestOn(paise(shortfall), 1, monthsOrPart(date, options.interestAsOf)),
          );
        const deductedOn = e.deductionDate ?? date;
        if (e.tdsDepositDate && e.tdsAmount > 0 && e.tdsDepositDate > depositDueDate(deductedOn))
          lateDeposit = interestOn(paise(deductedOnTime), 1.5, monthsOrPart(deductedOn, e.tdsDepositDate));
      }
      const outcome =
        status === 'belowThreshold'
          ? `no TDS due${e.tdsAmount !== 0 ? ` (${deductedText})` : ''}`
          : `due ${rupee(l.due)}${l.taxableBase !== e.baseAmount ? ` on ${rupee(l.taxableBase)}` : ''}, ${deductedText}`;
      reason = `${c.sectionWhy}; ${c.rateWhy}${l.ldcWhy}; ${l.thresholdWhy}; ${outcome}.`;
    }
    // One literal of one shape for every entry: a million of these stay fast
    // objects (spreading a base object made them slow dictionaries).
    return {
      index,
      ref: e.documentNumber ?? '',
      file: e.file,
      line: e.line,
      documentDate: date,
      month: date ? monthOf(date) : null,
      vendorCode: e.vendorCode,
      pan: c.pan,
      section: c.section,
      sectionSource: c.sectionSource,
      paymentCode: c.section ? paymentCodeOf(c.section, c.deducteeType, date) : null,
      returnForm: c.section === null ? null : c.kind === 'final' && c.nonResident ? '27Q' : '26Q',
      deducteeType: c.deducteeType,
      base: e.baseAmount,
      taxableBase: l ? l.taxableBase : paise(0),
      rate: l ? l.rate : null,
      rateBasis: l ? l.rateBasis : null,
      liable: l ? l.liable : false,
      recognisedMonth: l ? l.recognisedMonth : null,
      due: l ? l.due : paise(0),
      deducted: e.tdsAmount,
      deposited: e.tdsDepositDate !== null,
      interestLateDeduction: lateDeduction,
      interestLateDeposit: lateDeposit,
      status,
      errorCode: c.kind === 'final' ? c.errorCode : null,
      reason,
    };
  });
  return { financialYear: input.financialYear, entries: results, ...summarise(results, entries) };
};
