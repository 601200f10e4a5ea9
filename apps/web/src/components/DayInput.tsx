import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { parseTypedDay, readTypedDay } from '../lib/typed-day.ts';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  // 'yyyy-mm-dd', or '' for none (the form state of the screens that use it)
  value: string | null | undefined;
  onChange: (iso: string) => void;
  // The message while the typed text is not a day, null once it is (or is
  // blank). A form stops its submit while a field holds a message: the value
  // is then '' and would otherwise be sent as "no date".
  onProblem?: (message: string | null) => void;
};

const isoOf = (d: DateInputProps['minDate']): string | undefined =>
  d === undefined ? undefined : dayjs(d).format('YYYY-MM-DD');

// A day picked or typed as the rest of the app writes it (07 May 2024), and
// typed day first (07/05/2024 is 7 May). The browser's own date field
// follows the browser's locale, so a user on an en-US browser saw
// mm/dd/yyyy beside our dd mmm yyyy; this one does not.
//
// Text that is not a day stays in the field, marked with why (the field used
// to put back its placeholder, and a search then ran without the date). The
// input is also marked invalid for the browser, so a plain <form> will not
// submit past it.
export function DayInput({ value, onChange, onProblem, onInput, onBlur, error, ...props }: DayInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const name = typeof props.label === 'string' ? props.label : (props['aria-label'] ?? 'Date');
  const report = (message: string | null) => {
    setProblem(message);
    onProblem?.(message);
  };
  // a day set from outside (picked in the calendar, a form filled in) replaces the text
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new day clears the message
  useEffect(() => {
    if (value && problem) report(null);
  }, [value]);
  useEffect(() => input.current?.setCustomValidity(problem ?? ''), [problem]);
  return (
    <DateInput
      placeholder="dd mmm yyyy"
      clearable
      {...props}
      ref={input}
      valueFormat="DD MMM YYYY"
      dateParser={parseTypedDay}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      // a day is rewritten as 07 May 2024 on leaving the field; other text stays as typed
      fixOnBlur={problem === null}
      error={problem && !typing ? problem : error}
      onInput={(e) => {
        onInput?.(e);
        setTyping(true);
        const read = readTypedDay(name, e.currentTarget.value, {
          min: isoOf(props.minDate),
          max: isoOf(props.maxDate),
        });
        // a day or blank reaches onChange from the field itself; text that is
        // not a day must not leave the last day it read in the form
        if (read.kind === 'invalid' && value) onChange('');
        report(read.kind === 'invalid' ? read.message : null);
      }}
      onBlur={(e) => {
        setTyping(false);
        onBlur?.(e);
      }}
    />
  );
}
