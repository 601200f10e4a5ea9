import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ApiRoute } from '@taxrecon/contracts';
import type { z } from 'zod';
import { type CallOptions, call } from './client.ts';

type Schema = z.ZodType;

// Query keys start with 'api' and the route path, so a feature can invalidate
// every query of a route (or of a path prefix such as '/job').
export const apiKey = (route: { path: string }, options?: object): QueryKey =>
  options ? ['api', route.path, options] : ['api', route.path];

export function useApiQuery<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
>(
  route: ApiRoute<P, Q, B, R>,
  options: CallOptions<P, Q, B>,
  queryOptions: Omit<UseQueryOptions<z.output<R>>, 'queryKey' | 'queryFn'> = {},
) {
  const run = call as (r: ApiRoute<P, Q, B, R>, o: CallOptions<P, Q, B>) => Promise<z.output<R>>;
  return useQuery<z.output<R>>({
    queryKey: apiKey(route, options),
    queryFn: () => run(route, options),
    ...queryOptions,
  });
}

export const isJobQuery = (key: QueryKey): boolean =>
  key[0] === 'api' && typeof key[1] === 'string' && key[1].startsWith('/job');
