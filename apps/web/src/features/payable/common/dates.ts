import { formatDate as formatDay } from '../../../lib/format.ts';

// '2024-04-21' -> '21 Apr 2024'; a dash where the entry has no date.
export const formatDate = (iso: string | null | undefined): string => formatDay(iso, '—');
