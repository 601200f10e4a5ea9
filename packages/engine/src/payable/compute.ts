import { type Paise, paise } from '@taxrecon/shared';
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
import { EntryResult, type Liability, Threshold } from './entry-result.ts';
import { buildLookups } from './lookups.ts';
import { EXCESS_ONLY_SECTIONS } from './section-types-data.ts';
import { paymentCodeOf } from './sections.ts';
import { summarise } from './summaries.ts';
import type { EntryStatus, LedgerEntry, PayableInput, PayableResult, VendorSectionMapping } from './types.ts';

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

// 7.5 and 7.6 for the entries of one (PAN or vendor, section), in content order.
// `ldcLeft`: what each certificate has left, shared by every group: a
// vendor's lines of one section can fall in two groups (with and without a
// PAN, or a type without a threshold), and a certificate's amount is spent once
// (keyed by `ldcKey` when mappings of several vendor codes carry one certificate).
const assessGroup = (
  entries: readonly LedgerEntry[],
  order: number[],
  pending: Pending[],
  ldcLeft: Map<VendorSectionMapping | string, number>,
): Liability[] => {
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
  const crossing = crossingAt >= 0 ? entries[order[crossingAt]!]! : null;
  const crossingMonth = crossing ? monthOf(crossing.documentDate!) : null;
  const crossingLimit = crossingAt >= 0 ? pending[crossingAt]!.type.thresholdAnnually : null;
  let cumulative = 0;
  for (let k = 0; k < order.length; k++) {
    const e = entries[order[k]!]!;
    const p = pending[k]!;
    const t = p.type;
    const month = monthOf(e.documentDate!);
    const before = cumulative;
    cumulative += e.baseAmount;
    const l: Liability = {
      liable: false,
      recognisedMonth: null,
      taxableBase: paise(0),
      due: paise(0),
      rate: percentOf(p.units),
      rateBasis: p.rateBasis,
      threshold: Threshold.Below,
      aggregate: 0,
      limit: null,
      crossingDate: null,
      ldcPart: 0,
      ldcLimit: null,
      ldcRate: null,
    };
    let taxable = e.baseAmount as number;
    const excessOnly = (t.excessOnly || EXCESS_ONLY_SECTIONS.has(p.section)) && t.thresholdAnnually !== null;
    if (excessOnly) {
      // 194Q: only the part of the year's purchases above the threshold.
      const limit = t.thresholdAnnually as number;
      taxable = Math.max(0, cumulative - limit) - Math.max(0, before - limit);
      l.liable = taxable !== 0;
      l.threshold = l.liable ? Threshold.Excess : Threshold.BelowExcess;
      l.aggregate = cumulative;
      l.limit = t.thresholdAnnually;
    } else if (t.thresholdInvoice === null && t.thresholdMonthly === null && t.thresholdAnnually === null) {
      l.liable = true;
      l.threshold = Threshold.None;
    } else if (t.thresholdInvoice !== null && e.baseAmount >= t.thresholdInvoice) {
      l.liable = true;
      l.threshold = Threshold.Single;
      l.limit = t.thresholdInvoice;
    } else if (t.thresholdMonthly !== null && (monthly.get(month) ?? 0) >= t.thresholdMonthly) {
      l.liable = true;
      l.threshold = Threshold.Monthly;
      l.aggregate = monthly.get(month) ?? 0;
      l.limit = t.thresholdMonthly;
    } else if (crossing) {
      l.liable = true;
      l.threshold =
        k < crossingAt
          ? Threshold.AnnualLater
          : k === crossingAt
            ? Threshold.AnnualHere
            : Threshold.AnnualEarlier;
      l.aggregate = cumulative;
      l.limit = crossingLimit;
      l.crossingDate = crossing.documentDate;
    } else {
      l.aggregate = running;
      l.limit = null;
    }
    if (l.liable) {
      // Months are yyyy-mm text: a catch-up is recognised in the later of the two.
      l.recognisedMonth =
        l.threshold === Threshold.AnnualLater && crossingMonth! > month ? crossingMonth : month;
      let numerator: TaxNumerator;
      const ldc = p.ldc;
      if (ldc && ldc.ltdcRate !== null) {
        const ldcUnits = rateUnits(ldc.ltdcRate);
        const limit = ldc.ltdcAmount;
        const spent = ldc.ldcKey ?? ldc;
        const left = ldcLeft.get(spent) ?? (limit === null ? Number.POSITIVE_INFINITY : (limit as number));
        const used = limit === null ? 0 : (limit as number) - left;
        // A reversal gives back what its original took of the certificate.
        const part = taxable >= 0 ? Math.min(taxable, left) : -Math.min(-taxable, used);
        ldcLeft.set(spent, left - part);
        numerator = taxNumerator(paise(part), ldcUnits) + taxNumerator(paise(taxable - part), p.units);
        l.ldcPart = part;
        l.ldcLimit = limit;
        l.ldcRate = ldc.ltdcRate;
        if (part !== 0) {
          l.rate = ldc.ltdcRate;
          l.rateBasis = part === taxable ? 'LDC' : 'LDC+normal';
        }
      } else numerator = taxNumerator(paise(taxable), p.units as RateUnits);
      l.due = roundToRupee(numerator);
      l.taxableBase = paise(taxable);
    }
    out.push(l);
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
  const ldcLeft = new Map<VendorSectionMapping | string, number>();
  // Groups in key order, so a certificate spent across two groups is spent
  // in the same order however the ledger is sorted.
  for (const key of [...groups.keys()].sort()) {
    const order = groups.get(key)!;
    order.sort((a, b) => compareEntries(entries[a]!, entries[b]!));
    const assessed = assessGroup(
      entries,
      order,
      order.map((i) => classified[i] as Pending),
      ldcLeft,
    );
    order.forEach((i, k) => {
      liability[i] = assessed[k];
    });
  }

  const results = entries.map((e, index) => {
    const c = classified[index]!;
    const date = e.documentDate;
    const l = c.kind === 'pending' ? (liability[index] ?? null) : null;
    let status: EntryStatus = c.kind === 'final' ? c.status : 'error';
    let lateDeduction = paise(0);
    let lateDeposit = paise(0);
    if (l) {
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
    }
    return new EntryResult(index, e, c, l, status, {
      paymentCode: c.section ? paymentCodeOf(c.section, c.deducteeType, date) : null,
      interestLateDeduction: lateDeduction,
      interestLateDeposit: lateDeposit,
    });
  });
  return { financialYear: input.financialYear, entries: results, ...summarise(results, entries) };
};
