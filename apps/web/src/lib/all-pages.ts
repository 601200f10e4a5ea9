// Every matching row of a server search, read in bounded pages. The screens
// show at most 1,000 rows (spec part 2 section 2.10, part 3 section 9), but an
// Excel export is what an accountant ties to Tally: a sheet silently cut at
// 1,000 rows is worse than none, so the export reads the whole search.

export interface PageAnswer<T> {
  records: readonly T[];
  totalRecords: number;
}

export class IncompleteExportError extends Error {}

export const readAllPages = async <T>(
  fetchPage: (page: number) => Promise<PageAnswer<T>>,
  pageSize: number,
): Promise<T[]> => {
  const first = await fetchPage(1);
  const total = first.totalRecords;
  const rows = [...first.records];
  const pages = Math.ceil(total / pageSize);
  for (let page = 2; page <= pages; page++) {
    const next = await fetchPage(page);
    // rows loaded or deleted while reading would shift the pages: a row
    // missed or read twice, and a sheet that no longer adds up
    if (next.totalRecords !== total) throw changedWhileReading(total, next.totalRecords);
    rows.push(...next.records);
  }
  if (rows.length !== total) throw changedWhileReading(total, rows.length);
  return rows;
};

const changedWhileReading = (expected: number, found: number) =>
  new IncompleteExportError(
    `The matching rows changed while they were being exported (${expected} when it began, ${found} now); nothing was saved. Export again.`,
  );
