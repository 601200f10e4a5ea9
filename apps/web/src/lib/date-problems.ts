import { useCallback, useState } from 'react';

// The date fields of a dialog that hold text which is not a day, each with
// DayInput's message. DayInput then sets the field's value to '' and a plain
// <form> will not submit past it, but a dialog saves on a click: it asks here
// and keeps Save disabled, rather than save the date as empty.
export type DateProblems = Readonly<Record<string, string>>;

// The problems after one field's report (null: the field reads as a day or is blank).
export const withDateProblem = (all: DateProblems, field: string, message: string | null): DateProblems => {
  if (message === null) {
    if (!(field in all)) return all;
    const { [field]: _gone, ...rest } = all;
    return rest;
  }
  return all[field] === message ? all : { ...all, [field]: message };
};

// The first message of a field still in use: a disabled field is not saved,
// so text left in it stops nothing.
export const firstDateProblem = (
  all: DateProblems,
  inUse: (field: string) => boolean = () => true,
): string | null => Object.entries(all).find(([field]) => inUse(field))?.[1] ?? null;

// For a dialog: `reportFor(field)` is the field's DayInput onProblem; `clear`
// forgets them all when the dialog opens afresh.
export function useDateProblems() {
  const [problems, setProblems] = useState<DateProblems>({});
  const reportFor = useCallback(
    (field: string) => (message: string | null) => setProblems((all) => withDateProblem(all, field, message)),
    [],
  );
  const clear = useCallback(() => setProblems({}), []);
  return { problems, reportFor, clear };
}
