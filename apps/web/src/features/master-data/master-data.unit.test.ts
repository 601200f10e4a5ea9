import { CustomerInput, VendorSectionMappingInput } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './form-errors.ts';
import {
  aadhaarLinkForPan,
  EMPTY_MAPPING,
  mappingRequest,
  toggleExempted,
  toggleLtdc,
} from './vendor-rules.ts';

const VENDOR = '5b3f7c8e-2a4b-4c6d-8e9f-0a1b2c3d4e5f';

describe('vendor PAN rule', () => {
  it.each([
    ['AAACA1234K', 'Operative'],
    ['aaafb5678l', 'Operative'],
    ['ABCPE1234F', null],
    ['AAAC', null],
  ])('PAN %s sets the Aadhaar PAN link to %s', (pan, link) => {
    expect(aadhaarLinkForPan(pan)).toBe(link);
  });
});

describe('section mapping editor', () => {
  it('keeps the two flags apart and clears what a flag switched off governs', () => {
    const ltdc = { ...toggleLtdc(EMPTY_MAPPING, true), ltdcPercentage: '1', ltdcFromDate: '2024-04-01' };
    const exempted = toggleExempted(ltdc, true);
    expect(exempted).toMatchObject({
      tdsExempted: true,
      ltdcApplied: false,
      ltdcPercentage: '',
      ltdcFromDate: null,
    });
    expect(
      toggleExempted({ ...exempted, tdsExemptedFromDate: '2024-04-01' }, false).tdsExemptedFromDate,
    ).toBeNull();
  });

  it('builds a request the contract accepts, and reports its own messages by field', () => {
    const values = { ...toggleLtdc({ ...EMPTY_MAPPING, sectionNumber: '194J' }, true), ltdcPercentage: '2' };
    expect(VendorSectionMappingInput.safeParse(mappingRequest(VENDOR, values)).success).toBe(true);
    const missing = { ...values, ltdcPercentage: '' };
    expect(fieldErrors(VendorSectionMappingInput, mappingRequest(VENDOR, missing))).toEqual({
      ltdcPercentage: 'LDC percentage is required',
    });
  });
});

describe("a mapping's reason for exemption", () => {
  it('goes with the exemption: cleared when it is switched off, refused under the wrong section', () => {
    const t = {
      ...toggleExempted({ ...EMPTY_MAPPING, sectionNumber: '194C' }, true),
      tdsExemptionReason: 'T',
    };
    expect(VendorSectionMappingInput.parse(mappingRequest(VENDOR, t)).tdsExemptionReason).toBe('T');
    expect(toggleExempted(t, false).tdsExemptionReason).toBe('');
    expect(
      VendorSectionMappingInput.parse(mappingRequest(VENDOR, { ...EMPTY_MAPPING, sectionNumber: '194C' }))
        .tdsExemptionReason,
    ).toBeNull();
    expect(
      fieldErrors(VendorSectionMappingInput, mappingRequest(VENDOR, { ...t, sectionNumber: '194J' })),
    ).toEqual({
      tdsExemptionReason:
        "Reason for exemption: T (transporter's declaration under 194C(6)) is for section 194C only, not 194J",
    });
  });
});

describe('customer form checks', () => {
  it('gives the spec rules per field', () => {
    const errors = fieldErrors(CustomerInput, {
      customerName: 'AB',
      panNumber: 'ABC',
      contactPhone: '12345',
    });
    expect(errors.customerName).toBe('Customer Name must be at least 3 characters');
    expect(errors.panNumber).toBe('Invalid PAN Number');
    expect(errors.contactPhone).toBe('Phone must have at least 10 digits');
  });
});
