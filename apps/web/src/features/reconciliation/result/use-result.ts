import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  RESULT_PAGE_SIZE,
  type ReconCategory,
  type ReconKind,
  type ReconResultPage,
  reconciliationRoutes,
} from '@taxrecon/contracts';
import { useState } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';

export interface ReportSettings {
  // customers (entity ids) to show; none: all
  customers: string[];
  showMissingFromSales: boolean;
  showMissingFromTaxBook: boolean;
  showCompliant: boolean;
  // rupees; customers whose tax difference is below it are hidden
  ignoreDifferenceBelow: string;
}

export const DEFAULT_SETTINGS: ReportSettings = {
  customers: [],
  showMissingFromSales: true,
  showMissingFromTaxBook: true,
  showCompliant: true,
  ignoreDifferenceBelow: '',
};

export type ResultTab = ReconCategory | 'cloud';

// The orders a finance user asks of a tab of thousands of customers; the
// server sorts (GET .../job/:jobId/:page sortBy, sortDirection), then pages.
export const RESULT_SORTS = {
  name: { label: 'Name, A to Z', sortBy: 'name', sortDirection: 'asc' },
  largestDifference: {
    label: 'Largest tax difference first',
    sortBy: 'absoluteDiscrepancy',
    sortDirection: 'desc',
  },
  mostBookTax: { label: 'Most tax per the books first', sortBy: 'bookTax', sortDirection: 'desc' },
  most26asTax: { label: 'Most tax per 26AS first', sortBy: 'taxBookTax', sortDirection: 'desc' },
  leastMatched: { label: 'Least matched first', sortBy: 'matchedPercentage', sortDirection: 'asc' },
  tan: { label: 'TAN', sortBy: 'tan', sortDirection: 'asc' },
} as const;
export type ResultSort = keyof typeof RESULT_SORTS;

// A job still running: its figures are refreshed until every batch is in.
export const stillRunning = (data: ReconResultPage | undefined): boolean =>
  !!data &&
  (data.jobParams.status === 'InProgress' || data.jobParams.status === 'Queued' || data.batchProgress < 100);

// The state of a result screen and the one page of one tab it shows. The
// server pages and counts: a job of a million rows opens as fast as a small one.
export function useResult(kind: ReconKind, jobId: string) {
  const queryClient = useQueryClient();
  const [tab, setTabState] = useState<ResultTab>('partialMatches');
  const [category, setCategory] = useState<ReconCategory>('partialMatches');
  const [page, setPage] = useState(1);
  const [searchTerm, setSearchTerm] = useState('');
  const [settings, setSettings] = useState<ReportSettings>(DEFAULT_SETTINGS);
  const [sort, setSortState] = useState<ResultSort>('name');

  const query = {
    matchType: category,
    searchTerm: searchTerm || undefined,
    ignoreDifferenceBelow: settings.ignoreDifferenceBelow || undefined,
    pageSize: String(RESULT_PAGE_SIZE),
    sortBy: RESULT_SORTS[sort].sortBy,
    sortDirection: RESULT_SORTS[sort].sortDirection,
  };
  const body = { customers: settings.customers };
  const options = {
    enabled: !!jobId,
    placeholderData: keepPreviousData,
    refetchInterval: (q: { state: { data: ReconResultPage | undefined } }) =>
      stillRunning(q.state.data) ? 3000 : false,
  };
  const tds = useApiQuery(
    searchTerm ? reconciliationRoutes.tdsResultSearch : reconciliationRoutes.tdsResultPage,
    { params: { jobId, page: String(page) }, query, body },
    { ...options, enabled: options.enabled && kind === 'TDS' },
  );
  const tcs = useApiQuery(
    reconciliationRoutes.tcsResultPage,
    { params: { jobId }, query: { ...query, page: String(page) }, body },
    { ...options, enabled: options.enabled && kind === 'TCS' },
  );
  const result = kind === 'TDS' ? tds : tcs;

  return {
    result,
    tab,
    // Spec 2.4: changing tab resets the page and selects the match type.
    setTab: (next: ResultTab) => {
      setTabState(next);
      if (next !== 'cloud') {
        setCategory(next);
        setPage(1);
      }
    },
    category,
    page,
    setPage,
    searchTerm,
    search: (term: string) => {
      setSearchTerm(term.trim());
      setPage(1);
    },
    sort,
    setSort: (next: ResultSort) => {
      setSortState(next);
      setPage(1);
    },
    settings,
    applySettings: (next: ReportSettings) => {
      setSettings(next);
      setPage(1);
    },
    // everything of the job, the summary and insights included
    refresh: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'api' && JSON.stringify(q.queryKey).includes(jobId),
      }),
  };
}

export type ResultState = ReturnType<typeof useResult>;

// The entries of the tab on screen (TCS names missing-from-sales missingFromPurchase).
export const entriesOf = (data: ReconResultPage | undefined, category: ReconCategory) => {
  if (!data) return [];
  if (category === 'missingFromSales' && data.missingFromSales.length === 0) return data.missingFromPurchase;
  return data[category];
};
