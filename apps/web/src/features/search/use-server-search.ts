import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchTotals } from '@taxrecon/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { readAllPages } from '../../lib/all-pages.ts';
import { exportRows } from '../../lib/export-rows.ts';
import { formatCount } from '../../lib/format.ts';
import type { CellValue } from '../../lib/xlsx.ts';

export const SEARCH_PAGE_SIZE = 50;
// Spec part 2 section 2.10: at most 1000 records are shown. The export is not
// the screen: it holds every matching row, read 1000 (the API's largest page) at a time.
export const DISPLAY_LIMIT = 1000;
const EXPORT_PAGE_SIZE = 1000;

export interface Paging {
  page: number;
  pageSize: number;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
}

export interface SearchAnswer<T> {
  records: T[];
  totalRecords: number;
  totals: z.output<typeof SearchTotals>;
}

export interface Sort {
  columnAccessor: string;
  direction: 'asc' | 'desc';
}

// A server-side search: the submitted filters, the page and the sort are the query
// key; the previous page stays on screen while the next one loads.
export function useServerSearch<F extends object, T>(
  name: string,
  fetch: (body: F & Paging) => Promise<SearchAnswer<T>>,
  initialFilters: F,
  initialSort: Sort,
) {
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(initialSort);
  const [exporting, setExporting] = useState(false);
  const body = (p: number, pageSize: number): F & Paging => ({
    ...filters,
    page: p,
    pageSize,
    sortBy: sort.columnAccessor,
    sortDirection: sort.direction,
  });
  const query = useQuery({
    queryKey: ['api', '/search', name, filters, page, sort],
    queryFn: () => fetch(body(page, SEARCH_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

  // every matching row, not only the page on screen nor the 1000 shown
  const exportAll = async (fileName: string, columns: { title: string; value: (row: T) => CellValue }[]) => {
    setExporting(true);
    try {
      const rows = await readAllPages((p) => fetch(body(p, EXPORT_PAGE_SIZE)), EXPORT_PAGE_SIZE);
      await exportRows(fileName, columns, rows);
      notifications.show({
        color: 'green',
        message: `All ${formatCount(rows.length)} matching rows were exported to ${fileName}.xlsx.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return {
    query,
    filters,
    search: (next: F) => {
      setFilters(next);
      setPage(1);
    },
    page,
    setPage,
    sort,
    setSort: (next: Sort) => {
      setSort(next);
      setPage(1);
    },
    exportAll,
    exporting,
  };
}

export type ServerSearch<F extends object, T> = ReturnType<typeof useServerSearch<F, T>>;
