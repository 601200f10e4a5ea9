import { EXEMPTION_REASON_LABELS, type ExemptionReason, type FinancialYear } from '@taxrecon/shared';
import { maxUnits, type RateUnits, rateUnits } from './arithmetic.ts';
import { withinWindow } from './dates.ts';
import {
  customRuleFor,
  expenseMappingOn,
  findVendor,
  type Lookups,
  ruleSetFor,
  sectionTypeOn,
  vendorSectionMappings,
  vendorSectionMappingsOf,
} from './lookups.ts';
import { normaliseSection } from './sections.ts';
import type {
  DeducteeType,
  ErrorCode,
  LedgerEntry,
  PayableVendor,
  RateBasis,
  SectionSource,
  SectionType,
  VendorSectionMapping,
} from './types.ts';

// DOMAIN.md 7.1 to 7.4 for one entry: its vendor, section, deductee type,
// rate and exemption. Thresholds need the other entries and come after.

// 206AB (twice the rate, at least 5%) was omitted from 1 April 2025.
const SECTION_206AB_UNTIL = '2025-03-31';
const PAN_SHAPE = /^[A-Z]{3}[ABCEFGHJLPT][A-Z][0-9]{4}[A-Z]$/;

export type Classified =
  | {
      kind: 'final';
      status: 'error' | 'notApplicable' | 'exempt';
      errorCode: ErrorCode | null;
      vendor: PayableVendor | null;
      pan: string | null;
      deducteeType: DeducteeType | null;
      section: string | null;
      sectionSource: SectionSource | null;
      nonResident?: boolean;
      // exempt by a vendor section mapping that says why (Annexure 6's code)
      exemptReason?: ExemptionReason | null;
      why: string;
    }
  | {
      kind: 'pending';
      vendor: PayableVendor;
      pan: string | null;
      panValid: boolean;
      deducteeType: DeducteeType;
      section: string;
      sectionSource: SectionSource;
      // What the section came from, worded only when a reason is read.
      sectionDetail: string | null;
      type: SectionType;
      units: RateUnits;
      rateBasis: RateBasis;
      rateWhy: string;
      ldc: VendorSectionMapping | null;
      thresholdKey: string;
    };

const cleanPan = (raw: string | null): string | null => {
  const v = raw?.replace(/\s+/g, '').toUpperCase() ?? '';
  return v === '' ? null : v;
};

// The 4th letter of a PAN: C company; P individual, H HUF; anything else
// (firm, trust, AOP...) "others". Without a valid PAN the vendor type decides.
const deducteeTypeOf = (pan: string | null, panValid: boolean, vendorType: string | null): DeducteeType => {
  if (pan && panValid) {
    const letter = pan[3];
    if (letter === 'C') return 'company';
    if (letter === 'P' || letter === 'H') return 'individual';
    return 'others';
  }
  const t = vendorType?.toLowerCase();
  if (t === 'company') return 'company';
  if (t === 'personal' || t === 'individual') return 'individual';
  return 'others';
};

export const sectionText = (section: string, source: SectionSource, detail: string | null): string =>
  `${section} from ${SOURCE_TEXT[source]}${detail ?? ''}`;

const SOURCE_TEXT: Record<SectionSource, string> = {
  customRule: 'custom calculation rule',
  primaryExpenseKey: 'expense section mapping of the primary expense key',
  secondaryExpenseKey: 'expense section mapping of the secondary expense key',
  glCode: 'expense section mapping of the GL code',
  ruleSet: 'rule set',
  vendorMapping: "the vendor's only section mapping",
  ledger: 'the section the ledger gives',
  adjustment: 'the adjustment uploaded for this line',
};

interface RateInfo {
  units: RateUnits;
  rateBasis: RateBasis;
  rateWhy: string;
}

