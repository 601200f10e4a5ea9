import { lateDepositInterest } from '@taxrecon/engine';
import { paiseOfNumeric } from '@taxrecon/shared';

// Tax deducted in a month is taken as deducted in that month: interest for a
// late deposit counts from the month of the line (calendar months or part).
export const challanInterestDue = (r: {
  month: string;
  tax_amount: string;
  date_of_deposit: string;
}): number => lateDepositInterest(paiseOfNumeric(r.tax_amount), `${r.month}-01`, r.date_of_deposit);
