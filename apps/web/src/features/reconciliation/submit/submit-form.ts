import type { MatchMode } from '@taxrecon/contracts';
import { RUPEES_INPUT } from '../common/money.ts';

export interface SubmitForm {
  notes: string;
  emailReportTo: string;
  tolerance: string;
  toleranceForOverallTotal: string;
  toleranceForTransactionAmountTotal: string;
  reconMatchMode: MatchMode;
}

// Spec section 1 and 9: tolerances default to 0, the match mode to the lenient one.
export const EMPTY_FORM: SubmitForm = {
  notes: '',
  emailReportTo: '',
  tolerance: '0',
  toleranceForOverallTotal: '0',
  toleranceForTransactionAmountTotal: '0',
  reconMatchMode: 'TaxOrSaleAmount',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOLERANCES = ['tolerance', 'toleranceForOverallTotal', 'toleranceForTransactionAmountTotal'] as const;

export type FormErrors = Partial<Record<keyof SubmitForm, string>>;

export const validateSubmit = (form: SubmitForm): FormErrors => {
  const errors: FormErrors = {};
  if (form.emailReportTo.trim() && !EMAIL.test(form.emailReportTo.trim()))
    errors.emailReportTo = 'Invalid Email Address';
  for (const key of TOLERANCES) {
    const value = form[key].trim();
    if (value && !RUPEES_INPUT.test(value)) errors[key] = 'Rupees, at most two decimals';
  }
  if (form.notes.length > 500) errors.notes = 'At most 500 characters';
  return errors;
};

// The submit call's query: empty fields are left out, so the server's defaults apply.
export const submitQuery = (form: SubmitForm, withMode: boolean) => ({
  notes: form.notes.trim() || undefined,
  emailReportTo: form.emailReportTo.trim() || undefined,
  tolerance: form.tolerance.trim() || undefined,
  toleranceForOverallTotal: form.toleranceForOverallTotal.trim() || undefined,
  toleranceForTransactionAmountTotal: form.toleranceForTransactionAmountTotal.trim() || undefined,
  reconMatchMode: withMode ? form.reconMatchMode : undefined,
});

export const MATCH_MODE_LABELS: Record<MatchMode, string> = {
  TaxOrSaleAmount: 'Tax or sale amount (default)',
  TaxAndSaleAmount: 'Tax and sale amount (strict)',
  TaxOnly: 'Tax only',
  SaleAmountOnly: 'Sale amount only',
};
