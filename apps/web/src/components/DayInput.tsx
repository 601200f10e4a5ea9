import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseTypedDay } from '../lib/typed-day.ts';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  // 'yyyy-mm-dd', or '' for none (the form state of the screens that use it)
  value: string | null | undefined;
  onChange: (iso: string) => void;
};

// A day picked or typed as the rest of the app writes it (07 May 2024), and
// typed day first (07/05/2024 is 7 May). The browser's own date field
// follows the browser's locale, so a user on an en-US browser saw
// mm/dd/yyyy beside our dd mmm yyyy; this one does not.
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  return (
    <DateInput
      placeholder="dd mmm yyyy"
      clearable
      {...props}
      valueFormat="DD MMM YYYY"
      dateParser={parseTypedDay}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
