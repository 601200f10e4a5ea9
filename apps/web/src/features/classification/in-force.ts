import type { SectionExpenseTypeView } from '@taxrecon/contracts';
import { format } from 'date-fns';

// the user's own calendar day, not UTC's (India is 5.5 hours ahead)
const todayIso = () => format(new Date(), 'yyyy-MM-dd');

// The expense type in force today (the latest one when none is), so the rates
// and thresholds a person needs are read at a glance above the full history.
export const inForce = (
  types: readonly SectionExpenseTypeView[],
  today = todayIso(),
): SectionExpenseTypeView | null => {
  const current = types.filter(
    (t) => t.applicableFromDate <= today && (t.applicableToDate === null || t.applicableToDate >= today),
  );
  const pool = current.length > 0 ? current : [...types];
  return pool.sort((a, b) => b.applicableFromDate.localeCompare(a.applicableFromDate))[0] ?? null;
};
