import type { VendorSectionMapping } from '@taxrecon/contracts';
import { EXEMPTION_REASON_LABELS, EXEMPTION_REASONS } from '@taxrecon/shared';

// Spec part 1 section 4: a 10-character PAN whose 4th character (the holder type) is
// not 'P' belongs to a company, firm, trust or the like, which has no Aadhaar to
// link, so its Aadhaar PAN link is shown as Operative.
export const aadhaarLinkForPan = (pan: string): 'Operative' | null => {
  const typed = pan.trim().toUpperCase();
  return typed.length === 10 && typed[3] !== 'P' ? 'Operative' : null;
};

export interface SectionMappingValues {
  sectionNumber: string;
  subSection: string;
  tdsExempted: boolean;
  tdsExemptedFromDate: string | null;
  tdsExemptedToDate: string | null;
  // '' none (exempt, reason not recorded), else B, T or Z
  tdsExemptionReason: string;
  ltdcApplied: boolean;
  ltdcPercentage: string;
  ltdcAmount: string;
  ltdcFromDate: string | null;
  ltdcToDate: string | null;
}

export const EMPTY_MAPPING: SectionMappingValues = {
  sectionNumber: '',
  subSection: '',
  tdsExempted: false,
  tdsExemptedFromDate: null,
  tdsExemptedToDate: null,
  tdsExemptionReason: '',
  ltdcApplied: false,
  ltdcPercentage: '',
  ltdcAmount: '',
  ltdcFromDate: null,
  ltdcToDate: null,
};

export const mappingValues = (m: VendorSectionMapping): SectionMappingValues => ({
  sectionNumber: m.sectionNumber,
  subSection: m.subSection ?? '',
  tdsExempted: m.tdsExempted,
  tdsExemptedFromDate: m.tdsExemptedFromDate,
  tdsExemptedToDate: m.tdsExemptedToDate,
  tdsExemptionReason: m.tdsExemptionReason ?? '',
  ltdcApplied: m.ltdcApplied,
  ltdcPercentage: m.ltdcPercentage === null ? '' : String(m.ltdcPercentage),
  ltdcAmount: m.ltdcAmount === null ? '' : String(m.ltdcAmount),
  ltdcFromDate: m.ltdcFromDate,
  ltdcToDate: m.ltdcToDate,
});

// The reasons the dialog offers, Annexure 6's codes with what each stands for.
export const EXEMPTION_REASON_OPTIONS = [
  { value: '', label: 'Not recorded' },
  ...EXEMPTION_REASONS.map((r) => ({ value: r, label: `${r}: ${EXEMPTION_REASON_LABELS[r]}` })),
];

// The editor's toggles (spec part 1 section 4): a mapping is either TDS exempted or
// under a lower deduction certificate, so switching one on switches the other off;
// a flag switched off clears its dates, percentage and amount.
export const toggleExempted = (v: SectionMappingValues, on: boolean): SectionMappingValues =>
  on
    ? { ...toggleLtdc(v, false), tdsExempted: true }
    : {
        ...v,
        tdsExempted: false,
        tdsExemptedFromDate: null,
        tdsExemptedToDate: null,
        tdsExemptionReason: '',
      };

export const toggleLtdc = (v: SectionMappingValues, on: boolean): SectionMappingValues =>
  on
    ? { ...toggleExempted(v, false), ltdcApplied: true }
    : { ...v, ltdcApplied: false, ltdcPercentage: '', ltdcAmount: '', ltdcFromDate: null, ltdcToDate: null };

// The request body of the save call for a vendor's mapping (with the
// vendor's code, as the spec's body has it: part 1 section 7).
export const mappingRequest = (
  vendorId: string,
  v: SectionMappingValues,
  id?: string,
  vendorCode?: string,
) => ({
  ...(id ? { id } : {}),
  vendorId,
  ...(vendorCode ? { vendorCode } : {}),
  sectionNumber: v.sectionNumber,
  subSection: v.subSection,
  tdsExempted: v.tdsExempted,
  tdsExemptedFromDate: v.tdsExemptedFromDate ?? '',
  tdsExemptedToDate: v.tdsExemptedToDate ?? '',
  tdsExemptionReason: v.tdsExemptionReason,
  ltdcApplied: v.ltdcApplied,
  ltdcPercentage: v.ltdcPercentage,
  ltdcAmount: v.ltdcAmount,
  ltdcFromDate: v.ltdcFromDate ?? '',
  ltdcToDate: v.ltdcToDate ?? '',
});
