import { format, isValid, parseISO } from 'date-fns';

// '2024-04-21' -> '21 Apr 2024'
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd MMM yyyy') : iso;
};
