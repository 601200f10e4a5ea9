import { PayableGroupParams } from '@taxrecon/contracts';
import type { z } from 'zod';

export type ExploreGroup = z.output<typeof PayableGroupParams> & { subsection: string };

// The explore screen's query (spec part 3 section 2), checked with the route's own schema.
export const exploreGroupOf = (params: URLSearchParams): ExploreGroup | null => {
  const parsed = PayableGroupParams.safeParse({
    monthYear: params.get('monthYear') ?? '',
    section: params.get('section') ?? '',
    deducteeType: params.get('deducteeType') ?? '',
  });
  return parsed.success ? { ...parsed.data, subsection: params.get('subsection') ?? '' } : null;
};
