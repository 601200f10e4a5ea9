import { searchRoutes, type YearDataKind } from '@taxrecon/contracts';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../api/hooks.ts';
import {
  latestYearWithData,
  markYearsWithData,
  type YearListKind,
  type YearOption,
  yearLabel,
  yearOptions,
} from './financial-years.ts';

const NONE: string[] = [];

export interface YearPicker {
  options: YearOption[];
  // the chosen year ('2024-25'), or until the user chooses, the latest offered year with data
  year: string | null;
  setYear: (fy: string | null) => void;
  hasData: (fy: string | null) => boolean;
  // the years with data have been fetched (so "no data" is known, not guessed)
  known: boolean;
}

// A year picker that lists the years of its screen (spec per screen), marks
// which hold data and starts on the latest that does. `start: false` only
// marks them: a delete screen or a search filter must not pick for the user.
export const useYearPicker = (
  kind: YearListKind,
  data: YearDataKind | null,
  options: { initial?: string | null; start?: boolean } = {},
): YearPicker => {
  const withData = useApiQuery(
    searchRoutes.financialYearsWithData,
    { query: { book: data ?? 'sales' } },
    // asked again on every screen that shows the picker: an upload on the screen before
    // may have just given a year its first data
    { enabled: data !== null, staleTime: 0 },
  );
  const dataYears = withData.data?.years ?? NONE;
  // the same list while the answer is the same, for pickers kept in memoised forms
  const offered = useMemo(() => markYearsWithData(yearOptions(kind), dataYears), [kind, dataYears]);
  const initial =
    options.initial && offered.some((o) => o.value === options.initial) ? options.initial : null;
  const [chosen, setChosen] = useState<string | null>(initial);
  const year = chosen ?? (options.start === false ? null : latestYearWithData(offered, dataYears));
  return {
    options: offered,
    year,
    setYear: setChosen,
    hasData: (fy) => !!fy && dataYears.includes(fy),
    known: withData.isSuccess,
  };
};

// The reason a Start or Submit is disabled for want of data.
export const noDataReason = (what: string, fy: string): string => `no ${what} for ${yearLabel(fy)}`;
