import { useForm } from '@mantine/form';
import { type Vendor, VendorInput } from '@taxrecon/contracts';
import type { z } from 'zod';
import { explainPan, fieldErrors } from './form-errors.ts';
import { type FormValues, toFormValues, VENDOR_SECTIONS } from './master-fields.ts';
import { aadhaarLinkForPan } from './vendor-rules.ts';

// the form holds text and switches; the contract's schema turns '' into null
export const vendorInput = (values: FormValues, vendorId?: string): z.input<typeof VendorInput> =>
  ({ ...values, ...(vendorId ? { vendorId } : {}) }) as z.input<typeof VendorInput>;

// The vendor form with the spec's PAN rule: a typed 10-character PAN of a
// non-individual sets the Aadhaar PAN link to Operative.
export function useVendorForm(vendor: Vendor | null) {
  const form = useForm<FormValues>({
    initialValues: toFormValues(VENDOR_SECTIONS, vendor),
    // the PAN's message says what a PAN looks like (session 40)
    validate: (values) => explainPan(fieldErrors(VendorInput, values)),
    onValuesChange: (values, previous) => {
      const pan = String(values.panNumber ?? '');
      if (pan === previous.panNumber) return;
      const link = aadhaarLinkForPan(pan);
      if (link && values.aadhaarPanLink !== link) form.setFieldValue('aadhaarPanLink', link);
    },
  });
  return form;
}
