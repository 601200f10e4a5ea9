import { describe, expect, it } from 'vitest';
import { readAllPages } from './all-pages.ts';

// Session 40: Search 26AS Entries matched 1,550 rows and its Excel export
// held the first 1,000. The export now reads every page of the search.
const server = (total: number, pageSize: number, changeAt?: number) => {
  const asked: number[] = [];
  const fetchPage = async (page: number) => {
    asked.push(page);
    const count = changeAt !== undefined && page >= changeAt ? total + 1 : total;
    const start = (page - 1) * pageSize;
    const records = Array.from(
      { length: Math.max(0, Math.min(pageSize, count - start)) },
      (_, i) => start + i,
    );
    return { records, totalRecords: count };
  };
  return { fetchPage, asked };
};

describe('readAllPages: every matching row, a bounded page at a time', () => {
  it.each([
    [1550, 1000, [1, 2]],
    [2033, 1000, [1, 2, 3]],
    [1000, 1000, [1]],
    [0, 1000, [1]],
  ])('%i matching rows in pages of %i', async (total, pageSize, pages) => {
    const s = server(total, pageSize);
    const rows = await readAllPages(s.fetchPage, pageSize);
    expect(rows).toHaveLength(total);
    expect(new Set(rows).size).toBe(total);
    expect(s.asked).toEqual(pages);
  });

  it('refuses a sheet that would not add up when rows change while reading', async () => {
    const s = server(1550, 1000, 2);
    await expect(readAllPages(s.fetchPage, 1000)).rejects.toThrow(/changed while they were being exported/);
  });
});
