// A day as the screens write it: '2024-05-07' is '07 May 2024'. Server
// messages that name a day (a challan's deposit, an entry's date) use it, so
// the user reads the day the way the table beside the message shows it.
// Anything that is not an ISO day is returned as written.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The months as a message, a label or a picker names them, January first:
// one list for the server, the web client and the file readers.
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const dayText = (iso: string | null | undefined): string => {
  const text = iso?.trim() ?? '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${m[3]} ${month} ${m[1]}` : text;
};
