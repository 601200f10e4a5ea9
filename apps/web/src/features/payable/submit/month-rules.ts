import type { PayableMonthOption } from '@taxrecon/contracts';
import type { z } from 'zod';

export type Month = z.infer<typeof PayableMonthOption>;

// Spec part 3 section 4 "34A month availability": a month whose previous month
// is not computed yet, or whose results are verified (locked), cannot be chosen.
export const monthBlockedReason = (m: Month): string | null => {
  if (m.verified) return 'Verified: the results of this month are locked';
  if (m.missingPrevious) return 'Calculate the previous month first';
  return null;
};
