import { type Paise, paise } from '@taxrecon/shared';
import type {
  EntryStatus,
  Form3cdRow,
  LedgerEntry,
  MonthRow,
  PayableEntryResult,
  PayableResult,
} from './types.ts';

// 7.8: the monthly view (month x TAN x section x deductee type), Form 3CD
// clause 34(a) per section, and the data-quality counts.

const STATUSES: EntryStatus[] = [
  'ok',
  'short',
  'excess',
  'notDeducted',
  'belowThreshold',
  'exempt',
  'notApplicable',
  'error',
];

// In the return: an entry with a section that is not an error and not a
// non-resident's (27Q). A force-N rule's entries still count as payments.
const inReturn = (r: PayableEntryResult): boolean => r.returnForm === '26Q' && r.status !== 'error';

export const summarise = (
  results: readonly PayableEntryResult[],
  entries: readonly LedgerEntry[],
): Omit<PayableResult, 'financialYear' | 'entries'> => {
  const months = new Map<string, MonthRow>();
  const row = (month: string, r: PayableEntryResult, tan: string | null): MonthRow => {
    const key = `${month}|${r.section}|${r.deducteeType}|${tan ?? ''}`;
    let m = months.get(key);
    if (!m) {
      m = {
        month,
        section: r.section!,
        deducteeType: r.deducteeType!,
        tan,
        entries: 0,
        base: paise(0),
        due: paise(0),
        deducted: paise(0),
        shortfall: paise(0),
        interest: paise(0),
        errors: 0,
      };
      months.set(key, m);
    }
    return m;
  };
  const sections = new Map<string, Form3cdRow>();
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<EntryStatus, number>;
  let glUnmapped = 0;
  let vendorMissing = 0;
  let errors = 0;
  let due = 0;
  let deducted = 0;
  const vendors = new Set<string>();
  for (const r of results) {
    byStatus[r.status]++;
    if (r.errorCode === 'GL_UNMAPPED') glUnmapped++;
    if (r.errorCode === 'VENDOR_MISSING') vendorMissing++;
    if (r.status === 'error') errors++;
    if (r.vendorCode) vendors.add(r.vendorCode);
    due += r.due;
    deducted += r.deducted;
    const tan = entries[r.index]?.tanNumber || null;
    // An error whose line is known (a section and a deductee type found,
    // then no rate) is counted on that line, which it opens if it is the
    // line's only entry: the month's errors are not hidden. An error before
    // the section (GL unmapped, vendor missing, unreadable) has no line; the
    // data-quality summary counts those.
    if (r.status === 'error' && r.returnForm === '26Q' && r.section && r.deducteeType && r.month) {
      row(r.month, r, tan).errors++;
      continue;
    }
    if (!inReturn(r) || r.month === null) continue;
    const own = row(r.month, r, tan);
    own.entries++;
    own.base = paise(own.base + r.base);
    own.deducted = paise(own.deducted + r.deducted);
    if (r.liable && r.recognisedMonth) {
      // The monthly view: a catch-up is due in the month the threshold was crossed.
      const at = r.recognisedMonth === r.month ? own : row(r.recognisedMonth, r, tan);
      at.due = paise(at.due + r.due);
      at.shortfall = paise(at.shortfall + Math.max(0, r.due - r.deducted));
      at.interest = paise(at.interest + r.interestLateDeduction + r.interestLateDeposit);
    }
    let s = sections.get(r.section!);
    if (!s) {
      s = {
        section: r.section!,
        payments: paise(0),
        taxable: paise(0),
        deductedOn: paise(0),
        deducted: paise(0),
        deposited: paise(0),
        shortfall: paise(0),
      };
      sections.set(r.section!, s);
    }
    s.payments = paise(s.payments + r.base);
    if (r.liable) {
      s.taxable = paise(s.taxable + r.taxableBase);
      s.shortfall = paise(s.shortfall + Math.max(0, r.due - r.deducted));
    }
    if (r.deducted !== 0) s.deductedOn = paise(s.deductedOn + r.base);
    s.deducted = paise(s.deducted + r.deducted);
    // From the ledger's deposit dates: all the command line knows. The app
    // shows what the challans hold instead (DOMAIN 7.8; the server's
    // payable/results/challan-deposits.ts).
    if (r.deposited) s.deposited = paise(s.deposited + r.deducted);
  }
  const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    months: [...months.entries()].sort(byKey).map(([, m]) => m),
    form3cd: [...sections.entries()].sort(byKey).map(([, s]) => s),
    summary: {
      totalEntries: results.length,
      glUnmapped,
      vendorMissing,
      errors,
      // Codes as written, counted once whatever their case or spacing.
      vendors: new Set([...vendors].map((v) => v.trim().toUpperCase())).size,
      byStatus,
      due: paise(due) as Paise,
      deducted: paise(deducted) as Paise,
    },
  };
};
