// Business dates are ISO yyyy-mm-dd strings; they compare as text.

export const monthOf = (isoDate: string): string => isoDate.slice(0, 7);

export const withinWindow = (date: string, from: string | null, to: string | null): boolean =>
  (from === null || from <= date) && (to === null || date <= to);

const monthIndex = (isoDate: string): number =>
  Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

// Months "or part of a month" between two dates for interest under 201(1A):
// calendar months counted from the month of the first date to the month of
// the second, both included (how TRACES computes it in practice; Rule 119A
// makes any part of a month a whole month). Nothing when the second date is
// not after the first.
export const monthsOrPart = (from: string, to: string): number =>
  to <= from ? 0 : monthIndex(to) - monthIndex(from) + 1;

// Tax deducted in a month is due to the government by the 7th of the next
// month; for March, by 30 April.
export const depositDueDate = (deductionDate: string): string => {
  const year = Number(deductionDate.slice(0, 4));
  const month = Number(deductionDate.slice(5, 7));
  if (month === 3) return `${year}-04-30`;
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-07`;
};