const rateOf = (
  type: SectionType,
  deducteeType: DeducteeType,
  pan: string | null,
  panValid: boolean,
  aadhaarPanLink: string | null,
  ab: boolean,
): RateInfo => {
  const normal = rateUnits(
    deducteeType === 'company'
      ? type.rateCompany
      : deducteeType === 'individual'
        ? type.rateIndividual
        : type.rateOthers,
  );
  let units = normal;
  let rateBasis: RateBasis = 'normal';
  const notes: string[] = [];
  const inoperative = aadhaarPanLink?.trim().toLowerCase() === 'inoperative';
  if (!panValid || inoperative) {
    const floor = rateUnits(type.rateNoPan ?? 20);
    const higher = maxUnits(normal, floor);
    notes.push(
      `206AA (${!pan ? 'no PAN' : !panValid ? `invalid PAN ${pan}` : 'PAN inoperative'}): the higher of ${normal / 10_000}% and ${floor / 10_000}%`,
    );
    if (higher > units) {
      units = higher;
      rateBasis = '206AA';
    }
  }
  if (ab) {
    const higher = maxUnits((normal * 2) as RateUnits, rateUnits(5));
    notes.push(`206AB (specified person): the higher of twice ${normal / 10_000}% and 5%`);
    if (higher > units) {
      units = higher;
      rateBasis = '206AB';
    }
  }
  const rateWhy = `${type.expenseType ? `${type.expenseType}: ` : ''}rate ${normal / 10_000}% for ${deducteeType === 'others' ? 'other payees' : deducteeType === 'company' ? 'a company' : 'an individual or HUF'}${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return { units, rateBasis, rateWhy };
};

type Final = Extract<Classified, { kind: 'final' }>;

const finalOf = (
  entry: LedgerEntry,
  status: Final['status'],
  errorCode: ErrorCode | null,
  why: string,
  extra: Partial<Omit<Final, 'kind' | 'status' | 'errorCode' | 'why'>> = {},
): Classified => ({
  kind: 'final',
  status,
  errorCode,
  why,
  vendor: null,
  pan: cleanPan(entry.panNo),
  deducteeType: null,
  section: null,
  sectionSource: null,
  ...extra,
});

// What depends on the vendor alone, worked out once per vendor with a PAN in
// the master (a vendor without one takes the PAN of each ledger line).
interface VendorProfile {
  pan: string | null;
  panValid: boolean;
  deducteeType: DeducteeType;
  thresholdKeys: Map<string, string>;
  // Rates by section type, without and with 206AB.
  rates: Map<SectionType, RateInfo>;
  ratesAb: Map<SectionType, RateInfo>;
}

const profileOf = (l: Lookups, vendor: PayableVendor, entryPan: string | null): VendorProfile => {
  const cached = l.profiles.get(vendor) as VendorProfile | undefined;
  if (cached) return cached;
  const own = cleanPan(vendor.pan);
  const pan = own ?? cleanPan(entryPan);
  const panValid = pan !== null && PAN_SHAPE.test(pan);
  const profile: VendorProfile = {
    pan,
    panValid,
    deducteeType: deducteeTypeOf(pan, panValid, vendor.vendorType),
    thresholdKeys: new Map(),
    rates: new Map(),
    ratesAb: new Map(),
  };
  // A vendor without a PAN of its own takes each line's: nothing to keep.
  if (own !== null) l.profiles.set(vendor, profile);
  return profile;
};

// Thresholds are per PAN (or vendor code without a valid one) and section.
// A section type with no threshold at all (194J(b)'s director fees) is
// always liable and counts apart: its payments do not carry the section's
// other types (professional fees) over their threshold.
const thresholdKeyOf = (
  profile: VendorProfile,
  vendor: PayableVendor,
  section: string,
  type: SectionType,
): string => {
  const apart =
    type.thresholdInvoice === null && type.thresholdMonthly === null && type.thresholdAnnually === null;
  const cacheKey = apart ? `${section}|none` : section;
  let key = profile.thresholdKeys.get(cacheKey);
  if (key === undefined) {
    key = `${profile.pan && profile.panValid ? profile.pan : `vendor:${vendor.vendorCode.trim().toUpperCase()}`}|${cacheKey}`;
    profile.thresholdKeys.set(cacheKey, key);
  }
  return key;
};

export const classifyEntry = (l: Lookups, fy: FinancialYear, entry: LedgerEntry): Classified => {
  const final = (
    status: Final['status'],
    errorCode: ErrorCode | null,
    why: string,
    extra: Partial<Omit<Final, 'kind' | 'status' | 'errorCode' | 'why'>> = {},
  ) => finalOf(entry, status, errorCode, why, extra);
  if (entry.readError) return final('error', entry.readError.code || 'UNREADABLE', entry.readError.reason);
  const date = entry.documentDate;
  if (date === null) return final('error', 'UNREADABLE', 'The line has no document date.');
  if (date < l.yearFrom || date > l.yearTo)
    return final('error', 'OUT_OF_YEAR', `Document date ${date} is outside financial year ${fy}.`);

  const vendor = findVendor(l, entry);
  if (!vendor) {
    const who = entry.vendorCode
      ? `Vendor code ${entry.vendorCode}`
      : entry.panNo
        ? `PAN ${entry.panNo}`
        : 'The line';
    return final(
      'error',
      'VENDOR_MISSING',
      `${who} ${entry.vendorCode || entry.panNo ? 'is not in the vendor master' : 'names no vendor'}.`,
    );
  }
  const profile = profileOf(l, vendor, entry.panNo);
  const { pan, panValid, deducteeType } = profile;
  // Built only for an entry that ends here (most entries go on to a rate).
  const known = () => ({ vendor, pan, deducteeType });

  // 7.1: the section, first source that gives one.
  let section: string | null = null;
  let source: SectionSource | null = null;
  let sourceDetail: string | null = null;
  let expenseType: string | null = null;
  let mappingExempt = false;
  // Expense section mapping: primary key, then secondary key, then GL code.
  for (let k = 0; k < 3 && !section; k++) {
    const src: SectionSource = k === 0 ? 'primaryExpenseKey' : k === 1 ? 'secondaryExpenseKey' : 'glCode';
    const value = k === 0 ? entry.primaryExpenseKey : k === 1 ? entry.secondaryExpenseKey : entry.glCode;
    const m = expenseMappingOn(l, value, date);
    if (m) {
      section = m.section;
      source = src;
      sourceDetail = ` ${value}`;
      expenseType = m.expenseType;
      mappingExempt = m.tdsExempted;
    }
  }
  if (!section) {
    const set = ruleSetFor(l, entry, vendor);
    if (set) {
      section = set.section;
      source = 'ruleSet';
      sourceDetail = ` '${set.name}'`;
    }
  }
  // the vendor as found: by the line's code, or by its PAN when it has none
  if (!section) {
    const sections = new Set(vendorSectionMappings(l, vendor.vendorCode).map((m) => m.section));
    if (sections.size === 1) {
      section = [...sections][0]!;
      source = 'vendorMapping';
    }
  }
  if (!section && entry.tdsSection) {
    section = normaliseSection(entry.tdsSection);
    if (section) source = 'ledger';
  }
  // Custom rules come first in DOMAIN 7.1; a force-N rule may name the section
  // it switches off, so the natural section is found before they are read.
  // A section set on the line by an adjustment is a person's decision for
  // that one line: it outranks the custom rules that speak for whole GL codes.
  const adjusted = entry.adjustedSection ? normaliseSection(entry.adjustedSection) : null;
  if (adjusted) {
    section = adjusted;
    source = 'adjustment';
    sourceDetail = null;
    expenseType = null;
    mappingExempt = false;
  }
  const rule = adjusted ? null : customRuleFor(l, entry, vendor.vendorCode, section);
  if (rule) {
    const what = `custom rule GL ${rule.glCode} / section ${rule.section} / vendor ${rule.vendorCode}`;
    if (!rule.forceApplyTds)
      return final('notApplicable', null, `No TDS: ${what} with force N.`, {
        ...known(),
        section,
        sectionSource: section ? 'customRule' : null,
      });
    if (rule.section !== 'ALL') {
      section = rule.section;
      source = 'customRule';
      sourceDetail = ` (${what})`;
      expenseType = null;
      mappingExempt = false;
    }
  }
  if (!section || !source) {
    const keys = [entry.primaryExpenseKey, entry.secondaryExpenseKey, entry.glCode]
      .filter(Boolean)
      .join(', ');
    return final(
      'error',
      'GL_UNMAPPED',
      `No section for this entry: no expense section mapping for ${keys || 'its keys (none given)'} valid on ${date}, no rule set, and the vendor has ${vendorSectionMappings(l, vendor.vendorCode).length === 0 ? 'no' : 'more than one'} section mapping.`,
      known(),
    );
  }
  const sectionWhy = () => sectionText(section!, source!, sourceDetail);
  const withSection = () => ({ ...known(), section, sectionSource: source });
  if (!vendor.resident)
    return final(
      'notApplicable',
      null,
      `${sectionWhy()}; vendor ${vendor.vendorCode} is not resident: its TDS belongs to 27Q, not 26Q, and is not computed here.`,
      { ...withSection(), nonResident: true },
    );

  const type = sectionTypeOn(l, section, date, expenseType);
  if (!type)
    return final(
      'error',
      'NO_RATE',
      `${sectionWhy()}; no section expense type of ${section} is in force on ${date}.`,
      withSection(),
    );

  // 7.4: exemptions.
  const vendorMappings = vendorSectionMappingsOf(l, vendor.vendorCode, section);
  const exemptBy = vendorMappings.find(
    (m) => m.tdsExempted && withinWindow(date, m.tdsExemptedFrom, m.tdsExemptedTo),
  );
  if (exemptBy || mappingExempt || type.tdsExempted) {
    // the mapping's reason, when it records one: the 26Q reports the entry
    // under its nil challan with that remark (docs/decisions.md, session 39)
    const exemptReason = exemptBy?.exemptReason ?? null;
    const why = exemptBy
      ? `${exemptReason ? `${EXEMPTION_REASON_LABELS[exemptReason]} (${exemptReason}); ` : ''}the vendor's section mapping exempts it${exemptBy.tdsExemptedFrom || exemptBy.tdsExemptedTo ? ` from ${exemptBy.tdsExemptedFrom ?? 'the start'} to ${exemptBy.tdsExemptedTo ?? 'no end date'}` : ''}`
      : mappingExempt
        ? 'the expense section mapping marks it exempt'
        : `section expense type ${type.expenseType ?? section} is exempt`;
    return final('exempt', null, `${sectionWhy()}; exempt: ${why}.`, { ...withSection(), exemptReason });
  }

  // 7.3: the rate. It depends only on the vendor, the section type and
  // whether 206AB still applies, so it is worked out once per such triple.
  const ab = vendor.compliance206AB && date <= SECTION_206AB_UNTIL;
  const rates = ab ? profile.ratesAb : profile.rates;
  let rate = rates.get(type);
  if (!rate) {
    rate = rateOf(type, deducteeType, pan, panValid, vendor.aadhaarPanLink, ab);
    rates.set(type, rate);
  }
  const { rateBasis } = rate;
  const adjustedRate = entry.adjustedRate ?? null;
  const units = adjustedRate === null ? rate.units : rateUnits(adjustedRate);
  const rateWhy = adjustedRate === null ? rate.rateWhy : `rate ${adjustedRate}% as adjusted for this line`;
  // An adjusted rate is the rate: a lower deduction certificate does not apply over it.
  const ldc =
    adjustedRate !== null
      ? null
      : (vendorMappings.find(
          (m) => m.ltdcApplied && m.ltdcRate !== null && withinWindow(date, m.ltdcFrom, m.ltdcTo),
        ) ?? null);
  const thresholdKey = thresholdKeyOf(profile, vendor, section, type);
  return {
    kind: 'pending',
    vendor,
    pan,
    panValid,
    deducteeType,
    section,
    sectionSource: source,
    sectionDetail: sourceDetail,
    type,
    units,
    rateBasis,
    rateWhy,
    ldc,
    thresholdKey,
  };
};
