// A day typed into a date field, read the way an Indian user writes it: day
// first. The date field's own reader hands anything but yyyy-mm-dd to
// `new Date`, which reads 07/05/2024 as 5 July.
// Gives 'yyyy-mm-dd', or null when the text is not a day of the calendar.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const isoOf = (year: number, month: number, day: number): string | null => {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

export const parseTypedDay = (text: string): string | null => {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  // 07/05/2024, 07-05-2024, 07.05.2024, 7/5/24
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return isoOf(year, Number(m[2]), Number(m[1]));
  }
  // 07 May 2024, 7-may-2024, 07 May, 2024
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})[\s,-]+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    return month === 0 ? null : isoOf(Number(m[3]), month, Number(m[1]));
  }
  return null;
};
