import { MONTH_NAMES } from '@taxrecon/shared';

// The months of a financial year, April to March (January to March belong to
// the following calendar year): value yyyy-mm, label 'April 2024'.
export const monthOptions = (fy: string | null): { value: string; label: string }[] => {
  if (!fy) return [];
  const start = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    const year = month >= 4 ? start : start + 1;
    return { value: `${year}-${String(month).padStart(2, '0')}`, label: `${MONTH_NAMES[month - 1]} ${year}` };
  });
};

// 1234567 bytes -> '1.2 MB'; small files in KB.
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
};
