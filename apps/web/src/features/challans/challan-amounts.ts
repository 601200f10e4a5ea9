import { CHALLAN_AMOUNT_FIELDS, type ChallanFormValues } from '@taxrecon/contracts';
import { plainRupees } from '../../lib/plain-rupees.ts';

// The challan dialog's amounts as the API takes them: "1,000" or "₹1,05,942"
// as typed from the counterfoil is read, not refused (lib/plain-rupees.ts).
export const withPlainAmounts = (v: ChallanFormValues): ChallanFormValues => {
  const out = { ...v };
  for (const f of CHALLAN_AMOUNT_FIELDS) out[f] = plainRupees(v[f]);
  return out;
};
