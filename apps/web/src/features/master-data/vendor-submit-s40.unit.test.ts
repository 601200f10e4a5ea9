import { VendorInput } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { explainPan, fieldErrors, firstInvalidField, PAN_SHAPE } from './form-errors.ts';
import { VENDOR_SECTIONS } from './master-fields.ts';

// Session 40: Create Vendor with PAN 12345ABCDE seemed to do nothing: the
// only message, 'Invalid PAN Number', sat above the screen. The refused
// submit now goes to the first field in error, and the message says what a
// PAN looks like.
describe('a refused Create Vendor', () => {
  const order = VENDOR_SECTIONS.flatMap((s) => s.fields.map((f) => f.key));
  const errorsOf = (values: Record<string, string>) => explainPan(fieldErrors(VendorInput, values));

  it('says what a PAN looks like', () => {
    const errors = errorsOf({ vendorCode: 'V-1', vendorName: 'Blue Dart', panNumber: '12345ABCDE' });
    expect(PAN_SHAPE).toBe('PAN is 10 characters: 5 letters, 4 digits, 1 letter, e.g. AAACA1234Q.');
    expect(errors.panNumber).toBe(`Invalid PAN Number. ${PAN_SHAPE}`);
  });

  it('goes to the first field in error in the order the form shows them', () => {
    expect(
      firstInvalidField(order, errorsOf({ vendorCode: 'V-1', vendorName: 'Blue Dart', panNumber: 'X' })),
    ).toBe('panNumber');
    expect(
      firstInvalidField(order, errorsOf({ vendorCode: '', vendorName: 'Blue Dart', panNumber: 'X' })),
    ).toBe('vendorCode');
    expect(firstInvalidField(order, {})).toBeNull();
    // an error of a field the form does not show (a rule across fields) still goes somewhere
    expect(firstInvalidField(order, { 'children.0.name': 'bad' })).toBe('children.0.name');
  });
});
